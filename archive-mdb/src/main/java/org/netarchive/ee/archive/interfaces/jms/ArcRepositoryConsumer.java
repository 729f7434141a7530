package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import org.netarchive.ee.archive.application.ArcRepository;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.Message;

/** Store requests and the bitarchives' answers on {@code <ENV>_COMMON_THE_REPOS}. */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_THE_REPOS"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "8")
    })
public class ArcRepositoryConsumer extends JsonMessageListener {

  @Inject private ArcRepository repository;

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    repository.handle(message, raw.getJMSReplyTo());
  }
}
