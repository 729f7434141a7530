package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.message.Message;

/**
 * Checksum, get-file, get-record, batch and correction requests to every bitarchive of a replica,
 * for this server's instances of every replica: a copy of what reaches a replica's topic {@code
 * <ENV>_<REPLICA>_ALL_BA} is diverted to the durable queue {@code
 * <ENV>_COMMON_BITARCHIVE_REQUESTS}, so a request sent while the server starts is not lost.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_BITARCHIVE_REQUESTS"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "8")
    })
public class BitarchiveRequestConsumer extends BitarchiveConsumer {

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    request(message, raw);
  }
}
