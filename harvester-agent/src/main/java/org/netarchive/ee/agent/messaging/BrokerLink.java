package org.netarchive.ee.agent.messaging;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.logging.Logger;
import org.apache.activemq.artemis.jms.client.ActiveMQConnection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.Message;

/**
 * The agent's connection to the server's broker. Consumers get no prefetch buffer ({@code
 * consumerWindowSize=0}), so a job message stays on the queue for other agents until this agent
 * actually asks for one. The connection reconnects by itself after it was established (a call made
 * meanwhile fails after {@link #CALL_FAILOVER_TIMEOUT}); the first connection is retried with
 * back-off here, with an error that says whether the broker is unreachable or refused the
 * credentials.
 */
public final class BrokerLink implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(BrokerLink.class.getName());
  private static final JmsMessages MESSAGES = JmsMessages.standard();
  private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(60);
  private static final String TOPIC_ADDRESS_PREFIX = "jms.topic.";

  /**
   * How long a call waits while the connection is being re-established before it fails: without a
   * bound, a call made while the broker is away waits until it is back, and with it the agent's
   * stopping (a TERM waited for the agent's whole stop timeout) and a crawl's supervision (progress
   * is sent from it).
   */
  static final Duration CALL_FAILOVER_TIMEOUT = Duration.ofSeconds(5);

  private final String url;
  private final Path trustedCertificates;
  private final String connectionUrl;
  private final String user;
  private final String password;
  private volatile ActiveMQConnectionFactory factory;
  private Connection connection;
  private Session sending;
  private volatile Thread receiving;

  /**
   * The session of the last receive that found no message, kept for the next: the broker checks the
   * account's password at every new session (a deliberately slow hash), and an idle agent asks for
   * a job every few seconds, so a session per ask cost the server about a core for a handful of
   * idle agents (BENCHMARKS.md, "Two agents crawling at once").
   */
  private volatile Session idle;

  private volatile boolean receivingStopped;

  /** The calls to the broker under way: the thread making each, and when it began (nanoTime). */
  private final Map<Thread, Long> calls = new ConcurrentHashMap<>();

  private volatile boolean abandoned;

  private volatile String topic;
  private volatile Consumer<jakarta.jms.Message> topicListener;
  private Session listening;

  /**
   * A link without TLS, or with TLS trusting the Java runtime's authorities.
   *
   * @param url the broker's URL as configured (a form {@link BrokerUrl} accepts)
   * @param user the broker account
   * @param password its password
   */
  public BrokerLink(String url, String user, String password) {
    this(url, null, user, password);
  }

  /**
   * @param url the broker's URL as configured (a form {@link BrokerUrl} accepts)
   * @param trustedCertificates for a TLS URL: the PEM file of the certificates trusted for the
   *     broker ({@value BrokerUrl#TRUST_SETTING}), or null for the Java runtime's authorities
   * @param user the broker account
   * @param password its password
   */
  public BrokerLink(String url, Path trustedCertificates, String user, String password) {
    this.url = url;
    this.trustedCertificates = trustedCertificates;
    this.connectionUrl = BrokerUrl.connecting(url, trustedCertificates);
    this.user = user;
    this.password = password;
  }

  /**
   * Connects, retrying with back-off (1 s doubling to 60 s) until connected or stopped.
   *
   * @param stop polled between attempts
   * @return whether connected (false if stopped first)
   */
  public boolean connect(BooleanSupplier stop) {
    Duration backoff = FIRST_BACKOFF;
    while (!stop.getAsBoolean()) {
      try {
        open();
        LOG.info(() -> "Connected to the broker " + url + " as " + user);
        return true;
      } catch (JMSSecurityException e) {
        LOG.severe(
            "The broker "
                + url
                + " refused the credentials of user '"
                + user
                + "' ("
                + e.getMessage()
                + "): check broker.user and broker.password (or NAS_AGENT_PASSWORD) against the"
                + " server's agent account; retrying in "
                + backoff.toSeconds()
                + " s");
      } catch (JMSException | RuntimeException e) {
        Optional<String> explained = BrokerUrl.explain(url, trustedCertificates);
        if (explained.isPresent() && BrokerUrl.tls(url)) {
          // the broker answers, but with a certificate this agent does not trust
          LOG.severe(explained.get() + "; retrying in " + backoff.toSeconds() + " s");
        } else {
          LOG.warning(
              "Cannot connect to the broker "
                  + url
                  + " ("
                  + e.getMessage()
                  + "): is the server running and broker.url right"
                  + explained.map(hint -> " (" + hint + ")").orElse("")
                  + "? Retrying in "
                  + backoff.toSeconds()
                  + " s");
        }
      }
      closeQuietly();
      sleep(backoff, stop);
      backoff =
          backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0
              ? MAX_BACKOFF
              : backoff.multipliedBy(2);
    }
    return false;
  }

  private void open() throws JMSException {
    call(this::openNow);
  }

  private Void openNow() throws JMSException {
    abandoned = false;
    idle = null;
    factory = new ActiveMQConnectionFactory(connectionUrl);
    factory.setConsumerWindowSize(0);
    factory.setReconnectAttempts(-1);
    factory.setRetryInterval(1000);
    factory.setRetryIntervalMultiplier(2.0);
    factory.setMaxRetryInterval(MAX_BACKOFF.toMillis());
    factory.setCallFailoverTimeout(CALL_FAILOVER_TIMEOUT.toMillis());
    connection = factory.createConnection(user, password);
    connection.start();
    sending = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    if (topic != null) {
      subscribe();
    }
    return null;
  }

  /**
   * A non-durable subscription: what is published while the agent is away is not kept for it (the
   * server sends a command again until it is answered). A server without the topic, or one that
   * refuses it, does not keep the agent from its jobs: the agent then only takes no commands.
   */
  private void subscribe() {
    try {
      listening = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Consumer<jakarta.jms.Message> listener = topicListener;
      // The server's destinations have the 1.x address prefixes: a queue is found by its name
      // alone, a topic only as jms.topic.<name> (without, the broker makes a new empty address).
      listening
          .createConsumer(listening.createTopic(TOPIC_ADDRESS_PREFIX + topic))
          .setMessageListener(listener::accept);
    } catch (JMSException | RuntimeException e) {
      LOG.warning(
          "Cannot listen to "
              + topic
              + " ("
              + e.getMessage()
              + "): this agent takes no operator commands until it connects again");
      if (listening != null) {
        closeQuietly(listening);
        listening = null;
      }
    }
  }

  /**
   * Listens to a topic from every connection on: each message is given to the listener on the
   * client's thread, which must return quickly and must not call this link (a close waits for the
   * listener, and would wait forever for one waiting for the link).
   *
   * @param topic the topic's name
   * @param listener told each message
   */
  public void listen(String topic, Consumer<jakarta.jms.Message> listener) {
    this.topicListener = listener;
    this.topic = topic;
  }

  /**
   * Sends a message to a queue.
   *
   * @param queue the queue's name
   * @param message the message
   * @throws JMSException if it cannot be sent
   */
  public void send(String queue, Message message) throws JMSException {
    call(() -> sendNow(queue, message));
  }

  private synchronized Void sendNow(String queue, Message message) throws JMSException {
    requireOpen();
    try (MessageProducer producer = sending.createProducer(sending.createQueue(queue))) {
      producer.send(MESSAGES.toTextMessage(sending, message));
    }
    return null;
  }

  /**
   * Takes the next message from a queue, in a transaction of its own: nothing is taken from the
   * queue until the delivery is {@linkplain Delivery#commit(String, Message) committed}.
   *
   * @param queue the queue's name
   * @param wait how long to wait for a message
   * @return the delivery, or null if there was none
   * @throws JMSException if the broker fails
   */
  public Delivery receive(String queue, Duration wait) throws JMSException {
    return call(() -> receiveNow(queue, wait));
  }

  private Delivery receiveNow(String queue, Duration wait) throws JMSException {
    requireOpen();
    receiving = Thread.currentThread();
    Session session = null;
    try {
      if (receivingStopped) {
        return null;
      }
      session = idle;
      idle = null;
      if (session == null) {
        session = connection.createSession(true, Session.SESSION_TRANSACTED);
      }
      jakarta.jms.Message message;
      // The consumer exists only while waiting: the agent does not listen while it works.
      try (MessageConsumer consumer = session.createConsumer(session.createQueue(queue))) {
        message = consumer.receive(wait.toMillis());
      }
      if (message == null) {
        // nothing received, nothing to commit: the session serves the next receive
        idle = session;
        return null;
      }
      // the session goes with the delivery, which commits or rolls back and closes it
      return new Delivery(this, session, message);
    } catch (JMSException | RuntimeException e) {
      if (session != null) {
        closeQuietly(session);
      }
      if (receivingStopped) {
        // woken by stopReceiving(): nothing was taken
        return null;
      }
      throw e;
    } finally {
      receiving = null;
      if (receivingStopped) {
        // an interrupt meant for the wait must not reach what the caller does next
        Thread.interrupted();
      }
    }
  }

  /**
   * From now on {@link #receive} takes nothing, and a receive under way is woken. Without this, a
   * receive with the broker gone waits until it is back (a consumer without a buffer asks the
   * broker for each message and waits for its answer), and a stopping agent with it.
   */
  public void stopReceiving() {
    receivingStopped = true;
    Thread waiting = receiving;
    if (waiting != null) {
      waiting.interrupt();
    }
  }

  /**
   * Drops the connection at once, without the broker's answers a normal close waits for: for a
   * stopping agent whose broker is gone, where every call on the connection waits for it.
   */
  public void abandon() {
    ActiveMQConnectionFactory dropped = factory;
    if (dropped != null && !abandoned) {
      abandoned = true;
      LOG.warning("The broker " + url + " does not answer; dropping the connection to it");
      // cleanup, unlike close, asks the broker nothing: it ends the sessions here, which wakes
      // the calls that wait for the broker's answers
      if (connection instanceof ActiveMQConnection artemis) {
        artemis.getSessionFactory().cleanup();
      }
      dropped.close();
    }
  }

  /**
   * Whether a call to the broker has been waiting for its answer for longer than a bound: a broker
   * that answers does so in milliseconds, so such a call waits on a broker that is gone or fallen
   * silent (the client notices a silent one only after its failure check, 30 s, and a call waits up
   * to its call timeout, 30 s, for an answer).
   *
   * @param bound how long counts as waiting on a broker that does not answer
   */
  public boolean isWaitingLongerThan(Duration bound) {
    long now = System.nanoTime();
    return calls.values().stream().anyMatch(began -> now - began > bound.toNanos());
  }

  /** A call to the broker, registered while it runs ({@link #isWaitingLongerThan}). */
  private <T> T call(BrokerCall<T> call) throws JMSException {
    Thread caller = Thread.currentThread();
    boolean outermost = calls.putIfAbsent(caller, System.nanoTime()) == null;
    try {
      return call.run();
    } finally {
      if (outermost) {
        calls.remove(caller);
      }
    }
  }

  @FunctionalInterface
  private interface BrokerCall<T> {
    T run() throws JMSException;
  }

  private static void closeQuietly(Session session) {
    try {
      session.close();
    } catch (JMSException | RuntimeException e) {
      LOG.fine(() -> "Closing a session: " + e);
    }
  }

  private void requireOpen() throws JMSException {
    if (connection == null) {
      throw new JMSException("not connected to the broker " + url);
    }
  }

  /** One message taken from a queue, not yet acknowledged. */
  public static final class Delivery {
    private final BrokerLink link;
    private final Session session;
    private final jakarta.jms.Message message;

    Delivery(BrokerLink link, Session session, jakarta.jms.Message message) {
      this.link = link;
      this.session = session;
      this.message = message;
    }

    public jakarta.jms.Message message() {
      return message;
    }

    /**
     * Sends a reply and removes the message from its queue, both or neither.
     *
     * @param queue the reply's queue
     * @param reply the reply
     * @throws JMSException if that fails (the message then stays on its queue)
     */
    public void commit(String queue, Message reply) throws JMSException {
      link.call(
          () -> {
            try (MessageProducer producer = session.createProducer(session.createQueue(queue))) {
              producer.send(MESSAGES.toTextMessage(session, reply));
              session.commit();
            } finally {
              session.close();
            }
            return null;
          });
    }

    /** Gives the message back to its queue (the broker redelivers, then dead-letters it). */
    public void rollback() {
      try {
        link.call(
            () -> {
              session.rollback();
              session.close();
              return null;
            });
      } catch (JMSException e) {
        LOG.warning("Cannot roll back a delivery: " + e);
      }
    }
  }

  @Override
  public void close() {
    closeQuietly();
  }

  private void closeQuietly() {
    try {
      call(this::closeNow);
    } catch (JMSException e) {
      // closeNow throws none
    }
  }

  private synchronized Void closeNow() {
    try {
      if (connection != null) {
        connection.close();
      }
    } catch (JMSException | RuntimeException e) {
      LOG.fine(() -> "Closing the broker connection: " + e);
    }
    if (factory != null) {
      factory.close();
    }
    connection = null;
    sending = null;
    listening = null;
    idle = null;
    factory = null;
    return null;
  }

  /**
   * Sleeps, waking early when stopped.
   *
   * @param duration how long
   * @param stop polled every 250 ms
   */
  public static void sleep(Duration duration, BooleanSupplier stop) {
    long until = System.nanoTime() + duration.toNanos();
    while (!stop.getAsBoolean() && System.nanoTime() < until) {
      try {
        Thread.sleep(Math.min(250, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
