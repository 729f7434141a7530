package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.HarvestedJobs.ENDED;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.assertAdminDataCompleted;
import static org.netarchive.ee.it.HarvestedJobs.assertDoneBy;
import static org.netarchive.ee.it.HarvestedJobs.awaitEmpty;
import static org.netarchive.ee.it.HarvestedJobs.crawledUris;
import static org.netarchive.ee.it.HarvestedJobs.domains;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.ChecksumRequest;

/**
 * The installation of issue 15 on one machine: a central server holding replica ONE (offset 300,
 * broker 61916, {@code NAS_REPLICAS=ONE,TWO,THREE,FOUR NAS_REPLICAS_LOCAL=ONE,FOUR}), a bitarchive
 * node holding replicas TWO and THREE (the server distribution's launcher with {@code
 * NAS_ROLE=node}, as on a node host: a second WildFly, offset 400, its own NAS_HOME, configured as
 * a node at its first start, netarchive-node.war on the central's broker, the consumers of THREE
 * declared by a deployment overlay; README-NODES.md), and two harvester agents on addresses of
 * their own, 127.0.0.2 and 127.0.0.3 ({@code archive.server.sourceAddress}): the central's log
 * names that address for every file each uploaded, and neither listens on any port. (Their broker
 * connections start from 127.0.0.1: the broker's client binds a source address only together with a
 * fixed source port, which two connections of one agent cannot share; on separate hosts the
 * question does not arise.) Replica FOUR, on the central, is checksum-only ({@code
 * NAS_BITARCHIVE_FOUR_CHECKSUM_ONLY=true}): it keeps each file's checksum, not its bytes.
 *
 * <p>The central is a new installation: it starts without NAS_ADMIN_PASSWORD, and the random admin
 * password it makes is in an owner-only file and in none of its logs. Its database knows no domain
 * but this test's, so a snapshot harvest here covers exactly the test's domains.
 *
 * <p>A snapshot harvest (five domains, at most three configurations a job: two jobs) and a
 * selective harvest are crawled at the same time, one by each agent; every file of every job ends
 * in the three replicas that keep bytes, on the two servers' disks, with one SHA-512, FOUR keeps
 * that checksum, and the central's admin data says UPLOAD_COMPLETED with that checksum for all
 * four. A cdx batch job over each of ONE, TWO and THREE gives the same result: the node's instances
 * hand their parts to the central's transfer endpoint, where the replica's monitor reads them. A
 * copy corrupted in TWO and one removed from THREE on the node's disk are found by a checksum audit
 * of TWO and a file-list audit of THREE (batch jobs on the node) and repaired from ONE. The node's
 * fetches of the central's offers go through a relay ({@link TransferRelay}, named as the central's
 * transfer endpoint), which lets a test hold the fetches under way while the node is killed
 * (SIGKILL): started again, the node takes both of its stores up again and completes them, and no
 * half file is left on it.
 *
 * <p>The central's HTTP request limit is low ({@code NAS_MAX_UPLOAD_BYTES}, 1 MiB), which the
 * shared test server cannot have without a reload: the agents' uploads and the node's deliveries of
 * larger files are exempt (TransferBodyLimit) and arrive, a UI upload of the same size is refused.
 * Its public names are configured as an installation behind a proxy has them ({@code
 * NAS_PUBLIC_HOSTS=archive.example.org}): the node's deliveries and fetches (to 127.0.0.1, the
 * transfer endpoint's host, always a name of the server) are taken, a request by another name
 * (localhost) is refused.
 *
 * <p>Database-neutral: both servers have H2 databases of their own.
 */
@Tag("database-neutral")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiHostIT {

  private static final int CENTRAL_OFFSET = 300;
  private static final int NODE_OFFSET = 400;
  private static final int SECOND_NODE_OFFSET = 500;
  private static final int BROKER_PORT = 61616 + CENTRAL_OFFSET;
  private static final int HTTP_PORT = 8080 + CENTRAL_OFFSET;
  private static final String BROKER = "tcp://127.0.0.1:" + BROKER_PORT;
  private static final String HTTP = "http://127.0.0.1:" + HTTP_PORT;

  private static final long BYTE_LIMIT = 300_000;
  private static final int CONFIGURATIONS_PER_JOB = 3;

  /** The central's HTTP request limit: below the size of the files stored and fetched whole. */
  private static final int SMALL_LIMIT = 1 << 20;

  private static final String REPLICAS = "ONE,TWO,THREE,FOUR";

  /** For all crawls of a harvest, one job after the other. */
  private static final Duration CRAWLS = Duration.ofSeconds(240);

  private static TransferRelay relay;
  private static ServerProcess central;
  private static Path nodeHome;
  private static ServerProcess node;
  private static ServerProcess secondNode;
  private static String adminPassword;
  private static Api admin;
  private static ScheduledHarvests harvests;

  @TempDir Path dir;

  @BeforeAll
  static void startCentralAndNode() throws Exception {
    relay = new TransferRelay(HTTP_PORT);
    central =
        ServerProcess.start(
            ServerProcess.freshBase("it-server-central"),
            CENTRAL_OFFSET,
            env -> {
              // a new installation's first start: the admin's password is made up
              env.remove("NAS_ADMIN_PASSWORD");
              env.put("NAS_REPLICAS", REPLICAS);
              env.put("NAS_REPLICAS_LOCAL", "ONE,FOUR");
              env.put("NAS_BITARCHIVE_FOUR_CHECKSUM_ONLY", "true");
              // TWO is held by two nodes, N1 (with THREE) and N2, which the last test starts
              env.put("NAS_BITARCHIVE_TWO_NODES", "N1,N2");
              env.put("NAS_BITARCHIVE_THREE_NODES", "N1");
              // an upload in flight when the node is killed can be dead-lettered by the broker:
              // its replica is asked again 30 s after (not 5 minutes), once the node is back
              env.put("NAS_ARCHIVE_ASK_AGAIN_AFTER_SECONDS", "30");
              env.put("NAS_AGENT_PASSWORD", ServerUnderTest.agentPassword());
              env.put("NAS_MAX_UPLOAD_BYTES", Integer.toString(SMALL_LIMIT));
              env.put("NAS_PUBLIC_HOSTS", "archive.example.org");
              env.put(
                  "NAS_ARCHIVE_TRANSFERS_URI",
                  "http://127.0.0.1:" + relay.port() + "/api/transfers");
            });
    adminPassword = Files.readString(adminPasswordFile(), StandardCharsets.UTF_8).strip();
    admin = Api.admin(HTTP, adminPassword);
    harvests = new ScheduledHarvests(admin);

    nodeHome =
        ServerProcess.nodeHome(
            "it-server-node",
            NODE_OFFSET,
            BROKER_PORT,
            REPLICAS,
            "TWO,THREE",
            // the corrections of a repair are checked by the replica's bitarchive: on the node
            Map.of(
                "NAS_NODE_NAME",
                "N1",
                "NAS_ARCHIVE_CORRECT_CREDENTIALS",
                Objects.requireNonNull(
                    System.getenv("NAS_ARCHIVE_CORRECT_CREDENTIALS"),
                    "NAS_ARCHIVE_CORRECT_CREDENTIALS of the failsafe environment")));
    node = startNode();
  }

  /** Starts the node holding TWO and THREE with the distribution's launcher, or starts it again. */
  private static ServerProcess startNode() throws Exception {
    return ServerProcess.startNode(nodeHome);
  }

  @AfterAll
  static void stopServers() throws Exception {
    if (relay != null) {
      relay.close();
    }
    if (secondNode != null) {
      secondNode.close();
    }
    if (node != null) {
      node.close();
    }
    if (central != null) {
      central.close();
    }
  }

  private static Path adminPasswordFile() {
    return central.base().resolve("data").resolve("admin-password");
  }

  @Test
  @Order(1)
  void givenAFirstStartWithoutAPassword_whenStarted_thenTheAdminPasswordIsInAnOwnerOnlyFileOnly()
      throws Exception {
    assertThat(adminPassword).hasSize(20);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(adminPasswordFile())))
        .isEqualTo("rw-------");
    HttpResponse<String> status = admin.get("/api/system/status");
    assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
    assertThat(status.body())
        .contains("Created the first administrator account 'admin'; its password is in ")
        .doesNotContain(adminPassword);
    List<Path> logs;
    try (Stream<Path> files = Files.walk(central.base().resolve("log"))) {
      logs = files.filter(Files::isRegularFile).toList();
    }
    assertThat(logs).contains(central.log());
    for (Path log : logs) {
      assertThat(Files.readString(log, StandardCharsets.ISO_8859_1))
          .as("%s", log)
          .doesNotContain(adminPassword);
    }
    assertThat(central.logText())
        .as("THREE's and FOUR's destinations were made by the central, from the configuration")
        .contains("Created the replica queue jms.queue.DEV_THREE_ANY_BA")
        .contains("Created the replica topic jms.topic.DEV_THREE_ALL_BA")
        .contains("Created the replica queue jms.queue.DEV_FOUR_ANY_BA");
    assertThat(node.logText())
        .contains(
            "Bitarchive node of the replicas [TWO, THREE] (of [ONE, TWO, THREE, FOUR]) started");
  }

  @Test
  @Order(2)
  void givenTwoAgentsOnTheirOwnAddresses_whenASnapshotAndASelectiveHarvestRunAtOnce_thenAllInBoth()
      throws Exception {
    assertThat(json(admin.get("/api/domains/statistics")).getJsonNumber("total").longValue())
        .as("a snapshot harvests every domain: the central has none but this test's")
        .isZero();
    String big = ScheduledHarvests.unique("mh-big-") + ".dk";
    List<SyntheticSite.Host> snapshotHosts = new ArrayList<>();
    for (int i = 1; i <= 4; i++) {
      snapshotHosts.add(
          new SyntheticSite.Host(ScheduledHarvests.unique("mh-" + i + "-") + ".dk", 6, 1, 800));
    }
    // about 1 MB of pages and images: more than the byte limit
    snapshotHosts.add(new SyntheticSite.Host(big, 150, 2, 3000));
    // The selective harvest's host holds its answers until the test has seen both crawls at once.
    String gated = ScheduledHarvests.unique("gated-mh-") + ".dk";
    List<SyntheticSite.Host> hosts = new ArrayList<>(snapshotHosts);
    hosts.add(new SyntheticSite.Host(gated, 20, 1, 800));

    try (SyntheticSite site = new SyntheticSite(23, hosts)) {
      String template = harvests.newFastTemplate("mh_fast_");
      long templateId =
          json(admin.get("/api/templates/" + template)).getJsonNumber("id").longValue();
      for (SyntheticSite.Host host : snapshotHosts) {
        harvests.syntheticDomain(host.name(), site.seed(host.name()), templateId);
      }
      String snapshotChannel = harvests.newChannel("SNAPSHOT");
      String selectiveChannel = harvests.newChannel();
      String snapshot = ScheduledHarvests.unique("Multi-host snapshot ");
      HttpResponse<String> created =
          admin.post(
              "/api/harvests/snapshot",
              Json.createObjectBuilder()
                  .add("name", snapshot)
                  .add("channel", snapshotChannel)
                  .add("maxBytesPerDomain", BYTE_LIMIT)
                  .build());
      assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
      HttpResponse<String> chunk =
          admin.put(
              "/api/settings/scheduling",
              Json.createObjectBuilder()
                  .add("split.configChunkSize", Integer.toString(CONFIGURATIONS_PER_JOB))
                  .build());
      assertThat(chunk.statusCode()).as(chunk.body()).isEqualTo(200);

      String selectiveAgentName = ScheduledHarvests.unique("mh-selective-");
      String snapshotAgentName = ScheduledHarvests.unique("mh-snapshot-");
      try (AgentProcess selectiveAgent =
              agentOn(selectiveChannel, selectiveAgentName, "127.0.0.2", site).start();
          AgentProcess snapshotAgent =
              agentOn(snapshotChannel, snapshotAgentName, "127.0.0.3", site).start()) {
        selectiveAgent.awaitLog("Archive client ready", Duration.ofSeconds(90));
        snapshotAgent.awaitLog("Archive client ready", Duration.ofSeconds(90));

        harvests.activate(snapshot);
        JsonObject run = harvests.awaitSplitRun(snapshot);
        assertThat(run.getString("status")).as(run.toString()).isEqualTo("DONE");
        assertThat(run.getJsonNumber("placed").longValue()).isEqualTo(snapshotHosts.size());
        // five configurations, at most three a job
        assertThat(run.getInt("jobsMade")).as(run.toString()).isEqualTo(2);

        // Made after the split, so that its domain is not one of the snapshot's.
        String selective =
            harvests.dueHarvest(
                "Multi-host selective ", selectiveChannel, template, site.seed(gated));
        long selectiveJob =
            ScheduledHarvests.onlyJob(
                harvests.awaitJobs(selective, js -> ScheduledHarvests.allIn(js, "STARTED")));
        // The selective crawl is held at the gate once its crawler asks the gated host; pages of
        // the snapshot's hosts fetched after that, while the job still crawls, prove two crawls at
        // once.
        await("the selective job " + selectiveJob + "'s crawler at the gate")
            .atMost(CRAWLS)
            .pollInterval(Duration.ofMillis(250))
            .until(() -> site.heldAtGate() > 0);
        long snapshotRequests = requests(site, snapshotHosts);
        await("the snapshot crawled while the selective job " + selectiveJob + " is held")
            .atMost(CRAWLS)
            .pollInterval(Duration.ofMillis(250))
            .until(
                () ->
                    requests(site, snapshotHosts) > snapshotRequests
                        && ScheduledHarvests.inStatus("STARTED").test(harvests.job(selectiveJob)));
        for (AgentProcess agent : List.of(selectiveAgent, snapshotAgent)) {
          assertThat(ProcessSockets.listening(agent.pid()))
              .as("listening while crawling")
              .isEmpty();
        }
        site.openGate();

        List<JsonObject> snapshotJobs =
            harvests.awaitJobs(
                snapshot,
                js ->
                    js.size() == run.getInt("jobsMade")
                        && js.stream().allMatch(j -> ENDED.contains(j.getString("status"))),
                CRAWLS);
        JsonObject selectiveDone =
            HarvestedJobs.awaitJob(harvests, selectiveJob, HarvestedJobs.finished(), CRAWLS);

        JsonObject job =
            assertDoneBy(
                selectiveJob, selectiveDone, selectiveAgentName, selectiveChannel, selectiveAgent);
        List<String> selectiveFiles = archivedFilesOfJob(filedirs(), selectiveJob);
        assertThat(selectiveFiles).contains(selectiveJob + "-metadata-1.warc");
        assertStoredEverywhere(selectiveFiles);
        assertThat(crawledUris(filedirs().get("ONE"), selectiveFiles)).contains(site.seed(gated));
        assertUploadedFrom(selectiveFiles, "127.0.0.2");
        assertThat(job.getString("status")).isEqualTo("DONE");

        Map<String, JsonObject> domains = new TreeMap<>();
        List<String> crawled = new ArrayList<>();
        for (JsonObject summary : snapshotJobs) {
          long jobId = summary.getJsonNumber("id").longValue();
          long harvestId = summary.getJsonNumber("harvestId").longValue();
          JsonObject details = harvests.job(jobId);
          JsonObject done =
              assertDoneBy(jobId, details, snapshotAgentName, snapshotChannel, snapshotAgent);
          assertThat(done.getInt("configurationCount")).isBetween(1, CONFIGURATIONS_PER_JOB);
          assertThat(details.getJsonNumber("maxBytesPerDomain").longValue()).isEqualTo(BYTE_LIMIT);
          assertThat(details.getBoolean("byteLimitByHarvest")).isTrue();
          Map<String, JsonObject> ofJob = domains(details);
          assertThat(ofJob).hasSize(done.getInt("configurationCount"));
          ofJob.forEach(
              (name, domain) ->
                  assertThat(domains.put(name, domain)).as("%s in one job only", name).isNull());
          List<String> files = archivedFilesOfJob(filedirs(), jobId);
          assertThat(files)
              .contains(jobId + "-metadata-1.warc")
              .anyMatch(n -> n.startsWith(jobId + "-" + harvestId + "-") && n.endsWith(".warc.gz"));
          assertStoredEverywhere(files);
          assertUploadedFrom(files, "127.0.0.3");
          crawled.addAll(crawledUris(filedirs().get("ONE"), files));
        }
        assertThat(domains.keySet())
            .containsExactlyInAnyOrderElementsOf(
                snapshotHosts.stream().map(SyntheticSite.Host::name).toList());
        for (SyntheticSite.Host host : snapshotHosts) {
          JsonObject domain = domains.get(host.name());
          assertThat(crawled).as("front page of %s", host.name()).contains(site.seed(host.name()));
          if (host.name().equals(big)) {
            // stopped by the harvest's byte limit, not by its configuration's own (1 GB)
            assertThat(domain.getString("stopReason"))
                .as(domain.toString())
                .isEqualTo("SIZE_LIMIT");
            assertThat(domain.getJsonNumber("bytes").longValue())
                .isBetween(BYTE_LIMIT * 9 / 10, BYTE_LIMIT + 100_000);
          } else {
            assertThat(domain.getString("stopReason"))
                .as(domain.toString())
                .isEqualTo("DOWNLOAD_COMPLETE");
            assertThat(domain.getJsonNumber("objects").longValue())
                .isGreaterThanOrEqualTo(host.fetchableObjects());
            assertThat(domain.getJsonNumber("bytes").longValue())
                .isPositive()
                .isLessThan(BYTE_LIMIT);
          }
        }
        awaitEmpty(selectiveAgent.jobs());
        awaitEmpty(snapshotAgent.jobs());
        for (AgentProcess agent : List.of(selectiveAgent, snapshotAgent)) {
          assertThat(ProcessSockets.listening(agent.pid())).as("listening after storing").isEmpty();
        }
      }
    }
  }

  @Test
  @Order(3)
  void givenTheHarvestedFiles_whenACdxBatchRunsOnEachReplica_thenTheNodesGiveWhatTheCentralGives()
      throws Exception {
    long files;
    try (Stream<Path> listed = Files.list(filedirs().get("ONE"))) {
      files = listed.count();
    }
    Map<String, String> results = new TreeMap<>();
    for (String replica : filedirs().keySet()) {
      JsonObject run =
          admin.batch(
              Json.createObjectBuilder().add("job", "cdx").add("replica", replica).build(),
              Duration.ofSeconds(90));
      String id = run.getString("id");
      assertThat(run.getString("state")).as("the batch on %s: %s", replica, run).isEqualTo("DONE");
      assertThat(run.getInt("filesProcessed")).as("files of %s", replica).isEqualTo(files);
      assertThat(run.getJsonArray("fileFailures")).isEmpty();
      HttpResponse<String> result = admin.get("/api/archive/batches/" + id + "/result");
      assertThat(result.statusCode()).isEqualTo(200);
      results.put(replica, result.body());
    }
    // Each instance processes its files in name order: the same files give the same lines.
    assertThat(results.get("ONE")).isNotEmpty().contains(".warc");
    assertThat(results.get("TWO")).as("TWO's, from the node").isEqualTo(results.get("ONE"));
    assertThat(results.get("THREE")).as("THREE's, from the node").isEqualTo(results.get("ONE"));
    assertThat(central.logText())
        .containsPattern("Batch part of instance '[^']+' for \\S+ arrived")
        .doesNotContain("reported its part delivered, but no complete delivery arrived");
  }

  @Test
  @Order(4)
  void
      givenACorruptCopyInTwoAndAMissingOneInThree_whenTheNodesReplicasAreAudited_thenFoundRepaired()
          throws Exception {
    List<String> metadata;
    try (Stream<Path> listed = Files.list(filedirs().get("ONE"))) {
      // metadata files: no later job's revisits lose their original when one is corrected
      metadata =
          listed
              .map(p -> p.getFileName().toString())
              .filter(n -> n.contains("-metadata-"))
              .sorted()
              .toList();
    }
    assertThat(metadata).hasSizeGreaterThanOrEqualTo(2);
    String corrupt = metadata.get(0);
    String missing = metadata.get(1);
    String corruptSha = ChecksumAlgorithm.SHA512.of(filedirs().get("ONE").resolve(corrupt));
    String missingSha = ChecksumAlgorithm.SHA512.of(filedirs().get("ONE").resolve(missing));
    Path copy = filedirs().get("TWO").resolve(corrupt);
    byte[] bytes = Files.readAllBytes(copy);
    bytes[bytes.length / 2] ^= 0x10;
    assertThat(copy.toFile().setWritable(true)).isTrue();
    Files.write(copy, bytes);
    assertThat(copy.toFile().setReadOnly()).isTrue();
    Files.delete(filedirs().get("THREE").resolve(missing));

    // both read on the node by batch jobs (checksum, sizes) whose parts the central collects
    long checksums = audit("TWO", "checksum");
    long list = audit("THREE", "list");

    assertThat(admin.copiesIn("TWO", "CORRUPT")).containsExactly(corrupt);
    assertThat(admin.copiesIn("TWO", "MISSING")).isEmpty();
    assertThat(admin.copiesIn("THREE", "MISSING")).containsExactly(missing);
    assertThat(admin.copiesIn("THREE", "CORRUPT")).isEmpty();
    for (String replica : List.of("TWO", "THREE")) {
      assertThat(admin.copiesIn(replica, "UNKNOWN_FILE"))
          .as("unknown files in %s", replica)
          .isEmpty();
    }
    assertThat(events(checksums)).containsExactly("FOUND_CORRUPT TWO " + corrupt);
    assertThat(events(list)).containsExactly("FOUND_MISSING THREE " + missing);

    // the source is ONE's copy, the node's copies checked by checksum batch jobs on the node
    for (String name : List.of(corrupt, missing)) {
      HttpResponse<String> repaired =
          admin.post(
              "/api/preservation/files/" + Api.segment(name) + "/repair",
              Json.createObjectBuilder().add("reason", "IT: damaged on the node").build());
      assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(200);
      assertThat(json(repaired).getString("source")).isEqualTo("ONE");
    }
    assertThat(ChecksumAlgorithm.SHA512.of(filedirs().get("TWO").resolve(corrupt)))
        .isEqualTo(corruptSha);
    assertThat(ChecksumAlgorithm.SHA512.of(filedirs().get("THREE").resolve(missing)))
        .isEqualTo(missingSha);
    try (Stream<Path> attic = Files.list(bitarchive(node, "TWO").resolve("atticdir"))) {
      assertThat(attic.map(p -> p.getFileName().toString()))
          .as("the corrupt copy, kept in the node's attic")
          .singleElement()
          .asString()
          .startsWith(corrupt + ".");
    }
    assertThat(admin.copiesIn("TWO", "CORRUPT")).isEmpty();
    assertThat(admin.copiesIn("THREE", "MISSING")).isEmpty();
  }

  /** Runs an audit of a replica through the API to its end; returns the run's id. */
  private static long audit(String replica, String kind) throws Exception {
    JsonObject run = admin.completedAudit(replica, kind, Duration.ofSeconds(90));
    assertThat(run.getJsonNumber("filesChecked").longValue())
        .as("every file on the node's disk checked once")
        .isEqualTo(filesIn(replica));
    return run.getJsonNumber("id").longValue();
  }

  private static int filesIn(String replica) throws IOException {
    try (Stream<Path> listed = Files.list(filedirs().get(replica))) {
      return (int) listed.count();
    }
  }

  /** An audit run's findings in the ledger, as {@code EVENT REPLICA FILE}. */
  private static List<String> events(long runId) throws Exception {
    HttpResponse<String> ledger = admin.get("/api/preservation/ledger?size=10000");
    assertThat(ledger.statusCode()).as(ledger.body()).isEqualTo(200);
    return Api.jsonArray(ledger).stream()
        .map(JsonValue::asJsonObject)
        .filter(e -> e.containsKey("runId") && e.getJsonNumber("runId").longValue() == runId)
        .filter(e -> e.getString("event").startsWith("FOUND_"))
        .map(
            e ->
                e.getString("event") + " " + e.getString("replica") + " " + e.getString("fileName"))
        .toList();
  }

  @Test
  @Order(5)
  void givenALowRequestLimitAndPublicNames_whenABigUiUploadOrAForeignHost_thenRefused()
      throws Exception {
    Path file =
        WarcFixtures.bigWarc(
            dir.resolve(WarcFixtures.uniquePrefix() + "00001-limit.warc"), 2 * SMALL_LIMIT);

    HttpResponse<String> refused = uploadOrNull(file);
    if (refused != null) {
      assertThat(refused.statusCode()).as(refused.body()).isNotEqualTo(202).isGreaterThan(399);
    }
    HttpResponse<String> stored =
        admin.get("/api/archive/files/" + Api.segment(file.getFileName().toString()));
    assertThat(stored.statusCode()).as("the refused upload was not stored").isEqualTo(404);

    // localhost is no longer one of its names once NAS_PUBLIC_HOSTS names others
    HttpResponse<String> byOtherName =
        ServerUnderTest.send(
            ServerUnderTest.asUser(
                    ServerUnderTest.request("http://localhost:" + HTTP_PORT + "/api/jobs"),
                    ServerUnderTest.ADMIN,
                    adminPassword)
                .GET()
                .build());
    assertThat(byOtherName.statusCode()).as(byOtherName.body()).isEqualTo(400);
    assertThat(byOtherName.body()).contains("Host 'localhost:", "NAS_PUBLIC_HOSTS");
  }

  @Test
  @Order(6)
  void givenStoresUnderWayOnTheNode_whenTheNodeIsKilledAndStartedAgain_thenTheStoresComplete()
      throws Exception {
    // The node's killed consumers must not count the upload's deliveries up to the dead-letter
    // queue: the queues nodes consume take more redeliveries than the installation's.
    int installationDeliveries =
        Integer.parseInt(System.getenv().getOrDefault("NAS_JMS_MAX_DELIVERY_ATTEMPTS", "5"));
    for (String queue :
        List.of("TWO_ANY_BA", "THREE_ANY_BA", "TWO_NODE_REQUESTS_N1", "COMMON_THE_REPOS")) {
      ModelNode resolve =
          ServerUnderTest.operation(
              "resolve-address-setting", "subsystem", "messaging-activemq", "server", "default");
      resolve.get("activemq-address").set("jms.queue." + ServerUnderTest.ENVIRONMENT + "_" + queue);
      ModelNode result = ServerUnderTest.management(CENTRAL_OFFSET, resolve);
      assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
      assertThat(result.get("result", "max-delivery-attempts").asInt())
          .as("deliveries of " + queue)
          .isEqualTo(queue.startsWith("COMMON") ? installationDeliveries : 25);
    }
    String name = WarcFixtures.uniquePrefix() + "00001-nodekill.warc";
    Path file = WarcFixtures.bigWarc(dir.resolve(name), 8 << 20);
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    List<Path> onNode = List.of(bitarchive(node, "TWO"), bitarchive(node, "THREE"));

    // Each fetch past the node's first two 1 MiB buffers, so that it has written some of its copy:
    // the node fetches once for TWO and once for THREE.
    relay.holdAfter(3 << 20);
    CompletableFuture<String> stored = storeInBackground(file);
    await("the node writing its copies of " + name + " in TWO and THREE")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              for (Path bitarchive : onNode) {
                if (temporaryFiles(bitarchive).stream().noneMatch(f -> f.toFile().length() > 0)) {
                  return false;
                }
              }
              return true;
            });
    node.kill();

    for (Path bitarchive : onNode) {
      assertThat(temporaryFiles(bitarchive)).as("the half copy the kill left").isNotEmpty();
      assertThat(bitarchive.resolve("filedir").resolve(name)).doesNotExist();
    }
    assertThat(stored).as("the store waits for TWO and THREE").isNotDone();
    relay.release();
    node = startNode();

    assertThat(completed(stored, name))
        .as("the checksum every replica confirmed")
        .isEqualTo(sha512);
    for (Path filedir : filedirs().values()) {
      assertThat(ChecksumAlgorithm.SHA512.of(filedir.resolve(name))).isEqualTo(sha512);
    }
    assertChecksumOnlyRecords(List.of(name));
    for (Path bitarchive : onNode) {
      assertThat(temporaryFiles(bitarchive)).as("no half file on the node").isEmpty();
    }
    assertThat(temporaryFiles(bitarchive(central, "ONE"))).as("none on the central").isEmpty();
    assertThat(node.logText()).contains("left by a store that did not finish");
    assertThat(bitarchive(central, "TWO")).as("no bitarchive of TWO on the central").doesNotExist();
    assertThat(bitarchive(node, "ONE")).as("no bitarchive of ONE on the node").doesNotExist();

    // A get of TWO's copy: central API -> TWO's monitor -> the node's request queue -> the node
    // delivers the file (eight times the central's request limit) to the central's transfer
    // endpoint.
    HttpResponse<byte[]> fetched =
        admin.getBytes("/api/archive/files/" + Api.segment(name) + "/content?replica=TWO");
    assertThat(fetched.statusCode()).as(() -> new String(fetched.body())).isEqualTo(200);
    assertThat(fetched.body()).isEqualTo(Files.readAllBytes(file));
  }

  @Test
  @Order(7)
  void givenASecondNodeOfTwo_whenStoredGotChecksummedAndBatched_thenOneStoresAndAllAnswer()
      throws Exception {
    secondNode =
        ServerProcess.startNode(
            ServerProcess.nodeHome(
                "it-server-node2",
                SECOND_NODE_OFFSET,
                BROKER_PORT,
                REPLICAS,
                "TWO",
                Map.of("NAS_NODE_NAME", "N2")));
    awaitInstance("N2", "joined", 0);
    String earlier = firstFile(bitarchive(node, "TWO").resolve("filedir"));

    // N1 stopped: TWO's upload can only be taken by N2, and THREE's waits in its queue for N1.
    int logged = central.logText().length();
    node.close();
    String name = WarcFixtures.uniquePrefix() + "00001-second-node.warc";
    Path file = WarcFixtures.bigWarc(dir.resolve(name), 1 << 20);
    CompletableFuture<String> stored = storeInBackground(file);
    Path onSecond = bitarchive(secondNode, "TWO").resolve("filedir").resolve(name);
    await("TWO's copy of " + name + " stored by N2")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> Files.exists(onSecond));
    assertThat(stored).as("the store waits for THREE, on N1").isNotDone();
    awaitInstance("N1", "is missing", logged);
    logged = central.logText().length();
    node = startNode();
    assertThat(completed(stored, name)).isEqualTo(ChecksumAlgorithm.SHA512.of(file));
    assertThat(bitarchive(node, "TWO").resolve("filedir").resolve(name))
        .as("one instance of TWO stores it")
        .doesNotExist();
    // The requests below wait for N1 again once it beats again.
    awaitInstance("N1", "sends heartbeats again", logged);

    // Gets and checksums go to both instances of TWO; the one holding the copy answers.
    for (String held : List.of(name, earlier)) {
      HttpResponse<byte[]> fetched =
          admin.getBytes("/api/archive/files/" + Api.segment(held) + "/content?replica=TWO");
      assertThat(fetched.statusCode()).as(() -> new String(fetched.body())).isEqualTo(200);
      assertThat(fetched.body())
          .as("TWO's copy of %s", held)
          .isEqualTo(Files.readAllBytes(filedirs().get("ONE").resolve(held)));
      assertThat(checksumThroughTheMonitor(held).sha512())
          .as("the checksum of TWO's copy of %s, through its monitor", held)
          .isEqualTo(ChecksumAlgorithm.SHA512.of(filedirs().get("ONE").resolve(held)));
    }
    ChecksumReply none = checksumThroughTheMonitor(WarcFixtures.uniquePrefix() + "nowhere.warc");
    assertThat(none.sha512()).isNull();
    assertThat(none.failure()).contains("is not in this bitarchive");

    // A batch over TWO runs on both instances and gives what ONE gives, each file once.
    Map<String, List<String>> lines = new TreeMap<>();
    for (String replica : List.of("ONE", "TWO")) {
      JsonObject run =
          admin.batch(
              Json.createObjectBuilder().add("job", "checksum").add("replica", replica).build(),
              Duration.ofSeconds(90));
      assertThat(run.getString("state")).as("the batch on %s: %s", replica, run).isEqualTo("DONE");
      HttpResponse<String> result =
          admin.get("/api/archive/batches/" + run.getString("id") + "/result");
      assertThat(result.statusCode()).isEqualTo(200);
      lines.put(replica, result.body().lines().sorted().toList());
    }
    assertThat(lines.get("TWO")).contains(name + "##" + ChecksumAlgorithm.SHA512.of(file));
    assertThat(lines.get("TWO")).as("N1's and N2's parts").isEqualTo(lines.get("ONE"));
    assertThat(central.logText()).containsPattern("Batch part of instance 'bitarchive-N2@");
  }

  @Test
  @Order(8)
  void givenAnUploadOutlastingTheNodesTransactionTimeout_whenStored_thenRunOnceAndCompleted()
      throws Exception {
    String name = WarcFixtures.uniquePrefix() + "00001-slow.warc";
    Path file = WarcFixtures.bigWarc(dir.resolve(name), 8 << 20);
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    Path three = bitarchive(node, "THREE");
    // The node's transactions time out after 2 s; an upload's delivery keeps its own timeout.
    nodeDefaultTransactionTimeout(2);
    int logged = node.logText().length();
    try {
      relay.holdAfter(3 << 20);
      CompletableFuture<String> stored = storeInBackground(file);
      await("the node writing its copy of " + name + " in THREE")
          .atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> temporaryFiles(three).stream().anyMatch(f -> f.toFile().length() > 0));
      // A rolled-back delivery comes back as attempt 2 (JsonMessageListener logs it); the
      // repository's own repetition of a silent replica's request would be a new message.
      String redelivered =
          "on queue " + ServerUnderTest.ENVIRONMENT + "_THREE_ANY_BA: delivery attempt";
      await("the held download outlasting the node's transaction timeout, not delivered again")
          .during(Duration.ofSeconds(8))
          .atMost(Duration.ofSeconds(10))
          .until(() -> !node.logText().substring(logged).contains(redelivered));
      relay.release();

      assertThat(completed(stored, name)).isEqualTo(sha512);
      assertThat(
              node.logText()
                  .lines()
                  .filter(
                      line ->
                          line.contains(
                              "Upload of '" + name + "' to replica THREE (attempt 1): STORED in"))
                  .toList())
          .as("THREE's upload, stored once")
          .hasSize(1);
    } finally {
      relay.release();
      nodeDefaultTransactionTimeout(300);
    }
  }

  private static void nodeDefaultTransactionTimeout(int seconds) throws IOException {
    ModelNode write = ServerUnderTest.operation("write-attribute", "subsystem", "transactions");
    write.get("name").set("default-timeout");
    write.get("value").set(seconds);
    ModelNode result = ServerUnderTest.management(NODE_OFFSET, write);
    assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
  }

  /**
   * The outcome of a store under way; if it failed, an error with what the servers logged about the
   * file and the messages they dead-lettered (AMQ222149), which say where it stopped.
   */
  private static String completed(CompletableFuture<String> stored, String name) throws Exception {
    try {
      return stored.get(240, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      StringBuilder logged = new StringBuilder();
      for (ServerProcess server :
          Stream.of(central, node, secondNode).filter(Objects::nonNull).toList()) {
        logged.append("\n--- ").append(server.base());
        server
            .logText()
            .lines()
            .filter(line -> line.contains(name) || line.contains("AMQ222149"))
            .forEach(
                line ->
                    logged
                        .append('\n')
                        .append(line.length() > 400 ? line.substring(0, 400) : line));
      }
      throw new AssertionError(
          "The store of " + name + " did not complete; the servers logged:" + logged, e);
    }
  }

  /** Waits until the central's log, after {@code from}, says what {@code instance} of TWO did. */
  private static void awaitInstance(String instance, String what, int from) {
    Pattern line =
        Pattern.compile(
            "Bitarchive instance 'bitarchive-" + instance + "@[^']+' of replica TWO " + what);
    await("node " + instance + " of TWO: " + what)
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> line.matcher(central.logText().substring(from)).find());
  }

  /** The first file of a directory by name. */
  private static String firstFile(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(f -> f.getFileName().toString()).sorted().findFirst().orElseThrow();
    }
  }

  /**
   * Asks TWO's monitor for the checksum of TWO's copy of a file, as the repository does when a
   * store needs it, and returns the answer the monitor passes on.
   */
  private static ChecksumReply checksumThroughTheMonitor(String name) throws Exception {
    Channels channels = Channels.forEnvironment(ServerUnderTest.ENVIRONMENT);
    JmsMessages messages = JmsMessages.standard();
    String id = java.util.UUID.randomUUID().toString();
    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(BROKER);
        JMSContext context =
            factory.createContext(ServerUnderTest.AGENT, ServerUnderTest.agentPassword())) {
      TemporaryQueue replies = context.createTemporaryQueue();
      JMSConsumer consumer = context.createConsumer(replies);
      TextMessage request = messages.toTextMessage(context, new ChecksumRequest("TWO", name, id));
      request.setJMSReplyTo(replies);
      context.createProducer().send(context.createQueue(channels.theBamon("TWO").name()), request);
      jakarta.jms.Message answer = consumer.receive(Duration.ofSeconds(60).toMillis());
      assertThat(answer).as("the monitor's answer about %s", name).isNotNull();
      ChecksumReply reply = (ChecksumReply) messages.fromJms(answer);
      assertThat(reply.requestId()).isEqualTo(id);
      return reply;
    }
  }

  /**
   * Checks that every file is in ONE, TWO and THREE with one SHA-512 (checked when listed), that
   * FOUR kept that checksum, and that the admin data says so for all four.
   */
  private void assertStoredEverywhere(List<String> files) throws Exception {
    assertAdminDataCompleted(admin, filedirs(), List.of("FOUR"), files);
    assertChecksumOnlyRecords(files);
  }

  /** Checks that checksum-only FOUR has a record of each file's checksum and none of its bytes. */
  private static void assertChecksumOnlyRecords(List<String> files) throws IOException {
    Path four = bitarchive(central, "FOUR");
    for (String name : files) {
      assertThat(four.resolve("filedir").resolve(name))
          .as("the checksum-only replica keeps no bytes")
          .doesNotExist();
      Path record = four.resolve("checksumdir").resolve(name);
      assertThat(record).as("FOUR's checksum record of %s", name).exists();
      assertThat(Files.readString(record, StandardCharsets.UTF_8))
          .containsIgnoringCase(ChecksumAlgorithm.SHA512.of(filedirs().get("ONE").resolve(name)));
    }
  }

  /** A UI-style upload with PUT; null if the server broke the connection off while it was sent. */
  private static HttpResponse<String> uploadOrNull(Path file) throws Exception {
    try {
      return ServerUnderTest.send(
          ServerUnderTest.asUser(
                  ServerUnderTest.request(
                      HTTP + "/api/archive/files/" + Api.segment(file.getFileName().toString())),
                  ServerUnderTest.ADMIN,
                  adminPassword)
              .header("Content-Type", "application/octet-stream")
              .header("X-Content-SHA512", ChecksumAlgorithm.SHA512.of(file))
              .PUT(HttpRequest.BodyPublishers.ofFile(file))
              .build());
    } catch (IOException e) {
      return null;
    }
  }

  /** Checks the central's log says each file was uploaded from {@code address}. */
  private static void assertUploadedFrom(List<String> files, String address) throws IOException {
    String log = central.logText();
    for (String file : files) {
      assertThat(log)
          .as("the central's log of the upload of %s", file)
          .containsPattern(
              "Upload of '"
                  + Pattern.quote(file)
                  + "' \\(\\d+ bytes\\) from "
                  + Pattern.quote(address)
                  + ": staged");
    }
  }

  /** How many requests the hosts have had. */
  private static long requests(SyntheticSite site, List<SyntheticSite.Host> hosts) {
    return hosts.stream().mapToLong(h -> site.requests(h.name())).sum();
  }

  /** A harvester agent on its own loopback address, on the central's broker and HTTP. */
  private static AgentProcess agentOn(
      String channel, String instance, String address, SyntheticSite site) throws IOException {
    return ScheduledHarvests.agentOn(
        channel,
        instance,
        site,
        Map.of(
            "broker.url", BROKER,
            "archive.server.url", HTTP,
            "archive.server.sourceAddress", address));
  }

  /** {@link #store} on another thread. */
  private static CompletableFuture<String> storeInBackground(Path file) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return store(file);
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
  }

  /** Uploads the file to the central and stores it through its broker, as an agent does. */
  private static String store(Path file) throws Exception {
    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(BROKER)) {
      ArchiveClient client =
          new ArchiveClient(
              factory,
              ServerUnderTest.AGENT,
              ServerUnderTest.agentPassword(),
              Channels.forEnvironment(ServerUnderTest.ENVIRONMENT),
              new ServerUploads(
                  URI.create(HTTP), ServerUnderTest.AGENT, ServerUnderTest.agentPassword()),
              Duration.ofSeconds(240),
              0);
      return client.store(file);
    }
  }

  private static Path bitarchive(ServerProcess server, String replica) {
    return server.base().resolve("data").resolve("bitarchive").resolve(replica);
  }

  /** The files of a bitarchive's temporary directories: what a store is writing or left. */
  private static List<Path> temporaryFiles(Path bitarchive) throws IOException {
    if (!Files.isDirectory(bitarchive)) {
      return List.of();
    }
    try (Stream<Path> paths = Files.walk(bitarchive)) {
      return paths
          .filter(Files::isRegularFile)
          .filter(p -> p.getParent().getFileName().toString().equals("tempdir"))
          .toList();
    }
  }

  /** The replicas that keep bytes: ONE's filedir on the central, TWO's and THREE's on the node. */
  private static Map<String, Path> filedirs() {
    Map<String, Path> filedirs = new TreeMap<>();
    filedirs.put("ONE", bitarchive(central, "ONE").resolve("filedir"));
    filedirs.put("TWO", bitarchive(node, "TWO").resolve("filedir"));
    filedirs.put("THREE", bitarchive(node, "THREE").resolve("filedir"));
    return filedirs;
  }
}
