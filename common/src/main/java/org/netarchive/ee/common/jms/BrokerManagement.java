package org.netarchive.ee.common.jms;

import jakarta.json.Json;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * What the server's modules need to manage WildFly's embedded Artemis broker through JMX: the
 * broker's management bean and the configuration of the queues they create at run time (the
 * scheduler a harvest channel's job queue, the archive a replica's queues). Both make their queues
 * alike, so the configuration is written once.
 */
public final class BrokerManagement {

  /** The broker's management bean: WildFly's messaging server {@code default}. */
  public static final String BROKER_MBEAN = "org.apache.activemq.artemis:broker=\"default\"";

  private BrokerManagement() {}

  /**
   * The name of the broker's management bean.
   *
   * @return {@link #BROKER_MBEAN} as an object name
   */
  public static ObjectName broker() {
    try {
      return ObjectName.getInstance(BROKER_MBEAN);
    } catch (MalformedObjectNameException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The broker's configuration (Artemis' {@code QueueConfiguration} in its JSON form) of a durable
   * anycast queue on an address of its own name, the address made with it.
   *
   * @param coreName the queue's core name, e.g. {@code jms.queue.DEV_COMMON_BITARCHIVE_UPLOADS}
   * @return the configuration, for the broker's {@code createQueue}
   */
  public static String queueConfiguration(String coreName) {
    return Json.createObjectBuilder()
        .add("name", coreName)
        .add("address", coreName)
        .add("routing-type", "ANYCAST")
        .add("durable", true)
        .add("auto-create-address", true)
        .build()
        .toString();
  }
}
