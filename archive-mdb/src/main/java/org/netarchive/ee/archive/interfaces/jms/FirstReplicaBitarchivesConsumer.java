package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.message.Message;

/**
 * Checksum, get-file, get-record and batch requests to every bitarchive of the first replica, on
 * its topic {@code <ENV>_<REPLICA>_ALL_BA}. The subscription is durable, so a request sent while
 * the server starts is not lost.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/replica1/ALL_BA"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Topic"),
      @ActivationConfigProperty(propertyName = "subscriptionDurability", propertyValue = "Durable"),
      @ActivationConfigProperty(
          propertyName = "subscriptionName",
          propertyValue = "netarchive-bitarchive-replica1"),
      @ActivationConfigProperty(
          propertyName = "clientId",
          propertyValue = "netarchive-bitarchive-replica1"),
      @ActivationConfigProperty(propertyName = "shareSubscriptions", propertyValue = "true"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")
    })
public class FirstReplicaBitarchivesConsumer extends BitarchiveConsumer {

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    request(message, raw.getJMSReplyTo(), 1);
  }
}
