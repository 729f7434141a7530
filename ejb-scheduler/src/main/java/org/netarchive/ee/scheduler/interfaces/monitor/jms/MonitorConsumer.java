package org.netarchive.ee.scheduler.interfaces.monitor.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.scheduler.application.SystemMonitor;

/**
 * Pings and heartbeats on {@code <ENV>_COMMON_MONITOR}, one at a time: a component's first
 * heartbeats insert its status row, and two of them handled at once would both insert it (one then
 * fails on the key and is delivered again); one session also keeps each sender's heartbeats in
 * order. They are small and few (one per component every few seconds).
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_MONITOR"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1")
    })
public class MonitorConsumer extends JsonMessageListener {

  @Inject private SystemMonitor monitor;

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    monitor.handle(message, raw.getJMSReplyTo());
  }
}
