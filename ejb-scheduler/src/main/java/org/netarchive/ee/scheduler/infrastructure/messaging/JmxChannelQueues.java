package org.netarchive.ee.scheduler.infrastructure.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.logging.Logger;
import javax.management.MBeanServer;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.BrokerManagement;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.channel.ChannelQueues;

/**
 * Creates channel queues on the server's embedded Artemis broker through its management bean
 * ({@code ActiveMQServerControl}, registered in the platform MBean server because
 * configure-messaging.cli enables the broker's JMX management).
 *
 * <p>A queue is made as WildFly makes the queues of its {@code jms-queue} resources: address and
 * queue both named {@code jms.queue.<name>}, anycast, durable. JMS clients name it without the
 * prefix (the acceptors add it), so agents and senders use {@code <ENV>_COMMON_ANY_<NAME>_HACO}.
 * The broker keeps a durable queue in its journal across restarts; it is not part of the server
 * configuration, which is why every channel's queue is ensured again at start-up.
 *
 * <p>Why the broker's management bean rather than a {@code jms-queue} resource of the management
 * model: a deployment has no supported client of the management model, and channels live in the
 * database, not in the server configuration. What the broker has, the management model lists as
 * {@code runtime-queue} resources.
 */
@ApplicationScoped
public class JmxChannelQueues implements ChannelQueues {

  /** The broker's management bean: WildFly's messaging server {@code default}. */
  static final String BROKER_MBEAN = BrokerManagement.BROKER_MBEAN;

  /** What WildFly puts before the names of the addresses and queues of JMS queues. */
  static final String JMS_QUEUE_PREFIX = "jms.queue.";

  private static final Logger LOG = Logger.getLogger(JmxChannelQueues.class.getName());

  @Inject private Installation installation;

  private Channels channels;
  private MBeanServer server;

  /** For CDI. */
  public JmxChannelQueues() {}

  /** On a broker of one's own, as in tests. */
  JmxChannelQueues(Channels channels, MBeanServer server) {
    this.channels = channels;
    this.server = server;
  }

  @Override
  public String queueName(String channelName) {
    return (channels == null ? installation.channels() : channels).harvestJobs(channelName).name();
  }

  @Override
  public boolean ensureQueue(String channelName) {
    String queue = queueName(channelName);
    String coreName = JMS_QUEUE_PREFIX + queue;
    MBeanServer server =
        this.server == null ? ManagementFactory.getPlatformMBeanServer() : this.server;
    String what = "create the job queue " + queue + " of harvest channel '" + channelName + "'";
    String[] existing = (String[]) BrokerManagement.attribute(server, what, "QueueNames");
    if (Arrays.asList(existing).contains(coreName)) {
      return false;
    }
    // ignoreIfExists: a queue made meanwhile by another call is left as it is.
    BrokerManagement.invoke(
        server,
        what,
        "createQueue",
        new Object[] {BrokerManagement.queueConfiguration(coreName), true},
        new String[] {String.class.getName(), boolean.class.getName()});
    LOG.info("Created the job queue " + queue + " of harvest channel '" + channelName + "'");
    return true;
  }
}
