package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.BitarchiveBatchReply;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.Message;
import org.netpreserve.jwarc.WarcCompression;

/**
 * The monitor of replica ONE (THE_BAMON) with a second bitarchive instance beside the server's own:
 * the test, connected to the broker like a bitarchive on another machine, sends that instance's
 * heartbeats and answers the requests on the replica's ALL_BA topic. A batch job's result combines
 * both instances; a get is served by the instance holding the file; an instance whose heartbeats
 * stop is marked missing (component monitor, log) and no longer waited for. The IT server sends
 * heartbeats every 2 s and counts an instance missing after 8 s without one (failsafe settings).
 *
 * <p>Tagged database-neutral: the monitor keeps its state in memory.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BitarchiveMonitorIT {

  @TempDir Path dir;

  /** A bitarchive instance of replica ONE outside the server, holding one file of its own. */
  private static final class SimulatedInstance implements AutoCloseable {
    final String name = "bitarchive@simulated-" + UUID.randomUUID().toString().substring(0, 8);
    final String ownFile = "9-" + UUID.randomUUID().toString().substring(0, 8) + "-elsewhere.warc";
    final JmsMessages messages = JmsMessages.standard();
    final ActiveMQConnectionFactory factory;
    final JMSContext context;
    final JMSContext heartbeatContext;
    final JMSConsumer requests;
    final FileServer files;
    final Path work;
    final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();
    final List<String> problems = new java.util.concurrent.CopyOnWriteArrayList<>();
    final List<String> received = new java.util.concurrent.CopyOnWriteArrayList<>();

    SimulatedInstance(Path work) throws IOException {
      this.work = work;
      files = FileServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), false);
      // The server's destinations have the 1.x address prefixes (jms.queue., jms.topic.): a
      // client naming a queue finds it without them, but a topic only with them.
      factory = new ActiveMQConnectionFactory(ServerUnderTest.BROKER + "?enable1xPrefixes=true");
      context =
          factory.createContext(
              ServerUnderTest.AGENT, ServerUnderTest.agentPassword(), JMSContext.AUTO_ACKNOWLEDGE);
      heartbeatContext = context.createContext(JMSContext.AUTO_ACKNOWLEDGE);
      Topic allBa = context.createTopic(ArchiveFixtures.CHANNELS.allBa("ONE").name());
      requests = context.createConsumer(allBa);
      requests.setMessageListener(
          raw -> {
            try {
              Message request = messages.fromJms(raw);
              received.add(request.getClass().getSimpleName());
              Message answer = answer(request);
              if (answer != null) {
                // As a bitarchive on another machine does: to its replica's monitor, by name.
                Queue monitor =
                    context.createQueue(ArchiveFixtures.CHANNELS.theBamon("ONE").name());
                context.createProducer().send(monitor, messages.toTextMessage(context, answer));
              }
            } catch (Exception e) {
              problems.add(e.toString());
            }
          });
      heartbeats.scheduleAtFixedRate(this::beat, 0, 1, TimeUnit.SECONDS);
    }

    private Message answer(Message request) throws IOException {
      return switch (request) {
        case BatchRequest batch -> {
          Path result = Files.createTempFile(work, "part-", ".result");
          Files.writeString(result, ownFile + "\n");
          yield new BitarchiveBatchReply(
              batch.requestId(), "ONE", name, 1, List.of(), files.offer(result), null);
        }
        case GetFileRequest get ->
            GetFileReply.refused(
                get,
                "file '" + get.fileName() + "': no such file in the bitarchive of replica ONE");
        default -> null;
      };
    }

    void beat() {
      Heartbeat heartbeat =
          Heartbeat.builder()
              .component("bitarchive-ONE-" + name)
              .kind(ComponentKind.BITARCHIVE)
              .instance(name)
              .state("RUNNING")
              .sentAt(Instant.now())
              .channel(ArchiveFixtures.CHANNELS.anyBa("ONE").name())
              .detail("replica", "ONE")
              .build();
      // Like the server's bitarchives: to the component monitor and to the replica's monitor.
      for (String queue :
          List.of(
              ArchiveFixtures.CHANNELS.monitor().name(),
              ArchiveFixtures.CHANNELS.theBamon("ONE").name())) {
        Queue destination = heartbeatContext.createQueue(queue);
        heartbeatContext
            .createProducer()
            .send(destination, messages.toTextMessage(heartbeatContext, heartbeat));
      }
    }

    /**
     * Stops the heartbeats and the answers, as a bitarchive that died would. (An instance that only
     * stopped its heartbeats but still answered would have its batch part combined whenever it came
     * before the other instances': the monitor takes any instance's answer.)
     */
    void silence() throws InterruptedException {
      heartbeats.shutdownNow();
      heartbeats.awaitTermination(10, TimeUnit.SECONDS);
      requests.close();
    }

    @Override
    public void close() throws InterruptedException {
      silence();
      heartbeatContext.close();
      context.close();
      factory.close();
      files.close();
    }
  }

  @Test
  void givenSecondInstance_whenBatchAndGet_thenCombinedAndWhenItFallsSilent_thenMarkedMissing()
      throws Exception {
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      ArchiveClient client = fixtures.client(0);
      String stored = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-bamon.warc.gz";
      Path file = ArchiveFixtures.warc(dir.resolve(stored), WarcCompression.GZIP, 3, "bamon");
      String sha512 = ChecksumAlgorithm.SHA512.of(file);
      client.store(file);

      Path work = Files.createDirectories(dir.resolve("simulated"));
      try (SimulatedInstance other = new SimulatedInstance(work)) {
        awaitComponentState("bitarchive-ONE-" + other.name, "RUNNING");
        // The monitor takes the heartbeats from a queue of its own: wait until it counts the
        // new instance, or the batch below would not wait for its answer.
        await("the bitarchive monitor knows " + other.name)
            .atMost(Duration.ofSeconds(60))
            .until(
                ServerUnderTest::serverLogText,
                log ->
                    log.contains("Bitarchive instance '" + other.name + "' of replica ONE joined"));

        Path combined = dir.resolve("list.txt");
        BatchReply batch;
        try {
          batch = client.batch("list", Map.of(), null, "ONE", combined);
        } catch (IOException e) {
          throw new AssertionError(
              "second instance received " + other.received + ", failed with " + other.problems, e);
        }

        List<String> names = Files.readAllLines(combined, StandardCharsets.UTF_8);
        assertThat(names).contains(stored, other.ownFile);
        assertThat(batch.filesProcessed()).isEqualTo(names.size());

        Path copy = dir.resolve("copy.warc.gz");
        GetFileReply got = client.getFile(stored, "ONE", copy);
        assertThat(got.sha512()).isEqualTo(sha512);
        assertThat(ChecksumAlgorithm.SHA512.of(copy)).isEqualTo(sha512);

        other.silence();
        awaitComponentState("bitarchive-ONE-" + other.name, "MISSING");
        assertThat(ServerUnderTest.serverLogText())
            .contains("Bitarchive instance '" + other.name + "' of replica ONE is missing");

        Path alone = dir.resolve("alone.txt");
        client.batch("list", Map.of(), null, "ONE", alone);
        assertThat(Files.readAllLines(alone, StandardCharsets.UTF_8))
            .contains(stored)
            .doesNotContain(other.ownFile);
      }
    }
  }

  private static void awaitComponentState(String component, String state) throws Exception {
    Api.admin()
        .await(
            "/api/system/status",
            status ->
                status.getJsonArray("components").stream()
                    .map(JsonObject.class::cast)
                    .anyMatch(
                        c ->
                            component.equals(c.getString("component"))
                                && state.equals(c.getString("state"))),
            Duration.ofSeconds(60));
  }
}
