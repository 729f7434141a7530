package org.netarchive.ee.scheduler.interfaces.job.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.scheduler.application.fleet.AgentFleet;
import org.netarchive.ee.scheduler.application.job.JobStatusUpdates;

/**
 * The agents' job reports and their answers to operator commands on {@code <ENV>_COMMON_THE_SCHED}.
 * One session, so that the reports of a job, and the answers to a stop among them, are applied in
 * the order they were sent.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_THE_SCHED"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1")
    })
public class JobStatusConsumer extends JsonMessageListener {

  @Inject private JobStatusUpdates updates;
  @Inject private AgentFleet fleet;

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) {
    if (message instanceof AgentCommandAck ack) {
      fleet.acknowledge(ack);
    } else {
      updates.apply(message);
    }
  }
}
