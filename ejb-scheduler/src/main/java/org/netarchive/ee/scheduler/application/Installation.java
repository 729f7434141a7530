package org.netarchive.ee.scheduler.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import org.netarchive.ee.common.channel.Channels;

/**
 * Facts about this installation. The environment name is read from the broker configuration (the
 * scheduler queue bound at java:/jms/netarchive/COMMON_THE_SCHED is named {@code
 * <ENV>_COMMON_THE_SCHED}), so the server has exactly one place where it is set: the messaging
 * configuration (configure-messaging.cli).
 */
@ApplicationScoped
public class Installation {

  private static final String SCHEDULER_SUFFIX = "_COMMON_THE_SCHED";

  @Resource(lookup = "java:/jms/netarchive/COMMON_THE_SCHED")
  private Queue schedulerQueue;

  private Channels channels;

  @PostConstruct
  void readEnvironment() {
    String name;
    try {
      name = schedulerQueue.getQueueName();
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read the name of the scheduler queue", e);
    }
    if (name.startsWith("jms.queue.")) {
      name = name.substring("jms.queue.".length());
    }
    if (!name.endsWith(SCHEDULER_SUFFIX)) {
      throw new IllegalStateException(
          "The queue bound at java:/jms/netarchive/COMMON_THE_SCHED is named '"
              + name
              + "', not <ENV>"
              + SCHEDULER_SUFFIX
              + "; re-run configure-messaging.cli");
    }
    channels =
        Channels.forEnvironment(name.substring(0, name.length() - SCHEDULER_SUFFIX.length()));
  }

  /** The environment name, e.g. DEV or PROD: the first part of every channel name. */
  public String environmentName() {
    return channels.environment();
  }

  /** Channel names of this installation. */
  public Channels channels() {
    return channels;
  }
}
