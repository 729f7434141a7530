package org.netarchive.ee.common.jms;

import jakarta.json.Json;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * What the server's modules need to manage WildFly's embedded Artemis broker through JMX: the
 * broker's management bean, calls of it that fail with a message saying what was being done, and
 * the configuration of the queues they create at run time (the scheduler a harvest channel's job
 * queue, the archive a replica's queues). Both make their queues alike, so this is written once.
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
   * Reads an attribute of the broker's management bean.
   *
   * @param server the MBean server the broker is registered with
   * @param what what the value is read for, in words, for messages, e.g. "create the queue X"
   * @param attribute the attribute, e.g. {@code QueueNames}
   * @return its value
   * @throws IllegalStateException saying {@code what} could not be done, and why
   */
  public static Object attribute(MBeanServer server, String what, String attribute) {
    try {
      return server.getAttribute(broker(), attribute);
    } catch (JMException e) {
      throw failure(what, e);
    }
  }

  /**
   * Calls an operation of the broker's management bean.
   *
   * @param server the MBean server the broker is registered with
   * @param what the operation in words, for messages, e.g. "create the queue X"
   * @param operation the operation, e.g. {@code createQueue}
   * @param arguments its arguments
   * @param signature the class names of its parameters
   * @return what it returned
   * @throws IllegalStateException saying {@code what} could not be done: the broker refused it
   *     (with the broker's reason), its management bean is not registered, or the call failed
   */
  public static Object invoke(
      MBeanServer server, String what, String operation, Object[] arguments, String[] signature) {
    try {
      return server.invoke(broker(), operation, arguments, signature);
    } catch (JMException e) {
      throw failure(what, e);
    }
  }

  private static IllegalStateException failure(String what, JMException e) {
    if (e instanceof InstanceNotFoundException) {
      return new IllegalStateException(
          "Cannot "
              + what
              + ": the broker's management bean "
              + BROKER_MBEAN
              + " is not registered; enable it with configure-messaging.cli"
              + " (jmx-management-enabled=true) and restart the server",
          e);
    }
    if (e instanceof MBeanException refused) {
      Exception cause = refused.getTargetException();
      return new IllegalStateException(
          "The broker refused to "
              + what
              + ": "
              + (cause == null ? e.getMessage() : cause.getMessage()),
          e);
    }
    return new IllegalStateException("Cannot " + what + ": " + e.getMessage(), e);
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
