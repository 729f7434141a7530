package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.WarcCompression;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * Bit preservation on the provisioned server: copies damaged and lost behind the archive's back are
 * found by the replicas' checksum audits, voted on with the archived checksum, repaired through the
 * credentialed correction and a new store, and the next audits find them good; copies that disagree
 * without a majority are flagged and left alone. The fixity ledger has every step.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PreservationIT {

  private final Api admin = Api.admin();

  @TempDir Path dir;

  @Test
  void givenACorruptAndAMissingCopy_whenAudited_thenFoundVotedRepairedAndLedgered()
      throws Exception {
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      ArchiveClient client = fixtures.client(0);
      String corrupt = store(client, "corrupt");
      String missing = store(client, "missing");
      String intact = store(client, "intact");
      String corruptSha = ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("TWO", corrupt));
      String missingSha = ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("ONE", missing));

      String badSha = flipByte("ONE", corrupt, 0);
      Files.delete(ArchiveFixtures.archived("TWO", missing));

      long auditOne;
      long auditTwo;
      try (LoopbackSmtp smtp = new LoopbackSmtp(Integer.getInteger("it.smtp.port", 10025));
          Webhooks webhooks = new Webhooks()) {
        notifyBy("preservation@example.org", webhooks.url());
        try {
          auditOne = audit("ONE");
          auditTwo = audit("TWO");
          assertNotified(smtp, webhooks, auditOne, auditTwo);
        } finally {
          notifyBy("", "");
        }
      }

      assertThat(states(corrupt)).isEqualTo(List.of("ONE=CORRUPT", "TWO=OK"));
      assertThat(states(missing)).isEqualTo(List.of("ONE=OK", "TWO=MISSING"));
      assertThat(states(intact)).isEqualTo(List.of("ONE=OK", "TWO=OK"));
      assertThat(admin.copiesIn("ONE", "CORRUPT"))
          .contains(corrupt)
          .doesNotContain(missing, intact);
      assertThat(admin.copiesIn("TWO", "MISSING"))
          .contains(missing)
          .doesNotContain(corrupt, intact);
      assertThat(admin.copiesIn("ONE", "MISSING")).doesNotContain(corrupt, missing, intact);
      assertThat(admin.copiesIn("TWO", "CORRUPT")).doesNotContain(corrupt, missing, intact);
      Metrics metrics = Metrics.scrape();
      assertThat(
              metrics.valueOrZero(
                  "netarchive_preservation_copies", "replica", "ONE", "state", "CORRUPT"))
          .isGreaterThanOrEqualTo(1);
      assertThat(
              metrics.valueOrZero(
                  "netarchive_preservation_copies", "replica", "TWO", "state", "MISSING"))
          .isGreaterThanOrEqualTo(1);
      assertThat(metrics.value("netarchive_preservation_not_verified", "replica", "ONE"))
          .isPresent();
      assertThat(metrics.text())
          .contains("# HELP netarchive_preservation_copies Copies the last audits found missing");

      JsonObject vote = record(corrupt).getJsonObject("decision");
      assertThat(vote.getString("outcome")).isEqualTo("REPAIRABLE");
      assertThat(vote.getString("decidedSha512")).isEqualTo(corruptSha);
      assertThat(vote.getString("votes")).contains("ONE=" + badSha).contains("TWO=" + corruptSha);
      assertThat(record(missing).getJsonObject("decision").getString("decidedSha512"))
          .isEqualTo(missingSha);

      JsonObject repairedCorrupt = repair(corrupt, 200);
      assertThat(repairedCorrupt.getJsonArray("replicas").getString(0)).isEqualTo("ONE");
      assertThat(repairedCorrupt.getString("source")).isEqualTo("TWO");
      JsonObject repairedMissing = repair(missing, 200);
      assertThat(repairedMissing.getJsonArray("replicas").getString(0)).isEqualTo("TWO");

      assertThat(ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("ONE", corrupt)))
          .isEqualTo(corruptSha);
      assertThat(ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("TWO", missing)))
          .isEqualTo(missingSha);
      try (Stream<Path> attic = Files.list(ArchiveFixtures.bitarchive("ONE").resolve("atticdir"))) {
        assertThat(attic.filter(p -> p.getFileName().toString().startsWith(corrupt + ".")))
            .singleElement()
            .satisfies(p -> assertThat(ChecksumAlgorithm.SHA512.of(p)).isEqualTo(badSha));
      }

      audit("ONE");
      audit("TWO");

      for (String name : List.of(corrupt, missing, intact)) {
        assertThat(states(name)).as(name).isEqualTo(List.of("ONE=OK", "TWO=OK"));
        assertThat(record(name).containsKey("decision")).as(name + ": no vote left").isFalse();
      }
      assertThat(events(corrupt))
          .containsSubsequence(
              "FOUND_CORRUPT ONE",
              "VOTED",
              "REPAIR_STARTED",
              "MOVED_TO_ATTIC ONE",
              "STORED_AGAIN ONE",
              "VERIFIED ONE",
              "REPAIRED",
              "AGREED");
      assertThat(events(missing))
          .containsSubsequence(
              "FOUND_MISSING TWO",
              "VOTED",
              "REPAIR_STARTED",
              "STORED_AGAIN TWO",
              "VERIFIED TWO",
              "REPAIRED",
              "AGREED")
          .doesNotContain("MOVED_TO_ATTIC TWO");
      HttpResponse<String> csv =
          admin.get("/api/preservation/ledger/csv?file=" + Api.segment(corrupt));
      assertThat(csv.statusCode()).isEqualTo(200);
      assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
      assertThat(csv.body().lines())
          .first()
          .isEqualTo(
              "id,recordedAt,event,actor,runId,fileName,replica,expectedSha512,foundSha512,detail");
      assertThat(csv.body())
          .contains(",MOVED_TO_ATTIC," + ServerUnderTest.ADMIN + ",,")
          .contains("," + corruptSha + "," + badSha + ",");
    }
  }

  /**
   * Database-neutral: the audit, vote and ledger rows it writes are those the first test and the
   * crash test write on PostgreSQL; what differs here is the vote's outcome, which is logic.
   */
  @Test
  @Tag("database-neutral")
  void givenCopiesDifferingFromEachOtherAndTheArchive_whenAudited_thenFlaggedAndNotRepaired()
      throws Exception {
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      String name = store(fixtures.client(0), "disputed");
      String one = flipByte("ONE", name, 0);
      String two = flipByte("TWO", name, 7);

      audit("ONE");
      audit("TWO");

      assertThat(states(name)).isEqualTo(List.of("ONE=CORRUPT", "TWO=CORRUPT"));
      JsonObject vote = record(name).getJsonObject("decision");
      assertThat(vote.getString("outcome")).isEqualTo("NO_MAJORITY");
      assertThat(vote.containsKey("decidedSha512")).isFalse();
      JsonObject refused = repair(name, 409);
      assertThat(refused.getString("detail")).contains("a person must decide");
      assertThat(ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("ONE", name))).isEqualTo(one);
      assertThat(ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("TWO", name))).isEqualTo(two);
      assertThat(events(name))
          .contains("FOUND_CORRUPT ONE", "FOUND_CORRUPT TWO", "FLAGGED")
          .doesNotContain("REPAIR_STARTED");

      // The UI: the Preservation section lists the file for a person; its page shows the vote
      // and its history, and offers no repair.
      try (Browser browser = new Browser()) {
        WebDriver driver = browser.driver();
        browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
        driver.get(ServerUnderTest.HTTP + "/preservation/replicas.xhtml");
        assertThat(browser.await(By.id("audits:replicaTable")).getText()).contains("ONE", "TWO");
        assertThat(driver.findElement(By.id("audits:decisions")).getText())
            .contains(name, "NO_MAJORITY");
        driver.findElement(By.linkText(name)).click();
        assertThat(browser.await(By.id("history")).getText()).contains("FOUND_CORRUPT", "FLAGGED");
        assertThat(driver.findElement(By.id("outcome")).getText()).isEqualTo("NO_MAJORITY");
        assertThat(driver.findElements(By.id("repair:repairButton"))).isEmpty();
        browser.screenshot("preservation-flagged-file");
      }
    }
  }

  @Test
  void givenAChecksumAuditInProgress_whenServerKilled_thenItResumesAndCountsEveryFileOnce()
      throws Exception {
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      ArchiveClient client = fixtures.client(0);
      // Named to come first on the disk, so the audit is slowed down by these.
      String prefix = "0-0-" + UUID.randomUUID().toString().substring(0, 8) + "-slow-";
      for (int i = 0; i < 10; i++) {
        Path file = dir.resolve(prefix + i + ".bin");
        byte[] bytes = new byte[1 << 20];
        new java.util.Random(i).nextBytes(bytes);
        Files.write(file, bytes);
        client.store(file);
      }
    }
    settings(1);
    long id;
    try {
      HttpResponse<String> started =
          admin.post(
              "/api/preservation/audits",
              Json.createObjectBuilder().add("replica", "ONE").add("kind", "checksum").build());
      assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
      id = Api.json(started).getJsonNumber("id").longValue();
      JsonObject partly =
          admin.await(
              "/api/preservation/audits/" + id,
              r -> r.getJsonNumber("filesChecked").longValue() > 0,
              Duration.ofMinutes(1));
      assertThat(partly.getString("status")).isEqualTo("RUNNING");

      ServerUnderTest.crashAndRestart();
    } finally {
      settings(0);
    }

    JsonObject run =
        admin.await(
            "/api/preservation/audits/" + id,
            r -> !r.getString("status").equals("RUNNING"),
            Duration.ofMinutes(3));
    assertThat(run.getString("status")).as(run.toString()).isEqualTo("COMPLETED");
    assertThat(run.getJsonNumber("filesChecked").longValue())
        .as("every file on the disk checked once, across the crash")
        .isEqualTo(filesOnDisk("ONE"));
    HttpResponse<String> ledger = admin.get("/api/preservation/ledger?size=10000");
    assertThat(Api.jsonArray(ledger).stream().map(JsonValue::asJsonObject))
        .filteredOn(e -> e.containsKey("runId") && e.getJsonNumber("runId").longValue() == id)
        .filteredOn(e -> e.getString("event").startsWith("AUDIT_"))
        .extracting(e -> e.getString("event") + " by " + e.getString("actor"))
        .containsExactly(
            "AUDIT_STARTED by " + ServerUnderTest.ADMIN,
            "AUDIT_RESUMED by server start",
            "AUDIT_COMPLETED by audit " + id);
  }

  private void settings(long rateMegabytesPerSecond) throws Exception {
    HttpResponse<String> changed =
        admin.put(
            "/api/preservation/settings",
            Json.createObjectBuilder()
                .add("rateMegabytesPerSecond", rateMegabytesPerSecond)
                .build());
    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
  }

  private String store(ArchiveClient client, String marker) throws Exception {
    String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-" + marker + ".warc.gz";
    client.store(ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 3, marker));
    return name;
  }

  /** Flips a bit of a replica's copy behind the archive's back; returns the copy's new checksum. */
  private static String flipByte(String replica, String name, int fromMiddle) throws Exception {
    Path copy = ArchiveFixtures.archived(replica, name);
    byte[] bytes = Files.readAllBytes(copy);
    bytes[bytes.length / 2 + fromMiddle] ^= 0x10;
    assertThat(copy.toFile().setWritable(true)).isTrue();
    Files.write(copy, bytes);
    assertThat(copy.toFile().setReadOnly()).isTrue();
    return ChecksumAlgorithm.SHA512.of(copy);
  }

  /** Runs a checksum audit of a replica to its end; returns the run's id. */
  private long audit(String replica) throws Exception {
    JsonObject run = admin.completedAudit(replica, "checksum", Duration.ofMinutes(2));
    assertThat(run.getJsonNumber("filesChecked").longValue())
        .as("every file on the disk checked once")
        .isEqualTo(filesOnDisk(replica));
    return run.getJsonNumber("id").longValue();
  }

  /**
   * The files a replica's bitarchive holds: in its own directory and in the directories it adopted
   * (NasAdoptionIT adopts some on the same server).
   */
  private long filesOnDisk(String replica) throws Exception {
    long count;
    try (Stream<Path> files = Files.list(ArchiveFixtures.bitarchive(replica).resolve("filedir"))) {
      count = files.count();
    }
    HttpResponse<String> adoption = admin.get("/api/archive/adoption");
    assertThat(adoption.statusCode()).as(adoption.body()).isEqualTo(200);
    for (JsonValue dir : Api.json(adoption).getJsonArray("directories")) {
      if (dir.asJsonObject().getString("replica").equals(replica)) {
        try (Stream<Path> files =
            Files.list(Path.of(dir.asJsonObject().getString("directory"), "filedir"))) {
          count += files.count();
        }
      }
    }
    return count;
  }

  /** Sets where notifications go (empty: nowhere but the log and the system page). */
  private void notifyBy(String mailTo, String webhookUrl) throws Exception {
    HttpResponse<String> changed =
        admin.put(
            "/api/settings/scheduling",
            Json.createObjectBuilder()
                .add("notifications.mailTo", mailTo)
                .add("notifications.webhookUrl", webhookUrl)
                .build());
    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
  }

  /**
   * The findings of both audits were mailed to the SMTP listener and posted to the webhook (whose
   * answer to TWO's is 503: shown as FAILED, the mail still SENT); the system page and REST list
   * them; the webhook's token reached no log.
   */
  private void assertNotified(LoopbackSmtp smtp, Webhooks webhooks, long one, long two)
      throws Exception {
    String subjectOne = "Audit " + one + " of replica ONE found ";
    String subjectTwo = "Audit " + two + " of replica TWO found ";
    await("both audits' mails and webhook calls")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () ->
                smtp.mails().stream().anyMatch(m -> m.subject().contains(subjectOne))
                    && smtp.mails().stream().anyMatch(m -> m.subject().contains(subjectTwo))
                    && webhooks.received().size() >= 2);
    LoopbackSmtp.Mail mail =
        smtp.mails().stream().filter(m -> m.subject().contains(subjectOne)).findFirst().get();
    assertThat(mail.to()).containsExactly("<preservation@example.org>");
    assertThat(mail.subject()).startsWith("[Netarchive EE] ");
    // (other tests' damaged copies may be counted too)
    assertThat(mail.message())
        .containsPattern("[1-9][0-9]* corrupt")
        .contains("Preservation section");

    JsonObject posted =
        webhooks.received().stream()
            .filter(j -> j.getString("replica", "").equals("ONE"))
            .findFirst()
            .orElseThrow();
    assertThat(posted.getString("kind")).isEqualTo("AUDIT_FINDINGS");
    assertThat(posted.getJsonNumber("runId").longValue()).isEqualTo(one);
    assertThat(posted.getString("audit")).isEqualTo("CHECKSUM");
    assertThat(posted.getJsonObject("counts").getJsonNumber("CORRUPT").longValue()).isPositive();
    assertThat(posted.getJsonObject("counts").getJsonNumber("OK").longValue()).isPositive();
    assertThat(java.time.Instant.parse(posted.getString("time")))
        .isBetween(java.time.Instant.now().minus(Duration.ofMinutes(10)), java.time.Instant.now());
    assertThat(posted.getString("subject")).startsWith(subjectOne);
    JsonObject postedTwo =
        webhooks.received().stream()
            .filter(j -> j.getString("replica", "").equals("TWO"))
            .findFirst()
            .orElseThrow();
    assertThat(postedTwo.getJsonNumber("runId").longValue()).isEqualTo(two);
    assertThat(postedTwo.getJsonObject("counts").getJsonNumber("MISSING").longValue()).isPositive();

    // Delivered in the background: the records say so once both are done.
    JsonObject recordOne = notification(subjectOne, "SENT", "SENT");
    assertThat(recordOne.getString("kind")).isEqualTo("AUDIT_FINDINGS");
    JsonObject recordTwo = notification(subjectTwo, "SENT", "FAILED");
    assertThat(recordTwo.getString("webhookError")).isEqualTo("HTTP 503");
    assertThat(ServerUnderTest.serverLogText())
        .contains("Could not post the notification '" + subjectTwo)
        .doesNotContain(Webhooks.TOKEN);

    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(ServerUnderTest.HTTP + "/");
      String table = browser.await(By.cssSelector("[id$='notifications']")).getText();
      assertThat(table).contains(subjectOne, subjectTwo, "AUDIT_FINDINGS", "HTTP 503");
      browser.screenshot("system-notifications");
    }
  }

  /** The recorded notification whose subject starts so, once its mail and webhook are done. */
  private JsonObject notification(String subject, String mail, String webhook) throws Exception {
    JsonObject[] found = new JsonObject[1];
    await("notification '" + subject + "' with mail " + mail + " and webhook " + webhook)
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              HttpResponse<String> response = admin.get("/api/system/notifications?size=100");
              assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
              found[0] =
                  Api.jsonArray(response).stream()
                      .map(JsonValue::asJsonObject)
                      .filter(n -> n.getString("subject").startsWith(subject))
                      .findFirst()
                      .orElse(null);
              return found[0] != null
                  && found[0].getString("mailStatus").equals(mail)
                  && found[0].getString("webhookStatus").equals(webhook);
            });
    return found[0];
  }

  /**
   * A webhook receiver on 127.0.0.1 (the JDK's HTTP server): keeps every JSON document posted to
   * its URL, whose path holds a token; answers 204, but 503 to events of replica TWO.
   */
  private static final class Webhooks implements AutoCloseable {

    static final String TOKEN = "hook-token-" + UUID.randomUUID();

    private final com.sun.net.httpserver.HttpServer server;
    private final List<JsonObject> received = new java.util.concurrent.CopyOnWriteArrayList<>();

    Webhooks() throws java.io.IOException {
      server =
          com.sun.net.httpserver.HttpServer.create(
              new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext(
          "/hooks/" + TOKEN,
          exchange -> {
            try (exchange) {
              JsonObject event;
              try (var in = exchange.getRequestBody();
                  var reader = Json.createReader(in)) {
                event = reader.readObject();
              }
              boolean json =
                  exchange
                      .getRequestHeaders()
                      .getFirst("Content-Type")
                      .startsWith("application/json");
              if (exchange.getRequestMethod().equals("POST") && json) {
                received.add(event);
              }
              exchange.sendResponseHeaders(
                  event.getString("replica", "").equals("TWO") ? 503 : 204, -1);
            }
          });
      server.start();
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/" + TOKEN + "?a=b";
    }

    List<JsonObject> received() {
      return List.copyOf(received);
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  private JsonObject record(String name) throws Exception {
    HttpResponse<String> response = admin.get("/api/preservation/files/" + Api.segment(name));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return Api.json(response);
  }

  /** The last audits' states of a file's copies, {@code REPLICA=STATE} by replica. */
  private List<String> states(String name) throws Exception {
    JsonObject checks = record(name).getJsonObject("checks");
    return checks.keySet().stream()
        .sorted()
        .map(r -> r + "=" + checks.getJsonObject(r).getString("state"))
        .toList();
  }

  private JsonObject repair(String name, int status) throws Exception {
    HttpResponse<String> response =
        admin.post(
            "/api/preservation/files/" + Api.segment(name) + "/repair",
            Json.createObjectBuilder()
                .add("reason", "IT: damaged behind the archive's back")
                .build());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return Api.json(response);
  }

  /** The file's ledger as {@code EVENT} or {@code EVENT REPLICA}, in order. */
  private List<String> events(String name) throws Exception {
    return events(record(name).getJsonArray("history"));
  }

  /** Ledger entries as {@code EVENT} or {@code EVENT REPLICA}, in their order. */
  static List<String> events(JsonArray ledger) {
    return ledger.stream()
        .map(JsonValue::asJsonObject)
        .map(
            e ->
                e.getString("event")
                    + (e.containsKey("replica") ? " " + e.getString("replica") : ""))
        .toList();
  }
}
