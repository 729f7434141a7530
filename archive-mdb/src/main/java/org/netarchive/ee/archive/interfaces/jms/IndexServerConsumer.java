package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.archive.application.IndexServer;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.IndexRequest;
import org.netarchive.ee.common.message.Message;

/** Index requests on {@code <ENV>_COMMON_INDEX_SERVER}, answered at their JMSReplyTo. */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_INDEX_SERVER"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")
    })
public class IndexServerConsumer extends JsonMessageListener {

  @EJB private IndexServer indexServer;

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    if (!(message instanceof IndexRequest request)) {
      throw new IllegalArgumentException(
          "The index server takes IndexRequest messages, not "
              + message.getClass().getSimpleName());
    }
    indexServer.request(request, raw.getJMSReplyTo());
  }
}
