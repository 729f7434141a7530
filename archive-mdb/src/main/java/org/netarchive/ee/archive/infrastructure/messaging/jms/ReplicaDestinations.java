package org.netarchive.ee.archive.infrastructure.messaging.jms;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.BrokerManagement;

/**
 * The destinations of the configured replicas, made on the server's embedded Artemis broker at
 * start-up, whatever their number: adding a replica to {@code nas.replicas} and restarting is all
 * it takes.
 *
 * <p>Every replica keeps its NetarchiveSuite channels, {@code <ENV>_<R>_ANY_BA} (uploads), {@code
 * <ENV>_<R>_ALL_BA} (topic: checksum, get, batch and correction requests to every instance) and
 * {@code <ENV>_<R>_THE_BAMON} (its monitor), so that a bitarchive instance on another machine, or a
 * monitor's client, names them as before. This server consumes none of them directly: a divert on
 * each forwards what reaches it into one of three queues of the server's own, {@code
 * <ENV>_COMMON_BITARCHIVE_UPLOADS}, {@code ..._REQUESTS} and {@code ..._MONITOR} (made by
 * configure-messaging.cli and bound in JNDI), each consumed by one message-driven bean. The divert
 * copy carries the address it came from ({@code _AMQ_ORIG_ADDRESS}), from which the consumer learns
 * the replica ({@link #replicaOfAddress}). ANY_BA and THE_BAMON divert exclusively (their own queue
 * stays empty); ALL_BA non-exclusively, so that subscribers on other machines still get a copy.
 *
 * <p>The replicas whose bitarchives run on bitarchive nodes ({@code nas.replicas.local} leaves them
 * out) keep their channels here but get no ANY_BA divert: a node consumes ANY_BA itself over the
 * network; ALL_BA is copied into the node's durable queue {@link #nodeRequests}; their THE_BAMON is
 * still diverted, the monitors running here.
 *
 * <p>Why diverts, not a selector per replica on shared destinations: the channel names are the
 * installation's interface (the bitarchive instances of other machines, the tests, the system page
 * name them), and one message-driven bean can consume one destination only; diverts keep the names
 * and need one bean per kind. The broker's management bean is used as for the harvest channels'
 * queues (no deployment has a supported client of WildFly's management model); what the broker has
 * made stays in its journal, and every start ensures it again.
 *
 * <p>Migration: messages left in a replica's own ANY_BA or THE_BAMON queue by a server of an
 * earlier version (which consumed them directly) are moved into the server's queue; the durable
 * subscriptions {@code netarchive-bitarchive-replica1/2} of the earlier ALL_BA consumers are
 * removed, or they would keep a copy of every request with no one to read it (their unanswered
 * checksum requests are asked again by the start-up's resumption of unfinished stores).
 */
@ApplicationScoped
public class ReplicaDestinations {

  /** The server's queue of uploads to its bitarchives, without the environment prefix. */
  public static final String UPLOADS = "COMMON_BITARCHIVE_UPLOADS";

  /** The server's queue of requests to all its bitarchives, without the environment prefix. */
  public static final String REQUESTS = "COMMON_BITARCHIVE_REQUESTS";

  /** The server's queue of its replicas' monitors, without the environment prefix. */
  public static final String MONITOR = "COMMON_BITARCHIVE_MONITOR";

  /**
   * The queue the one bitarchive node of a replica takes the replica's requests from, {@code
   * <ENV>_<REPLICA>_NODE_REQUESTS}: a copy of what reaches the replica's ALL_BA.
   */
  public static String nodeRequests(Channels channels, String replica) {
    return channels.environment() + "_" + replica + "_NODE_REQUESTS";
  }

  /**
   * The queue of a named bitarchive node of a replica held by several ({@code
   * NAS_BITARCHIVE_<REPLICA>_NODES}), {@code <ENV>_<REPLICA>_NODE_REQUESTS_<NODE>}: each gets its
   * own copy of every request, as NetarchiveSuite's ALL_BA gives every bitarchive instance one.
   */
  public static String nodeRequests(Channels channels, String replica, String node) {
    return nodeRequests(channels, replica) + "_" + node;
  }

  /**
   * The deliveries of a message on a queue that bitarchive nodes consume (a node replica's ANY_BA
   * and its nodes' request queues) before it is dead-lettered, instead of the installation's {@code
   * NAS_JMS_MAX_DELIVERY_ATTEMPTS}. The broker counts a delivery at each dispatch to a consumer and
   * takes none back when the consumer's connection fails, and a node killed while it ran a request
   * leaves one consumer per MDB session (8) on the broker until each connection is cleaned up: a
   * message can be dispatched to several of them and count their deliveries though no node ran it.
   * These consumers answer every failure of the request itself, so redeliveries mean failed nodes;
   * a message no node can read still ends in the dead-letter queue, later.
   */
  static final int NODE_DELIVERY_ATTEMPTS = 25;

  private static final String DIVERT_PREFIX = "netarchive-";
  private static final String NODE_DIVERT_PREFIX = "netarchive-node-";

  /** The core property a divert sets on its copy: the address the message was sent to. */
  public static final String ORIGINAL_ADDRESS = "_AMQ_ORIG_ADDRESS";

  /** The prefix of the durable subscriptions of the ALL_BA consumers of earlier versions. */
  static final String LEGACY_SUBSCRIPTION_PREFIX = "netarchive-bitarchive-replica";

  private static final String QUEUE_PREFIX = "jms.queue.";
  private static final String TOPIC_PREFIX = "jms.topic.";

  private static final Logger LOG = Logger.getLogger(ReplicaDestinations.class.getName());

  @Inject private ArchiveSettings settings;

  private Channels channels;
  private List<String> replicaIds = List.of();
  private MBeanServer server;
  private ObjectName broker;

  @PostConstruct
  void ensure() {
    ensure(
        ManagementFactory.getPlatformMBeanServer(),
        settings.channels(),
        settings.replicaIds(),
        settings.localReplicaIds(),
        settings::nodeNames);
  }

  /** As {@link #ensure(MBeanServer, Channels, List, List, Function)}, one node per replica. */
  void ensure(MBeanServer mbeans, Channels channels, List<String> replicas, List<String> local) {
    ensure(mbeans, channels, replicas, local, replica -> List.of());
  }

  /**
   * Makes the destinations of the replicas on the broker whose management bean is registered in
   * {@code mbeans}, with the ANY_BA and ALL_BA diverts of the local replicas only, and a request
   * queue for each node of the others ({@code nodes}: the names of a replica's nodes, none for one
   * node without a name).
   */
  void ensure(
      MBeanServer mbeans,
      Channels channels,
      List<String> replicas,
      List<String> local,
      Function<String, List<String>> nodes) {
    this.channels = channels;
    server = mbeans;
    broker = BrokerManagement.broker();
    String environment = channels.environment();
    for (String replica : replicas) {
      String anyBa = QUEUE_PREFIX + channels.anyBa(replica).name();
      String theBamon = QUEUE_PREFIX + channels.theBamon(replica).name();
      String allBa = TOPIC_PREFIX + channels.allBa(replica).name();
      ensureQueue(anyBa);
      ensureQueue(theBamon);
      ensureTopic(allBa);
      ensureDivert(
          DIVERT_PREFIX + theBamon, theBamon, QUEUE_PREFIX + environment + "_" + MONITOR, true);
      moveLeftovers(theBamon, QUEUE_PREFIX + environment + "_" + MONITOR);
      String requests = QUEUE_PREFIX + environment + "_" + REQUESTS;
      if (local.contains(replica)) {
        ensureDivert(
            DIVERT_PREFIX + anyBa, anyBa, QUEUE_PREFIX + environment + "_" + UPLOADS, true);
        ensureDivert(DIVERT_PREFIX + allBa, allBa, requests, false);
        moveLeftovers(anyBa, QUEUE_PREFIX + environment + "_" + UPLOADS);
        removeNodeDeliveries(anyBa);
        retireNodeQueues(replica, Map.of(), requests);
      } else {
        // A node's replica: its uploads stay in ANY_BA for the nodes to take (any one of them);
        // its requests are copied into a durable queue of each node's, which it consumes with no
        // right to make queues on this broker. The broker's journal keeps the diverts of a start
        // when the replica was still local, or had other nodes.
        removeDivert(DIVERT_PREFIX + anyBa);
        removeDivert(DIVERT_PREFIX + allBa);
        ensureNodeDeliveries(anyBa);
        Map<String, String> wanted = new TreeMap<>();
        List<String> names = nodes.apply(replica);
        if (names.isEmpty()) {
          wanted.put(nodeDivert(allBa, null), QUEUE_PREFIX + nodeRequests(channels, replica));
        }
        for (String node : names) {
          wanted.put(nodeDivert(allBa, node), QUEUE_PREFIX + nodeRequests(channels, replica, node));
        }
        for (Map.Entry<String, String> divert : wanted.entrySet()) {
          ensureQueue(divert.getValue());
          ensureNodeDeliveries(divert.getValue());
          ensureDivert(divert.getKey(), allBa, divert.getValue(), false);
        }
        retireNodeQueues(replica, wanted, wanted.values().iterator().next());
      }
    }
    replicaIds = List.copyOf(replicas);
    removeLegacySubscriptions();
  }

  /**
   * The replica whose channel an address (as in {@link #ORIGINAL_ADDRESS}, with or without the
   * {@code jms.queue.}/{@code jms.topic.} prefix) is, or null if it is no configured replica's.
   */
  public String replicaOfAddress(String address) {
    return channels.replicaOfChannel(address, replicaIds).orElse(null);
  }

  /** The replicas whose channels this server serves. */
  public List<String> replicaIds() {
    return replicaIds;
  }

  private void ensureQueue(String coreName) {
    if (names("QueueNames").contains(coreName)) {
      return;
    }
    invoke(
        "create the queue " + coreName,
        "createQueue",
        new Object[] {BrokerManagement.queueConfiguration(coreName), true},
        new String[] {String.class.getName(), boolean.class.getName()});
    LOG.info(() -> "Created the replica queue " + coreName);
  }

  /**
   * Sets {@link #NODE_DELIVERY_ATTEMPTS} on a queue that nodes consume; the broker keeps it in its
   * journal, and the other settings come from the installation's ({@code #}).
   */
  private void ensureNodeDeliveries(String coreName) {
    invoke(
        "set the deliveries of " + coreName,
        "addAddressSettings",
        new Object[] {coreName, "{\"maxDeliveryAttempts\":" + NODE_DELIVERY_ATTEMPTS + "}"},
        new String[] {String.class.getName(), String.class.getName()});
  }

  /** Takes {@link #ensureNodeDeliveries} back: the installation's settings apply again. */
  private void removeNodeDeliveries(String coreName) {
    invoke(
        "reset the deliveries of " + coreName,
        "removeAddressSettings",
        new Object[] {coreName},
        new String[] {String.class.getName()});
  }

  private void ensureTopic(String coreName) {
    if (names("AddressNames").contains(coreName)) {
      return;
    }
    invoke(
        "create the topic " + coreName,
        "createAddress",
        new Object[] {coreName, "MULTICAST"},
        new String[] {String.class.getName(), String.class.getName()});
    LOG.info(() -> "Created the replica topic " + coreName);
  }

  private void ensureDivert(String name, String from, String to, boolean exclusive) {
    if (names("DivertNames").contains(name)) {
      return;
    }
    String s = String.class.getName();
    invoke(
        "divert " + from + " to " + to,
        "createDivert",
        new Object[] {name, name, from, to, exclusive, null, null, "ANYCAST"},
        new String[] {s, s, s, s, boolean.class.getName(), s, s, s});
    LOG.info(
        () ->
            "Diverted "
                + from
                + " to "
                + to
                + (exclusive ? "" : " (a copy; its subscribers keep theirs)"));
  }

  private void removeDivert(String name) {
    removeDivert(name, "its replica's bitarchive runs on a bitarchive node (nas.replicas.local)");
  }

  private void removeDivert(String name, String why) {
    if (!names("DivertNames").contains(name)) {
      return;
    }
    invoke(
        "remove the divert " + name,
        "destroyDivert",
        new Object[] {name},
        new String[] {String.class.getName()});
    LOG.info(() -> "Removed the divert " + name + ": " + why);
  }

  /** The divert copying a replica's ALL_BA to a node's queue; {@code node} null for one node. */
  private static String nodeDivert(String allBa, String node) {
    return NODE_DIVERT_PREFIX + (node == null ? "" : node + "-") + allBa;
  }

  /**
   * Removes the diverts to the request queues of a replica's nodes that are not {@code wanted}
   * (divert name to queue), and the queues: what they still hold is moved to {@code target} first
   * (another node's queue, or this server's requests queue when the replica is held here again); a
   * queue that could not be emptied is kept, with a warning, rather than lost.
   */
  private void retireNodeQueues(String replica, Map<String, String> wanted, String target) {
    String allBa = TOPIC_PREFIX + channels.allBa(replica).name();
    String why =
        wanted.isEmpty()
            ? "its replica's bitarchive runs here again (nas.replicas.local)"
            : "the replica's nodes are now " + wanted.values() + " (NAS_BITARCHIVE_<R>_NODES)";
    for (String divert : names("DivertNames")) {
      // the single node's divert (NODE_DIVERT_PREFIX + allBa) and each named node's
      boolean nodes = divert.startsWith(NODE_DIVERT_PREFIX) && divert.endsWith("-" + allBa);
      if (nodes && !wanted.containsKey(divert)) {
        removeDivert(divert, why);
      }
    }
    String queues = QUEUE_PREFIX + nodeRequests(channels, replica);
    for (String queue : names("QueueNames")) {
      boolean nodes =
          queue.equals(queues) || queue.matches(Pattern.quote(queues) + "_[A-Z][A-Z0-9]*");
      if (nodes && !wanted.containsValue(queue)) {
        retireNodeQueue(queue, target, why);
      }
    }
  }

  private void retireNodeQueue(String queue, String target, String why) {
    moveLeftovers(queue, target);
    long left = messageCount(queue);
    if (left != 0) {
      LOG.warning(
          () ->
              "Kept the request queue "
                  + queue
                  + " of a bitarchive node ("
                  + why
                  + "): "
                  + (left < 0
                      ? "its messages cannot be counted"
                      : left + " messages are still in it")
                  + "; move them to "
                  + target
                  + " (netarchive cli) and remove it");
      return;
    }
    invoke(
        "remove the queue " + queue,
        "destroyQueue",
        new Object[] {queue, true},
        new String[] {String.class.getName(), boolean.class.getName()});
    removeNodeDeliveries(queue);
    LOG.info(() -> "Removed the request queue " + queue + " of a bitarchive node: " + why);
  }

  /** The management bean of an anycast queue (its address of the same name). */
  static ObjectName queueControl(String queue) throws MalformedObjectNameException {
    return ObjectName.getInstance(
        "org.apache.activemq.artemis:broker=\"default\",component=addresses,address="
            + ObjectName.quote(queue)
            + ",subcomponent=queues,routing-type=\"anycast\",queue="
            + ObjectName.quote(queue));
  }

  /** How many messages a queue holds, or -1 if its management bean cannot say. */
  private long messageCount(String queue) {
    try {
      ObjectName control = queueControl(queue);
      return server.isRegistered(control)
          ? ((Number) server.getAttribute(control, "MessageCount")).longValue()
          : -1;
    } catch (JMException e) {
      return -1;
    }
  }

  /** Moves what an earlier version left in a replica's own queue to the server's queue. */
  private void moveLeftovers(String queue, String target) {
    try {
      ObjectName control = queueControl(queue);
      if (!server.isRegistered(control)) {
        return;
      }
      long count = ((Number) server.getAttribute(control, "MessageCount")).longValue();
      if (count == 0) {
        return;
      }
      Object moved =
          server.invoke(
              control,
              "moveMessages",
              new Object[] {null, target},
              new String[] {String.class.getName(), String.class.getName()});
      LOG.info(() -> "Moved " + moved + " messages left in " + queue + " to " + target);
    } catch (JMException e) {
      LOG.log(
          Level.WARNING,
          "Cannot move the messages left in "
              + queue
              + " to "
              + target
              + " (unfinished stores are asked again anyway): "
              + e.getMessage(),
          e);
    }
  }

  private void removeLegacySubscriptions() {
    for (String queue : names("QueueNames")) {
      if (queue.startsWith(LEGACY_SUBSCRIPTION_PREFIX)) {
        invoke(
            "remove the earlier version's subscription " + queue,
            "destroyQueue",
            new Object[] {queue, true},
            new String[] {String.class.getName(), boolean.class.getName()});
        LOG.info(
            () ->
                "Removed the subscription "
                    + queue
                    + " of an earlier version's bitarchive consumer; its requests now reach the"
                    + " server's queue");
      }
    }
  }

  private List<String> names(String attribute) {
    try {
      return Arrays.asList((String[]) server.getAttribute(broker, attribute));
    } catch (JMException e) {
      throw new IllegalStateException(
          "Cannot read the broker's "
              + attribute
              + " through its management bean "
              + BrokerManagement.BROKER_MBEAN
              + " (enabled by configure-messaging.cli: jmx-management-enabled=true): "
              + e.getMessage(),
          e);
    }
  }

  private void invoke(String what, String operation, Object[] arguments, String[] signature) {
    BrokerManagement.invoke(server, what, operation, arguments, signature);
  }
}
