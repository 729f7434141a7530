package org.netarchive.ee.scheduler.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * Facts about this installation. The environment name is the setting {@value #ENVIRONMENT} (default
 * {@value #DEFAULT_ENVIRONMENT}), the first part of every channel name.
 *
 * <p>The broker's queues are named from the same value: configure-messaging.cli makes them from
 * {@code nas.environment} of its properties file (netarchive.properties) and writes that value into
 * the server's configuration as the MicroProfile Config source {@code netarchive} (ordinal 500,
 * above system properties and environment variables), which is what is read here. Re-running the
 * script with another name makes that name's queues and changes the config source with them. At
 * start-up the scheduler queue bound at {@code java:/jms/netarchive/COMMON_THE_SCHED} is checked to
 * carry the configured name (a server configured by hand can still disagree); nothing is read out
 * of the queue's name.
 */
@ApplicationScoped
public class Installation {

  /** The setting naming the installation's environment, as provisioned. */
  public static final String ENVIRONMENT = "nas.environment";

  /** The environment name when none is configured, as netarchive.properties provisions it. */
  public static final String DEFAULT_ENVIRONMENT = "DEV";

  @Resource(lookup = "java:/jms/netarchive/COMMON_THE_SCHED")
  private Queue schedulerQueue;

  private Channels channels;

  @PostConstruct
  void readEnvironment() {
    channels = channelsOf(ServerSettings.current());
    String expected = channels.theSched().name();
    String bound = queueName(schedulerQueue);
    if (!bound.equals(expected)) {
      throw new IllegalStateException(
          "The queue bound at java:/jms/netarchive/COMMON_THE_SCHED is named '"
              + bound
              + "', not '"
              + expected
              + "' as "
              + ENVIRONMENT
              + "="
              + channels.environment()
              + " says; run configure-messaging.cli with the installation's nas.environment");
    }
  }

  /**
   * The channel names of the configured environment.
   *
   * @throws IllegalStateException naming the setting and the value if it is no valid name
   */
  static Channels channelsOf(ServerSettings settings) {
    String environment = settings.text(ENVIRONMENT).orElse(DEFAULT_ENVIRONMENT);
    try {
      return Channels.forEnvironment(environment);
    } catch (IllegalArgumentException e) {
      throw ServerSettings.refusal(
          ENVIRONMENT, "must be a channel name part (" + e.getMessage() + ")", environment);
    }
  }

  /** A JMS queue's broker name, without Artemis' {@code jms.queue.} prefix. */
  public static String queueName(Queue queue) {
    try {
      String name = queue.getQueueName();
      return name.startsWith("jms.queue.") ? name.substring("jms.queue.".length()) : name;
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read the name of queue " + queue, e);
    }
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
