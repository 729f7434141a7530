package org.netarchive.ee.archive.infrastructure.messaging.jms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.StandardMBean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.BrokerManagement;

/**
 * Which destinations and diverts the server makes for its replicas, against a stand-in for the
 * broker's management bean that keeps the names it is asked to make and remove.
 */
class ReplicaDestinationsTest {

  private static final Channels DEV = Channels.forEnvironment("DEV");

  /** The part of Artemis' ActiveMQServerControl that ReplicaDestinations uses. */
  public interface Broker {
    String[] getQueueNames();

    String[] getAddressNames();

    String[] getDivertNames();

    void createQueue(String configuration, boolean ignoreIfExists);

    void createAddress(String name, String routingTypes);

    void createDivert(
        String name,
        String routingName,
        String address,
        String forwardingAddress,
        boolean exclusive,
        String filter,
        String transformerClassName,
        String routingType);

    void destroyDivert(String name);

    void destroyQueue(String name, boolean removeConsumers);

    String addAddressSettings(String match, String json);

    void removeAddressSettings(String match);
  }

  /** Keeps the names, as the broker's journal does across starts. */
  public static final class Journal implements Broker {
    final List<String> queues = new ArrayList<>();
    final List<String> addresses = new ArrayList<>();
    final List<String> diverts = new ArrayList<>();
    final java.util.Map<String, String> addressSettings = new java.util.TreeMap<>();

    @Override
    public String[] getQueueNames() {
      return queues.toArray(String[]::new);
    }

    @Override
    public String[] getAddressNames() {
      return addresses.toArray(String[]::new);
    }

    @Override
    public String[] getDivertNames() {
      return diverts.toArray(String[]::new);
    }

    @Override
    public void createQueue(String configuration, boolean ignoreIfExists) {
      queues.add(
          jakarta.json.Json.createReader(new java.io.StringReader(configuration))
              .readObject()
              .getString("name"));
    }

    @Override
    public void createAddress(String name, String routingTypes) {
      addresses.add(name);
    }

    @Override
    public void createDivert(
        String name,
        String routingName,
        String address,
        String forwardingAddress,
        boolean exclusive,
        String filter,
        String transformerClassName,
        String routingType) {
      diverts.add(name);
    }

    @Override
    public void destroyDivert(String name) {
      diverts.remove(name);
    }

    @Override
    public void destroyQueue(String name, boolean removeConsumers) {
      queues.remove(name);
    }

    @Override
    public String addAddressSettings(String match, String json) {
      addressSettings.put(match, json);
      return json;
    }

    @Override
    public void removeAddressSettings(String match) {
      addressSettings.remove(match);
    }
  }

  /** The part of Artemis' QueueControl that ReplicaDestinations uses. */
  public interface Queue {
    long getMessageCount();

    int moveMessages(String filter, String otherQueueName) throws Exception;
  }

  /** A queue holding some messages, which it moves when asked, or refuses to. */
  public static final class Held implements Queue {
    long count;
    String movedTo;
    boolean refuse;

    Held(long count) {
      this.count = count;
    }

    @Override
    public long getMessageCount() {
      return count;
    }

    @Override
    public int moveMessages(String filter, String otherQueueName) throws Exception {
      if (refuse) {
        throw new Exception("No queue " + otherQueueName);
      }
      movedTo = otherQueueName;
      int moved = (int) count;
      count = 0;
      return moved;
    }
  }

  private final Journal journal = new Journal();
  private MBeanServer mbeans;

  @BeforeEach
  void broker() throws Exception {
    mbeans = MBeanServerFactory.newMBeanServer();
    mbeans.registerMBean(new StandardMBean(journal, Broker.class), BrokerManagement.broker());
  }

  @Test
  void givenEveryReplicaLocal_whenEnsured_thenEveryChannelDivertedToTheServersQueues() {
    ReplicaDestinations destinations = new ReplicaDestinations();

    destinations.ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE", "TWO"));

    assertThat(journal.diverts)
        .containsExactlyInAnyOrder(
            "netarchive-jms.queue.DEV_ONE_ANY_BA",
            "netarchive-jms.queue.DEV_ONE_THE_BAMON",
            "netarchive-jms.topic.DEV_ONE_ALL_BA",
            "netarchive-jms.queue.DEV_TWO_ANY_BA",
            "netarchive-jms.queue.DEV_TWO_THE_BAMON",
            "netarchive-jms.topic.DEV_TWO_ALL_BA");
    assertThat(destinations.replicaOfAddress("jms.queue.DEV_TWO_ANY_BA")).isEqualTo("TWO");
  }

  @Test
  void givenTwoOnANodeAfterAStartWhenItWasLocal_whenEnsured_thenItsUploadAndRequestDivertsGone() {
    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE", "TWO"));
    ReplicaDestinations restarted = new ReplicaDestinations();

    restarted.ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE"));

    assertThat(journal.diverts)
        .as("TWO's uploads and requests stay in its channels for the node; its monitor is here")
        .containsExactlyInAnyOrder(
            "netarchive-jms.queue.DEV_ONE_ANY_BA",
            "netarchive-jms.queue.DEV_ONE_THE_BAMON",
            "netarchive-jms.topic.DEV_ONE_ALL_BA",
            "netarchive-jms.queue.DEV_TWO_THE_BAMON",
            "netarchive-node-jms.topic.DEV_TWO_ALL_BA");
    assertThat(journal.queues)
        .as("the node's replica keeps its channels on this broker, and the node its requests")
        .contains(
            "jms.queue.DEV_TWO_ANY_BA",
            "jms.queue.DEV_TWO_THE_BAMON",
            "jms.queue.DEV_TWO_NODE_REQUESTS");
    assertThat(journal.addresses).contains("jms.topic.DEV_TWO_ALL_BA");
    assertThat(journal.addressSettings)
        .as("the queues the node consumes are redelivered more often than the installation's")
        .containsOnlyKeys("jms.queue.DEV_TWO_ANY_BA", "jms.queue.DEV_TWO_NODE_REQUESTS")
        .containsValue("{\"maxDeliveryAttempts\":25}");
    assertThat(restarted.replicaIds()).containsExactly("ONE", "TWO");
    assertThat(restarted.replicaOfAddress("jms.queue.DEV_TWO_THE_BAMON")).isEqualTo("TWO");
  }

  @Test
  void givenTwoLocalAgainAfterAStartOnANode_whenEnsured_thenTheNodesRequestDivertGone() {
    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE"));

    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE", "TWO"));

    assertThat(journal.diverts)
        .as("TWO's requests reach this server's bitarchive only")
        .doesNotContain("netarchive-node-jms.topic.DEV_TWO_ALL_BA")
        .contains("netarchive-jms.queue.DEV_TWO_ANY_BA", "netarchive-jms.topic.DEV_TWO_ALL_BA");
    assertThat(journal.addressSettings)
        .as("the installation's settings again for TWO's uploads")
        .doesNotContainKey("jms.queue.DEV_TWO_ANY_BA");
  }

  @Test
  void givenTwoLocalAgainWithRequestsLeftForItsNode_whenEnsured_thenMovedHereAndTheQueueRemoved()
      throws Exception {
    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE"));
    Held left = new Held(3);
    mbeans.registerMBean(
        new StandardMBean(left, Queue.class),
        ReplicaDestinations.queueControl("jms.queue.DEV_TWO_NODE_REQUESTS"));

    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE", "TWO"));

    assertThat(left.movedTo).isEqualTo("jms.queue.DEV_COMMON_BITARCHIVE_REQUESTS");
    assertThat(journal.queues).doesNotContain("jms.queue.DEV_TWO_NODE_REQUESTS");
    assertThat(journal.addressSettings).as("the installation's settings again").isEmpty();
  }

  @Test
  void givenTheNodesRequestsCannotBeMoved_whenTwoIsLocalAgain_thenTheirQueueIsKept()
      throws Exception {
    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE"));
    Held left = new Held(3);
    left.refuse = true;
    mbeans.registerMBean(
        new StandardMBean(left, Queue.class),
        ReplicaDestinations.queueControl("jms.queue.DEV_TWO_NODE_REQUESTS"));

    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE", "TWO"));

    assertThat(left.count).isEqualTo(3);
    assertThat(journal.queues)
        .as("not destroyed with its requests in it")
        .contains("jms.queue.DEV_TWO_NODE_REQUESTS");
  }

  @Test
  void givenTwoNamedNodesOfTwo_whenEnsured_thenEachHasItsOwnCopyOfTheRequestsAndNoneIsPlain()
      throws Exception {
    new ReplicaDestinations().ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE"));
    mbeans.registerMBean(
        new StandardMBean(new Held(0), Queue.class),
        ReplicaDestinations.queueControl("jms.queue.DEV_TWO_NODE_REQUESTS"));

    new ReplicaDestinations()
        .ensure(
            mbeans,
            DEV,
            List.of("ONE", "TWO"),
            List.of("ONE"),
            replica -> replica.equals("TWO") ? List.of("N1", "N2") : List.of());

    assertThat(journal.diverts)
        .contains(
            "netarchive-node-N1-jms.topic.DEV_TWO_ALL_BA",
            "netarchive-node-N2-jms.topic.DEV_TWO_ALL_BA")
        .as("the single node's copy would wait for a node that no longer runs")
        .doesNotContain("netarchive-node-jms.topic.DEV_TWO_ALL_BA");
    assertThat(journal.queues)
        .contains("jms.queue.DEV_TWO_NODE_REQUESTS_N1", "jms.queue.DEV_TWO_NODE_REQUESTS_N2")
        .doesNotContain("jms.queue.DEV_TWO_NODE_REQUESTS");
    assertThat(journal.addressSettings)
        .containsOnlyKeys(
            "jms.queue.DEV_TWO_ANY_BA",
            "jms.queue.DEV_TWO_NODE_REQUESTS_N1",
            "jms.queue.DEV_TWO_NODE_REQUESTS_N2");
  }

  @Test
  void givenANodeNoLongerNamed_whenEnsured_thenItsDivertGoneAndItsRequestsMovedToAnotherNode()
      throws Exception {
    List<String> both = List.of("N1", "N2");
    new ReplicaDestinations()
        .ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE"), replica -> both);
    Held left = new Held(2);
    mbeans.registerMBean(
        new StandardMBean(left, Queue.class),
        ReplicaDestinations.queueControl("jms.queue.DEV_TWO_NODE_REQUESTS_N2"));

    new ReplicaDestinations()
        .ensure(mbeans, DEV, List.of("ONE", "TWO"), List.of("ONE"), replica -> List.of("N1"));

    assertThat(journal.diverts)
        .contains("netarchive-node-N1-jms.topic.DEV_TWO_ALL_BA")
        .doesNotContain("netarchive-node-N2-jms.topic.DEV_TWO_ALL_BA");
    assertThat(left.movedTo).isEqualTo("jms.queue.DEV_TWO_NODE_REQUESTS_N1");
    assertThat(journal.queues)
        .contains("jms.queue.DEV_TWO_NODE_REQUESTS_N1")
        .doesNotContain("jms.queue.DEV_TWO_NODE_REQUESTS_N2");
  }
}
