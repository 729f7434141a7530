package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import org.netarchive.ee.archive.application.Bitarchive;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.UploadRequest;

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

  @Inject private Bitarchive bitarchive;

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    if (!(addressed(message, 1) instanceof UploadRequest upload)) {
      throw new IllegalArgumentException(
          "The bitarchives' upload queue takes UploadRequest messages, not "
              + message.getClass().getSimpleName());
    }
    bitarchive.upload(upload);
  }
}
