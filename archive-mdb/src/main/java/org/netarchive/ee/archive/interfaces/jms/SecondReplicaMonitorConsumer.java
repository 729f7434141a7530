package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.message.Message;

/** The monitor of the second replica, on its {@code <ENV>_<REPLICA>_THE_BAMON}. */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/replica2/THE_BAMON"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")
    })
public class SecondReplicaMonitorConsumer extends MonitorConsumer {

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    dispatch(message, raw.getJMSReplyTo(), 2);
  }
}
