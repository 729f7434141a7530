package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.message.Message;

/**
 * A bitarchive node's requests (checksum, get file, get record, batch, correction): the central
 * server copies what reaches the node replica's topic {@code <ENV>_<REPLICA>_ALL_BA} into the
 * durable queue {@code <ENV>_<REPLICA>_NODE_REQUESTS} on its broker (ReplicaDestinations), which
 * configure-node.cli binds on the node at {@code java:/jms/netarchive/NODE_REQUESTS}. A queue, not
 * a subscription of the node's: the node's account needs no right to make queues on the central's
 * broker, and a request sent while the node is down waits for it.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/NODE_REQUESTS"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "8")
    })
public class NodeRequestConsumer extends BitarchiveConsumer {

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    request(message, raw);
  }
}
