package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.message.Message;

/** Uploads to the bitarchive of the first replica, on its {@code <ENV>_<REPLICA>_ANY_BA}. */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/replica1/ANY_BA"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")
    })
public class FirstReplicaUploadConsumer extends BitarchiveConsumer {

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    upload(message, 1);
  }
}
