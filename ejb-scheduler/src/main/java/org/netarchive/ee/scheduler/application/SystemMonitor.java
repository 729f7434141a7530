package org.netarchive.ee.scheduler.application;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import jakarta.jms.JMSContext;
import java.time.Clock;
import java.util.List;
import java.util.logging.Logger;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.Ping;
import org.netarchive.ee.common.message.Pong;
import org.netarchive.ee.scheduler.application.fleet.AgentFleet;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatus;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatusRepository;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

/**
 * Keeps track of the installation's components: answers pings (a liveness probe any client can send
 * to the MONITOR queue) and records heartbeats.
 */
@PermitAll
@Stateless
public class SystemMonitor {

  /** How this server names itself in answers. */
  public static final String RESPONDER = "netarchive-server";

  private static final Logger LOG = Logger.getLogger(SystemMonitor.class.getName());

  @Inject private ComponentStatusRepository components;
  @Inject private JMSContext jms;
  @Inject private MeterRegistry metrics;
  @Inject private AgentFleet fleet;

  private final JmsMessages messages = JmsMessages.standard();
  private final Clock clock = Clock.systemUTC();

  /** Handles one message from the MONITOR queue; the caller's transaction covers it all. */
  public void handle(Message message, Destination replyTo) {
    DescribedMeters.counter(
            metrics,
            "netarchive.monitor.messages",
            Tags.of("type", message.getClass().getSimpleName()))
        .increment();
    switch (message) {
      case Ping ping -> answer(ping, replyTo);
      case Heartbeat heartbeat -> record(heartbeat);
      default ->
          throw new IllegalArgumentException(
              "The MONITOR queue takes Ping and Heartbeat messages, not "
                  + message.getClass().getSimpleName());
    }
  }

  private void answer(Ping ping, Destination replyTo) {
    if (replyTo == null) {
      LOG.warning(
          () -> "Ping " + ping.id() + " from " + ping.sender() + " has no reply-to; not answered");
      return;
    }
    Pong pong = new Pong(ping.id(), clock.instant(), RESPONDER);
    jms.createProducer().send(replyTo, messages.toTextMessage(jms, pong));
  }

  private void record(Heartbeat heartbeat) {
    components
        .find(heartbeat.component(), heartbeat.instance())
        .ifPresentOrElse(
            status -> status.apply(heartbeat),
            () -> components.add(new ComponentStatus(heartbeat)));
    // an agent that is there is sent again what it has not answered or does not follow
    fleet.heartbeat(heartbeat);
  }

  /** Every component heard from, by name. */
  public List<ComponentStatus> components() {
    return components.all();
  }
}
