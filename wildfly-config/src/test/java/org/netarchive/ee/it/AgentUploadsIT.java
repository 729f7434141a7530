package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.HarvestedJobs.archived;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.assertAdminDataCompleted;
import static org.netarchive.ee.it.ServerUnderTest.HTTP;
import static org.netarchive.ee.it.ServerUnderTest.request;
import static org.netarchive.ee.it.ServerUnderTest.send;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.ServerUploads;

/**
 * Agents open every connection themselves and nothing connects into an agent: the real agent
 * uploads what it crawled to the server ({@code PUT /api/transfers/uploads/{fileName}}), which
 * stages it, offers it to the replicas on its own transfer endpoint and deletes it once both
 * replicas hold it; the agent's JVM has no listening TCP socket while it works. The endpoint
 * refuses a body that is not what its headers announce (422 naming the file, nothing left in
 * staging), a request without credentials (401) and an account that is not the agents' (403).
 *
 * <p>Tagged database-neutral: the store behind an upload records what ArchiveStoreIT's stores
 * record on PostgreSQL; staging is files.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AgentUploadsIT {

  private static final Duration CRAWL = Duration.ofSeconds(180);

  @AutoClose private SyntheticSite site;

  @TempDir Path dir;

  private static Path staging() {
    return Path.of(System.getProperty("it.server.base"), "data", "staging");
  }

  /** The names in the staging directory that contain {@code part}. */
  private static List<String> staged(String part) throws IOException {
    if (!Files.isDirectory(staging())) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(staging())) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.contains(part)).toList();
    }
  }

  @Test
  void givenAServerSocketInThisJvm_whenItsSocketsAreRead_thenTheCheckSeesIt() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String port = String.format("%04X", socket.getLocalPort());

      assertThat(ProcessSockets.listening(ProcessHandle.current().pid()))
          .anyMatch(address -> address.endsWith(":" + port));
    }
  }

  @Test
  void givenTheRealAgent_whenItHarvests_thenItListensNowhere_andItsFilesReachBothReplicas()
      throws Exception {
    String domain = ScheduledHarvests.unique("uploads-") + ".dk";
    site = new SyntheticSite(23, List.of(new SyntheticSite.Host(domain, 5, 1, 800)));
    ScheduledHarvests harvests = new ScheduledHarvests(Api.admin());
    String channel = harvests.newChannel();
    String template = harvests.newFastTemplate("uploads_fast_");
    String instance = ScheduledHarvests.unique("uploads-agent-");

    try (AgentProcess agent = ScheduledHarvests.agentOn(channel, instance, site).start()) {
      agent.awaitLog("Archive client ready", Duration.ofSeconds(60));
      assertThat(agent.logText()).contains("files uploaded to " + HTTP + "/api/transfers/uploads/");
      assertThat(ProcessSockets.listening(agent.pid())).as("listening while idle").isEmpty();

      String harvest = harvests.dueHarvest("Uploads ", channel, template, site.seed(domain));
      long jobId =
          harvests.awaitJobs(harvest, js -> !js.isEmpty()).get(0).getJsonNumber("id").longValue();
      agent.awaitLog("Took job " + jobId, Duration.ofSeconds(90));
      assertThat(ProcessSockets.listening(agent.pid())).as("listening while crawling").isEmpty();
      JsonObject done = HarvestedJobs.awaitJob(harvests, jobId, HarvestedJobs.finished(), CRAWL);
      assertThat(ProcessSockets.listening(agent.pid())).as("listening after storing").isEmpty();

      assertThat(done.getJsonObject("job").getString("status"))
          .as("job %s: %s\n%s", jobId, done, agent.tail())
          .isEqualTo("DONE");
      assertThat(HarvestedJobs.absent(done.getJsonObject("job"), "uploadError"))
          .as(done.toString())
          .isTrue();
      List<String> files = archivedFilesOfJob(jobId);
      assertThat(files).contains(jobId + "-metadata-1.warc");
      assertAdminDataCompleted(Api.admin(), files);
      HarvestedJobs.awaitEmpty(agent.jobs());
      // Deleted once every replica holds it (after the store's commit).
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(staged(jobId + "-")).isEmpty());
    }
  }

  private static String sha512(byte[] bytes) throws IOException {
    return ChecksumAlgorithm.SHA512.of(new java.io.ByteArrayInputStream(bytes));
  }

  private static HttpRequest.Builder upload(String name, byte[] body, String sha512) {
    return request(HTTP + ServerUploads.PATH + name)
        .header("X-Content-Length", Integer.toString(body.length))
        .header("X-Content-SHA512", sha512)
        .PUT(HttpRequest.BodyPublishers.ofByteArray(body));
  }

  private static HttpRequest asAgent(HttpRequest.Builder request) {
    return ServerUnderTest.asUser(request, ServerUnderTest.AGENT, ServerUnderTest.agentPassword())
        .build();
  }

  @Test
  void givenABodyThatIsNotWhatItsHeadersSay_whenUploaded_then422NamingTheFileAndNothingStaged()
      throws Exception {
    String name = fileName();
    byte[] body = "WARC/1.1 upload".getBytes(StandardCharsets.UTF_8);

    HttpResponse<String> wrongChecksum =
        send(asAgent(upload(name, body, sha512("other".getBytes(StandardCharsets.UTF_8)))));
    HttpResponse<String> wrongLength =
        send(
            asAgent(
                request(HTTP + ServerUploads.PATH + name)
                    .header("X-Content-Length", Integer.toString(body.length + 1))
                    .header("X-Content-SHA512", sha512(body))
                    .PUT(HttpRequest.BodyPublishers.ofByteArray(body))));

    assertThat(wrongChecksum.statusCode()).as(wrongChecksum.body()).isEqualTo(422);
    assertThat(wrongChecksum.body())
        .contains("Upload of '" + name + "'")
        .contains("arrived with SHA-512 " + sha512(body));
    assertThat(wrongLength.statusCode()).as(wrongLength.body()).isEqualTo(422);
    assertThat(wrongLength.body()).contains(name).contains("announced " + (body.length + 1));
    assertThat(staged(name)).as("no file and no part file left").isEmpty();
  }

  @Test
  void givenAnUploadWithoutItsChecksum_whenTheSenderNamesIt_thenStagedOnce() throws Exception {
    // The agent's client hashes the file while sending it and names the checksum after the body.
    String name = fileName();
    byte[] body = "WARC/1.1 upload".getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> received =
        send(
            asAgent(
                request(HTTP + ServerUploads.PATH + name)
                    .header("X-Content-Length", Integer.toString(body.length))
                    .PUT(HttpRequest.BodyPublishers.ofByteArray(body))));
    assertThat(received.statusCode()).as(received.body()).isEqualTo(202);
    JsonObject waiting = Json.createReader(new StringReader(received.body())).readObject();
    assertThat(waiting.getJsonNumber("size").longValue()).isEqualTo(body.length);
    assertThat(staged(name))
        .as("received, not staged: only its part file")
        .singleElement()
        .satisfies(part -> assertThat(part).startsWith("." + name).endsWith(".part"));
    HttpRequest confirmation =
        asAgent(
            request(HTTP + ServerUploads.PATH + name + "/received/" + waiting.getString("id"))
                .header("X-Content-SHA512", sha512(body))
                .POST(HttpRequest.BodyPublishers.noBody()));
    HttpResponse<String> confirmed = send(confirmation);
    HttpResponse<String> again = send(confirmation);

    assertThat(confirmed.statusCode()).as(confirmed.body()).isEqualTo(201);
    assertThat(
            Json.createReader(new StringReader(confirmed.body())).readObject().getString("sha512"))
        .isEqualTo(sha512(body));
    assertThat(again.statusCode()).as(again.body()).isEqualTo(404);
    assertThat(again.body()).contains("upload it again");
    assertThat(staged(name)).as("the staged file, no part file").containsExactly(name);
  }

  @Test
  void givenNoOrOtherCredentials_whenUploading_then401Or403AndNothingStaged() throws Exception {
    String name = fileName();
    byte[] body = "WARC/1.1 upload".getBytes(StandardCharsets.UTF_8);

    HttpResponse<String> anonymous = send(upload(name, body, sha512(body)).build());
    HttpResponse<String> wrongPassword =
        send(
            ServerUnderTest.asUser(
                    upload(name, body, sha512(body)), ServerUnderTest.AGENT, "not-the-password")
                .build());
    HttpResponse<String> admin =
        send(
            ServerUnderTest.asUser(
                    upload(name, body, sha512(body)),
                    ServerUnderTest.ADMIN,
                    ServerUnderTest.adminPassword())
                .build());

    assertThat(anonymous.statusCode()).as(anonymous.body()).isEqualTo(401);
    assertThat(wrongPassword.statusCode()).as(wrongPassword.body()).isEqualTo(401);
    assertThat(admin.statusCode()).as(admin.body()).isEqualTo(403);
    assertThat(admin.body()).contains("'admin' may not upload");
    assertThat(staged(name)).isEmpty();
  }

  @Test
  void givenTheAgentsClient_whenAFileIsUploadedTwiceAndStored_thenOneOfferServesIt_andItIsReleased()
      throws Exception {
    String name = fileName();
    byte[] body = new byte[300_000];
    ThreadLocalRandom.current().nextBytes(body);
    Path file = Files.write(dir.resolve(name), body);

    HttpResponse<String> first = send(asAgent(upload(name, body, sha512(body))));
    HttpResponse<String> again = send(asAgent(upload(name, body, sha512(body))));

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(again.statusCode()).as("the same file again changes nothing").isEqualTo(201);
    JsonObject offer = Json.createReader(new StringReader(again.body())).readObject();
    assertThat(offer.getString("sha512")).isEqualTo(sha512(body));
    assertThat(offer.getJsonNumber("size").longValue()).isEqualTo(body.length);
    HttpResponse<byte[]> fetched =
        java.net.http.HttpClient.newHttpClient()
            .send(
                request(offer.getString("uri"))
                    .header("Authorization", "Bearer " + offer.getString("token"))
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertThat(fetched.statusCode()).isEqualTo(200);
    assertThat(fetched.body()).isEqualTo(body);
    assertThat(staged(name)).containsExactly(name);

    try (ArchiveFixtures archive = new ArchiveFixtures()) {
      ArchiveClient client =
          new ArchiveClient(
              archive.factory,
              ServerUnderTest.AGENT,
              ServerUnderTest.agentPassword(),
              ArchiveFixtures.CHANNELS,
              new ServerUploads(
                  URI.create(HTTP), ServerUnderTest.AGENT, ServerUnderTest.agentPassword()),
              Duration.ofSeconds(60),
              0);
      client.storeAndDelete(file);
    }

    assertThat(file).doesNotExist();
    for (String replica : HarvestedJobs.REPLICAS) {
      assertThat(Files.readAllBytes(archived(replica, name))).isEqualTo(body);
    }
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(staged(name)).isEmpty());
  }

  /** A fresh archive file name, as other tests' fixtures: 1-1-&lt;hex&gt;-00000-upload.warc. */
  private static String fileName() {
    byte[] random = new byte[8];
    ThreadLocalRandom.current().nextBytes(random);
    return "1-1-" + HexFormat.of().formatHex(random) + "-00000-upload.warc";
  }
}
