package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.HarvestedJobs.absent;
import static org.netarchive.ee.it.HarvestedJobs.archived;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.assertAdminDataCompleted;
import static org.netarchive.ee.it.HarvestedJobs.awaitEmpty;
import static org.netarchive.ee.it.HarvestedJobs.awaitJob;
import static org.netarchive.ee.it.HarvestedJobs.crawledUris;
import static org.netarchive.ee.it.HarvestedJobs.domains;
import static org.netarchive.ee.it.HarvestedJobs.finished;
import static org.netarchive.ee.it.HarvestedJobs.targetUris;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * The real harvester agent, started from the distribution the build made, against the provisioned
 * server. The first test is the harvest roundtrip through the REST API alone (the browser's is
 * {@link HarvestRoundtripBrowserIT}): a selective harvest made due through the REST API is crawled
 * by Heritrix from the synthetic site on loopback, its WARC files and metadata WARC end in both
 * replicas, and the job ends DONE with each domain's objects, bytes and stop reason. An agent
 * killed mid-crawl and started again finishes its job as FAILED with what was crawled stored; an
 * agent started while its broker is unreachable connects when the broker appears.
 *
 * <p>Both harvests are made due at once, so that one scheduler pass splits both.
 *
 * <p>Tagged database-neutral: on PostgreSQL, the job states and reports it records are
 * JobLifecycleIT's, OperationsIT's and SnapshotRoundtripIT's work there.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AgentOnServerIT {

  private static final long BYTE_LIMIT = 300_000;
  private static final int OBJECT_LIMIT = 12;
  private static final Duration CRAWL = Duration.ofSeconds(180);

  private static final Api ADMIN = Api.admin();
  private static final ScheduledHarvests HARVESTS = new ScheduledHarvests(ADMIN);

  /** Closed by JUnit after the class's tests. */
  @AutoClose private static SyntheticSite site;

  private static String complete;
  private static String objectLimited;
  private static String byteLimited;
  private static String slow;
  private static String selectiveChannel;
  private static String killChannel;
  private static String selective;
  private static String killed;

  @BeforeAll
  static void twoHarvestsDueNow() throws Exception {
    complete = ScheduledHarvests.unique("agentit-complete-") + ".dk";
    objectLimited = ScheduledHarvests.unique("agentit-objects-") + ".dk";
    byteLimited = ScheduledHarvests.unique("agentit-bytes-") + ".dk";
    // Host names starting with "slow" answer after a pause: a crawl that lasts.
    slow = ScheduledHarvests.unique("slow-agentit-") + ".dk";
    site =
        new SyntheticSite(
            17,
            List.of(
                new SyntheticSite.Host(complete, 6, 1, 800),
                new SyntheticSite.Host(objectLimited, 60, 1, 800),
                new SyntheticSite.Host(byteLimited, 150, 2, 3000),
                new SyntheticSite.Host(slow, 2000, 0, 500)));

    // The shipped template with the politeness of a local test crawl, as a curator uploads it.
    String template = HARVESTS.newFastTemplate("agentit_fast_");

    // All three with the same byte limit (a job has one), so that they share one job.
    selectiveChannel = HARVESTS.newChannel();
    selective = ScheduledHarvests.unique("Agent on server ");
    HARVESTS.createHarvest(selective, selectiveChannel, "Once");
    seeds(selective, "?template=" + template + "&maxBytes=" + BYTE_LIMIT, complete);
    seeds(
        selective,
        "?template=" + template + "&maxBytes=" + BYTE_LIMIT + "&maxObjects=" + OBJECT_LIMIT,
        objectLimited);
    seeds(selective, "?template=" + template + "&maxBytes=" + BYTE_LIMIT, byteLimited);

    killChannel = HARVESTS.newChannel();
    killed = ScheduledHarvests.unique("Agent killed ");
    HARVESTS.createHarvest(killed, killChannel, "Once");
    seeds(killed, "?template=" + template, slow);

    HARVESTS.activate(selective);
    HARVESTS.activate(killed);
  }

  /** Adds a domain's seed with {@link ScheduledHarvests#addFastSeed}. */
  private static void seeds(String harvest, String query, String domain) throws Exception {
    HARVESTS.addFastSeed(harvest, query, site.seed(domain));
  }

  @Test
  void
      givenADueSelectiveHarvest_whenTheRealAgentRunsIt_thenDoneWithStopReasonsAndFilesInBothReplicas()
          throws Exception {
    List<JsonObject> jobs =
        HARVESTS.awaitJobs(selective, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));
    assertThat(jobs).as("all three domains in one job").hasSize(1);
    long jobId = jobs.get(0).getJsonNumber("id").longValue();
    long harvestId = jobs.get(0).getJsonNumber("harvestId").longValue();
    String instance = ScheduledHarvests.unique("agentit-selective-");

    try (AgentProcess agent = ScheduledHarvests.agentOn(selectiveChannel, instance, site).start()) {
      JsonObject done = awaitJob(HARVESTS, jobId, finished(), CRAWL);

      JsonObject job = done.getJsonObject("job");
      assertThat(job.getString("status"))
          .as("job %s: %s\nagent log:\n%s", jobId, done, agent.tail())
          .isEqualTo("DONE");
      assertThat(job.getString("agent")).isEqualTo(instance);
      assertThat(absent(job, "startedAt")).as("it was STARTED").isFalse();
      assertThat(absent(job, "harvestError")).as(done.toString()).isTrue();
      assertThat(absent(job, "uploadError")).as(done.toString()).isTrue();
      JsonObject progress = job.getJsonObject("progress");
      assertThat(progress).as("the agent's progress reached the server").isNotNull();
      assertThat(progress.getJsonNumber("downloaded").longValue()).isPositive();
      assertThat(agent.logText()).contains("Took job " + jobId).contains("Reported job " + jobId);
      // the broker client's own log lines go to the agent's log (SLF4J bound to its logging)
      assertThat(agent.logText()).doesNotContain("No SLF4J providers");
      HarvestedJobs.assertLivedInOrderWithin(job, Duration.ofMinutes(2));

      Map<String, JsonObject> domains = domains(done);
      assertThat(domains.get(complete).getString("stopReason")).isEqualTo("DOWNLOAD_COMPLETE");
      // robots.txt, the front page, 6 pages and their images, the calendar pages they lead to
      assertThat(domains.get(complete).getJsonNumber("objects").longValue())
          .isGreaterThanOrEqualTo(new SyntheticSite.Host(complete, 6, 1, 800).fetchableObjects());
      assertThat(domains.get(objectLimited).getString("stopReason"))
          .isEqualTo("CONFIG_OBJECT_LIMIT");
      assertThat(domains.get(objectLimited).getJsonNumber("objects").longValue())
          .isBetween((long) OBJECT_LIMIT, (long) OBJECT_LIMIT + 2);
      assertThat(domains.get(byteLimited).getString("stopReason")).isEqualTo("CONFIG_SIZE_LIMIT");
      // Heritrix counts the byte quota in whole KiB of headers and bodies; the reported bytes are
      // the bodies: close to the limit, short of a whole site (~1 MB)
      assertThat(domains.get(byteLimited).getJsonNumber("bytes").longValue())
          .isBetween(BYTE_LIMIT * 9 / 10, BYTE_LIMIT + 100_000);

      List<String> files = archivedFilesOfJob(jobId);
      assertThat(files)
          .contains(jobId + "-metadata-1.warc")
          .anyMatch(n -> n.startsWith(jobId + "-" + harvestId + "-") && n.endsWith(".warc.gz"));
      assertAdminDataCompleted(ADMIN, files);
      Path metadata = archived("ONE", jobId + "-metadata-1.warc");
      List<String> metadataUris = targetUris(metadata);
      assertThat(metadataUris)
          .anyMatch(u -> u.contains("crawl/logs/crawl.log"))
          .anyMatch(u -> u.contains("crawl/index/cdx") && u.contains("filename=" + jobId + "-"))
          .anyMatch(u -> u.contains("crawl/setup/crawler-beans.cxml"));
      assertThat(crawledUris("ONE", files)).contains(site.seed(complete) + "page/6.html");
      assertRecordThroughApiIsTheServedPage(files, site.seed(complete) + "page/6.html");
      awaitEmpty(agent.jobs());
    }
  }

  @Test
  void givenAnAgentKilledMidCrawl_whenStartedAgain_thenTheJobFailsWithWhatWasCrawledStored()
      throws Exception {
    List<JsonObject> jobs =
        HARVESTS.awaitJobs(killed, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));
    assertThat(jobs).hasSize(1);
    long jobId = jobs.get(0).getJsonNumber("id").longValue();
    String instance = ScheduledHarvests.unique("agentit-killed-");

    try (AgentProcess agent = ScheduledHarvests.agentOn(killChannel, instance, site).start()) {
      awaitJob(
          HARVESTS,
          jobId,
          j ->
              j.getJsonObject("job").getJsonObject("progress") != null
                  && j.getJsonObject("job")
                          .getJsonObject("progress")
                          .getJsonNumber("downloaded")
                          .longValue()
                      >= 20,
          CRAWL);
      agent.kill();
      assertThat(HARVESTS.job(jobId).getJsonObject("job").getString("status")).isEqualTo("STARTED");
      assertThat(heritrixOf(agent)).as("Heritrix outlives its killed agent").isNotEmpty();

      agent.start();
      JsonObject failed = awaitJob(HARVESTS, jobId, finished(), CRAWL);

      JsonObject job = failed.getJsonObject("job");
      assertThat(job.getString("status")).as("%s\n%s", failed, agent.tail()).isEqualTo("FAILED");
      assertThat(job.getString("harvestError")).contains("The crawl of job " + jobId + " failed");
      assertThat(failed.getString("harvestErrorDetails"))
          .contains("stopped (crashed, was killed or shut down) while working on job " + jobId);
      assertThat(absent(job, "uploadError")).as(failed.toString()).isTrue();
      JsonObject domain = domains(failed).get(slow);
      assertThat(domain.getJsonNumber("objects").longValue()).isGreaterThanOrEqualTo(20);
      assertThat(heritrixOf(agent)).as("the restarted agent stopped the old Heritrix").isEmpty();

      List<String> files = archivedFilesOfJob(jobId);
      assertThat(files)
          .contains(jobId + "-metadata-1.warc")
          .anyMatch(n -> !n.contains("metadata") && n.endsWith(".warc.gz"));
      assertAdminDataCompleted(ADMIN, files);
      assertThat(crawledUris("TWO", files)).contains(site.seed(slow) + "page/1.html");
      awaitEmpty(agent.jobs());
    }
  }

  @Test
  void givenTheBrokerUnreachableAtStart_whenItComesUp_thenTheAgentConnectsAndIsSeen()
      throws Exception {
    String instance = ScheduledHarvests.unique("agentit-late-");
    int port;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = probe.getLocalPort();
    }
    String channel = HARVESTS.newChannel();
    BrokerRelay relay = null;
    try (AgentProcess agent =
        ScheduledHarvests.agentOn(
                channel, instance, site, Map.of("broker.url", "tcp://127.0.0.1:" + port))
            .start()) {
      agent.awaitLog(
          "Cannot connect to the broker tcp://127.0.0.1:" + port, Duration.ofSeconds(60));
      assertThat(component(instance)).isNull();

      relay = new BrokerRelay(port, 61616 + ServerUnderTest.PORT_OFFSET);
      agent.awaitLog("Connected to the broker tcp://127.0.0.1:" + port, Duration.ofSeconds(60));
      JsonObject seen =
          await("the agent's heartbeat in /api/system/status, IDLE")
              .atMost(Duration.ofSeconds(30))
              .pollInterval(Duration.ofMillis(500))
              .until(
                  () -> component(instance), c -> c != null && c.getString("state").equals("IDLE"));
      assertThat(seen).as("the agent's heartbeat in /api/system/status").isNotNull();
      assertThat(seen.getString("state")).isEqualTo("IDLE");
      assertThat(seen.getString("kind")).isEqualTo("HARVESTER_AGENT");
      assertThat(seen.getString("component")).isEqualTo("harvester-agent");
      assertThat(seen.getString("channel")).isEqualTo(channel);

      // the server's and the agent's software versions: both the build's, so no agent is marked
      String version = System.getProperty("it.project.version");
      JsonObject status = json(ADMIN.get("/api/system/status"));
      assertThat(status.getString("serverVersion")).as("the server's version").isEqualTo(version);
      JsonObject agentView =
          status.getJsonArray("agents").getValuesAs(JsonObject.class).stream()
              .filter(a -> instance.equals(a.getString("instance")))
              .findFirst()
              .orElseThrow();
      assertThat(agentView.getJsonObject("details").getString("version", null))
          .as("the version in the agent's heartbeat")
          .isEqualTo(version);
    } finally {
      // after the agent has stopped, so that it does not wait for a broker gone again
      if (relay != null) {
        relay.close();
      }
    }
  }

  /** The agent's entry among the components of /api/system/status, or null. */
  private static JsonObject component(String instance) throws Exception {
    JsonObject status = json(ADMIN.get("/api/system/status"));
    return status.getJsonArray("components").getValuesAs(JsonObject.class).stream()
        .filter(c -> instance.equals(c.getString("instance", null)))
        .findFirst()
        .orElse(null);
  }

  /** Heritrix processes working in the agent's job directories. */
  private static List<ProcessHandle> heritrixOf(AgentProcess agent) {
    String jobs = agent.jobs().toString();
    return ProcessHandle.allProcesses()
        .filter(
            p -> {
              String line = p.info().commandLine().orElse("");
              return line.contains("org.archive.crawler.Heritrix") && line.contains(jobs);
            })
        .toList();
  }

  /**
   * Fetches the archived response for {@code uri} through {@code GET
   * /api/archive/files/{name}/records/{offset}?part=payload} (the offset found by reading the
   * replica's copy) and checks it is the page the site serves for that URI now (the site is
   * deterministic).
   */
  private static void assertRecordThroughApiIsTheServedPage(List<String> files, String uri)
      throws Exception {
    HarvestedJobs.ArchivedRecord record = HarvestedJobs.responseRecord(files, uri);
    HttpResponse<byte[]> fetched =
        ADMIN.getBytes(
            "/api/archive/files/"
                + Api.segment(record.file())
                + "/records/"
                + record.offset()
                + "?part=payload");
    assertThat(fetched.statusCode()).isEqualTo(200);
    assertThat(new String(fetched.body(), StandardCharsets.UTF_8))
        .as("%s at %s through the API", uri, record)
        .isEqualTo(HarvestedJobs.served(site, uri))
        .contains("<html");
  }

  /**
   * A broker that appears: forwards connections on a loopback port to the server's broker, so that
   * an agent configured with that port finds nothing listening until the relay starts.
   */
  private static final class BrokerRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final int target;
    private final List<Socket> sockets = new java.util.concurrent.CopyOnWriteArrayList<>();

    BrokerRelay(int port, int target) throws IOException {
      this.listener = new ServerSocket();
      listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      this.target = target;
      Thread.ofVirtual().start(this::accept);
    }

    private void accept() {
      while (!listener.isClosed()) {
        try {
          Socket client = listener.accept();
          Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
          sockets.add(client);
          sockets.add(server);
          Thread.ofVirtual().start(() -> pump(client, server));
          Thread.ofVirtual().start(() -> pump(server, client));
        } catch (IOException e) {
          return;
        }
      }
    }

    private static void pump(Socket from, Socket to) {
      try (InputStream in = from.getInputStream();
          OutputStream out = to.getOutputStream()) {
        in.transferTo(out);
      } catch (IOException e) {
        // one side closed
      } finally {
        try {
          from.close();
          to.close();
        } catch (IOException e) {
          // closed already
        }
      }
    }

    @Override
    public void close() throws IOException {
      listener.close();
      for (Socket socket : sockets) {
        socket.close();
      }
    }
  }
}
