package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.message.Message;

/**
 * Uploads to this server's bitarchives, of every replica: what reaches a replica's {@code
 * <ENV>_<REPLICA>_ANY_BA} is diverted to {@code <ENV>_COMMON_BITARCHIVE_UPLOADS}.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_BITARCHIVE_UPLOADS"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "8")
    })
public class BitarchiveUploadConsumer extends BitarchiveConsumer {

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    upload(message, raw);
  }
}
