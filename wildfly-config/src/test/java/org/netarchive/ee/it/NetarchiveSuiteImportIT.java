package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.Api.segment;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The import of a NetarchiveSuite harvest database: a PostgreSQL database in NetarchiveSuite's
 * schema (made from harvestdb-fixture.sql) is imported through the REST API; a dry run before
 * changes nothing and reports what the import then does; a second import and a dry run after it
 * change nothing and report everything as there already.
 *
 * <p>Needs a PostgreSQL database of its own, {@value #URL_VARIABLE} (with {@value #USER_VARIABLE}
 * and {@value #PASSWORD_VARIABLE}); .ci/run makes one for its PostgreSQL pass. Tagged {@value
 * #TAG}, which the default build excludes; without the database the test is aborted, or fails if
 * the system property {@code it.netarchivesuite.required} is true.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag(NetarchiveSuiteImportIT.TAG)
class NetarchiveSuiteImportIT {

  static final String TAG = "netarchivesuite-db";
  static final String URL_VARIABLE = "NAS_IT_NETARCHIVESUITE_DB_URL";
  static final String USER_VARIABLE = "NAS_IT_NETARCHIVESUITE_DB_USER";
  static final String PASSWORD_VARIABLE = "NAS_IT_NETARCHIVESUITE_DB_PASSWORD";

  private static final String PATH = "/api/imports/netarchivesuite";

  private static String url;
  private static String user;
  private static String password;

  private final Api admin = Api.admin();

  @BeforeAll
  static void sourceDatabase() {
    url = System.getenv(URL_VARIABLE);
    user = System.getenv(USER_VARIABLE);
    password = System.getenv(PASSWORD_VARIABLE);
    if (url == null || url.isBlank()) {
      String why =
          URL_VARIABLE
              + " is not set: NetarchiveSuiteImportIT needs an empty PostgreSQL database for"
              + " the NetarchiveSuite fixture (.ci/run makes one)";
      if (Boolean.getBoolean("it.netarchivesuite.required")) {
        fail(why);
      }
      Assumptions.abort(why);
    }
  }

  @Test
  void givenANetarchiveSuiteDatabase_whenDryRunImportedTwiceAndDryRunAgain_thenImportedOnce()
      throws Exception {
    String run = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    String nasPassword = "nas-it-secret-1";
    loadFixture(run);
    String kb = "kb-" + run + ".dk";

    JsonObject dryRun = importAndWait(true);
    assertThat(admin.get("/api/domains/" + kb).statusCode()).isEqualTo(404);
    assertThat(admin.get("/api/harvests/" + segment("Selective " + run)).statusCode())
        .isEqualTo(404);

    JsonObject first = importAndWait(false);
    Map<String, List<Long>> counts = counts(first);
    assertThat(counts(dryRun)).isEqualTo(counts);
    assertThat(counts)
        .containsEntry("channels", List.of(2L, 0L, 0L))
        .containsEntry("schedules", List.of(5L, 0L, 1L))
        .containsEntry("templates", List.of(2L, 0L, 1L))
        .containsEntry("global crawler trap lists", List.of(1L, 0L, 0L))
        .containsEntry("domains", List.of(4L, 0L, 1L))
        .containsEntry("configurations", List.of(5L, 0L, 1L))
        .containsEntry("seed lists", List.of(5L, 0L, 1L))
        .containsEntry("passwords", List.of(1L, 0L, 0L))
        .containsEntry("aliases", List.of(1L, 0L, 0L))
        .containsEntry("selective harvests", List.of(1L, 0L, 0L))
        .containsEntry("snapshot harvests", List.of(2L, 0L, 0L))
        .containsEntry("harvest configurations", List.of(2L, 0L, 0L))
        .containsEntry("history", List.of(4L, 0L, 1L))
        .containsEntry("not imported", List.of(0L, 0L, 3L));
    Map<String, String> problems = problems(first);
    assertThat(problems.get("ordertemplates nas_odd_" + run + " (3)"))
        .contains("NO_SUCH_PLACEHOLDER");
    // The template in NetarchiveSuite's H3 shape is converted as an upload is.
    HttpResponse<String> converted =
        admin.get("/api/templates/nas_h3_" + run + "/crawler-beans.cxml");
    assertThat(converted.statusCode()).isEqualTo(200);
    assertThat(converted.body())
        .contains("%{CRAWLER_TRAPS}")
        .doesNotContain("CRAWLERTRAPS_PLACEHOLDER");
    assertThat(problems.get("schedules Minutely " + run + " (6)")).contains("minutes");
    assertThat(problems.get("domains not a domain " + run + " (5)")).isNotBlank();
    assertThat(problems.get("configurations sb-" + run + ".dk/zero (42)")).contains("Max objects");
    assertThat(problems.get("seedlists sb-" + run + ".dk/broken (42)")).contains("htp://");
    assertThat(problems.get("historyinfo 5")).contains("job number");
    assertThat(problems.get("ownerinfo " + kb + " (1)")).contains("owner information");
    assertThat(problems.get("jobs all 2 rows")).contains("historyinfo");
    assertThat(first.toString()).doesNotContain(nasPassword);

    JsonObject domain = json(admin.get("/api/domains/" + kb));
    assertThat(domain.getString("comments")).isEqualTo("The Royal Library");
    assertThat(domain.getJsonArray("crawlerTraps").getValuesAs(jakarta.json.JsonString.class))
        .extracting(jakarta.json.JsonString::getString)
        .containsExactly(".*/calendar/.*", ".*[?&]sessionid=.*");
    assertThat(domain.getString("defaultConfiguration")).isEqualTo("defaultconfig");
    JsonObject deep = byName(domain, "configurations", "deep");
    assertThat(deep.getJsonNumber("maxObjects").longValue()).isEqualTo(10000);
    assertThat(deep.getJsonNumber("maxBytes").longValue()).isEqualTo(-1);
    assertThat(deep.getInt("maxRequestRate")).isEqualTo(30);
    assertThat(deep.getInt("maxHops")).isEqualTo(5);
    assertThat(deep.getBoolean("honorRobots")).isFalse();
    assertThat(deep.getBoolean("extractJavascript")).isFalse();
    assertThat(deep.getJsonArray("seedLists").toString()).contains("defaultseeds", "news");
    assertThat(deep.getJsonArray("passwords").toString()).contains("intranet");
    JsonObject defaultConfiguration = byName(domain, "configurations", "defaultconfig");
    JsonObject plainTemplate = json(admin.get("/api/templates/nas_plain_" + run));
    assertThat(defaultConfiguration.getJsonNumber("templateId").longValue())
        .isEqualTo(plainTemplate.getJsonNumber("id").longValue());
    assertThat(byName(domain, "seedLists", "news").getJsonArray("seeds").toString())
        .contains("http://news.kb-" + run + ".dk/", "https://www.kb-" + run + ".dk/nyheder")
        .doesNotContain("not a seed");
    JsonObject intranet = byName(domain, "passwords", "intranet");
    assertThat(intranet.getString("realm")).isEqualTo("KB staff");
    assertThat(intranet.getBoolean("passwordSet")).isTrue();
    assertThat(json(admin.get("/api/domains/kbalias-" + run + ".dk")).getString("aliasOf"))
        .isEqualTo(kb);

    assertThat(json(admin.get("/api/channels/FOCUSED" + run.toUpperCase())).getString("kind"))
        .isEqualTo("SELECTIVE");
    assertThat(json(admin.get("/api/channels/SNAPSHOT" + run.toUpperCase())).getString("kind"))
        .isEqualTo("SNAPSHOT");
    JsonObject weekly = json(admin.get("/api/schedules/" + segment("Weekly " + run)));
    assertThat(weekly.getString("unit")).isEqualTo("WEEKS");
    assertThat(weekly.getString("weekday")).isEqualTo("MONDAY");
    assertThat(weekly.getInt("hour")).isEqualTo(4);
    JsonObject monthly = json(admin.get("/api/schedules/" + segment("Monthly " + run)));
    assertThat(monthly.getInt("dayOfMonth")).isEqualTo(15);
    assertThat(monthly.getInt("maxRuns")).isEqualTo(12);
    assertThat(json(admin.get("/api/schedules/" + segment("Hourly " + run))).getInt("every"))
        .isEqualTo(2);
    assertThat(json(admin.get("/api/schedules/" + segment("Daily " + run))).getInt("minute"))
        .isEqualTo(30);
    assertThat(json(admin.get("/api/crawler-traps/" + segment("Calendars " + run))).toString())
        .contains("month=");

    JsonObject selective = json(admin.get("/api/harvests/" + segment("Selective " + run)));
    assertThat(selective.getString("kind")).isEqualTo("SELECTIVE");
    assertThat(selective.getBoolean("active")).isFalse();
    assertThat(selective.getString("schedule")).isEqualTo("Daily " + run);
    assertThat(selective.getString("channel")).isEqualTo("FOCUSED" + run.toUpperCase());
    assertThat(selective.getString("audience")).isEqualTo("researchers");
    assertThat(selective.getJsonObject("configurations").toString())
        .contains(kb, "deep", "netarkivet-" + run + ".dk", "defaultconfig");
    JsonObject snapshot2019 =
        json(admin.get("/api/harvests/" + segment("Snapshot " + run + " 2019")));
    assertThat(snapshot2019.getJsonNumber("maxObjectsPerDomain").longValue()).isEqualTo(2000);
    assertThat(snapshot2019.getJsonNumber("maxBytesPerDomain").longValue()).isEqualTo(100000000);
    assertThat(snapshot2019.getJsonNumber("maxJobRunningSeconds").longValue()).isEqualTo(3600);
    JsonObject snapshot2020 =
        json(admin.get("/api/harvests/" + segment("Snapshot " + run + " 2020")));
    assertThat(snapshot2020.getString("continueFrom")).isEqualTo("Snapshot " + run + " 2019");

    JsonObject history = json(admin.get("/api/history/domains/" + kb));
    assertThat(history.getJsonNumber("total").longValue()).isEqualTo(2);
    assertThat(history.getJsonArray("items").toString())
        .contains("Snapshot " + run + " 2019", "SIZE_LIMIT", "CONFIG_OBJECT_LIMIT");

    String domainBefore = admin.get("/api/domains/" + kb).body();
    String historyBefore = admin.get("/api/history/domains/netarkivet-" + run + ".dk").body();
    JsonObject second = importAndWait(false);
    Map<String, List<Long>> again = counts(second);
    again.forEach((kind, values) -> assertThat(values.get(0)).as("created %s", kind).isZero());
    assertThat(again)
        .containsEntry("domains", List.of(0L, 4L, 1L))
        .containsEntry("history", List.of(0L, 4L, 1L))
        .containsEntry("aliases", List.of(0L, 1L, 0L))
        .containsEntry("selective harvests", List.of(0L, 1L, 0L));
    assertThat(admin.get("/api/domains/" + kb).body()).isEqualTo(domainBefore);
    assertThat(admin.get("/api/history/domains/netarkivet-" + run + ".dk").body())
        .isEqualTo(historyBefore);

    JsonObject dryRunAfter = importAndWait(true);
    assertThat(counts(dryRunAfter)).isEqualTo(again);

    assertThat(ServerUnderTest.serverLogText()).doesNotContain(nasPassword);
    if (password != null && !password.isBlank()) {
      assertThat(ServerUnderTest.serverLogText()).doesNotContain(password);
    }
  }

  @Test
  void givenAWrongPassword_whenImporting_thenRefusedAtOnceWithoutThePassword() throws Exception {
    String wrong = "wrong-" + UUID.randomUUID();
    HttpResponse<String> refused =
        admin.post(
            PATH,
            Json.createObjectBuilder()
                .add("url", url)
                .add("user", user == null ? "" : user)
                .add("password", wrong)
                .build());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(refused.body())
        .contains("Cannot open the NetarchiveSuite database")
        .doesNotContain(wrong);
    assertThat(ServerUnderTest.serverLogText()).doesNotContain(wrong);
    assertThat(
            Api.newAccount("curator").post(PATH, Json.createObjectBuilder().build()).statusCode())
        .isEqualTo(403);
  }

  @Test
  void givenTheCommandLine_whenDryRunImporting_thenItFollowsTheImportToItsReport()
      throws Exception {
    String run = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    loadFixture(run);
    Path script =
        Path.of(System.getProperty("jboss.home")).resolve("../../bin/netarchive").normalize();
    ProcessBuilder builder =
        new ProcessBuilder(
                "bash",
                script.toString(),
                "import-netarchivesuite",
                "--url",
                url,
                "--user",
                user == null ? "" : user,
                "--dry-run",
                "--server",
                ServerUnderTest.HTTP)
            .redirectErrorStream(true);
    builder.environment().put("NAS_IMPORT_DB_PASSWORD", password == null ? "" : password);
    builder.environment().put("NAS_ADMIN_PASSWORD", ServerUnderTest.adminPassword());
    Process process = builder.start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("(dry run)");
    String[] lines = output.strip().split("\n");
    JsonObject report;
    try (var reader = Json.createReader(new java.io.StringReader(lines[lines.length - 1]))) {
      report = reader.readObject();
    }
    assertThat(report.getString("state")).isEqualTo("DONE");
    assertThat(report.getBoolean("dryRun")).isTrue();
    assertThat(counts(report)).containsEntry("domains", List.of(4L, 0L, 1L));
    assertThat(admin.get("/api/domains/kb-" + run + ".dk").statusCode()).isEqualTo(404);
  }

  /** Fills the source database: the fixture, then the three templates. */
  private void loadFixture(String run) throws Exception {
    String fixture;
    try (InputStream in =
        getClass().getResourceAsStream("/netarchivesuite/harvestdb-fixture.sql")) {
      fixture = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__RUN__", run);
    }
    HttpResponse<String> download = admin.get("/api/templates/default_orderxml/crawler-beans.cxml");
    assertThat(download.statusCode()).isEqualTo(200);
    String plain = download.body();
    // A template in NetarchiveSuite's H3 shape (its placeholders and beans), and one with a
    // placeholder nothing maps
    String netarchiveSuiteShaped;
    try (InputStream in =
        NetarchiveSuiteImportIT.class.getResourceAsStream(
            "netarchivesuite-h3-crawler-beans.cxml")) {
      netarchiveSuiteShaped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(plain).contains("%{CRAWLER_TRAPS}");
    String odd = plain.replace("%{CRAWLER_TRAPS}", "%{NO_SUCH_PLACEHOLDER}");
    try (Connection connection = DriverManager.getConnection(url, user, password);
        Statement statement = connection.createStatement()) {
      statement.execute(fixture);
      try (PreparedStatement insert =
          connection.prepareStatement(
              "INSERT INTO ordertemplates (template_id, name, orderxml, isactive)"
                  + " VALUES (?, ?, ?, TRUE)")) {
        insert.setLong(1, 1);
        insert.setString(2, "nas_plain_" + run);
        insert.setString(3, plain);
        insert.addBatch();
        insert.setLong(1, 2);
        insert.setString(2, "nas_h3_" + run);
        insert.setString(3, netarchiveSuiteShaped);
        insert.addBatch();
        insert.setLong(1, 3);
        insert.setString(2, "nas_odd_" + run);
        insert.setString(3, odd);
        insert.addBatch();
        insert.executeBatch();
      }
    }
  }

  private JsonObject importAndWait(boolean dryRun) throws Exception {
    var body =
        Json.createObjectBuilder()
            .add("url", url)
            .add("user", user == null ? "" : user)
            .add("password", password == null ? "" : password)
            .add("dryRun", dryRun)
            .add("timeZone", "Europe/Copenhagen")
            .build();
    HttpResponse<String> started = admin.post(PATH, body);
    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    long id = json(started).getJsonNumber("id").longValue();
    JsonObject[] status = new JsonObject[1];
    await()
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(300))
        .until(
            () -> {
              status[0] = json(admin.get(PATH + "/" + id));
              return !"RUNNING".equals(status[0].getString("state"));
            });
    assertThat(status[0].getString("state")).as(status[0].toString()).isEqualTo("DONE");
    assertThat(status[0].getBoolean("dryRun")).isEqualTo(dryRun);
    return status[0];
  }

  /** created, existing, refused by kind. */
  private static Map<String, List<Long>> counts(JsonObject status) {
    return status.getJsonArray("counts").getValuesAs(JsonObject.class).stream()
        .collect(
            Collectors.toMap(
                c -> c.getString("kind"),
                c ->
                    List.of(
                        c.getJsonNumber("created").longValue(),
                        c.getJsonNumber("existing").longValue(),
                        c.getJsonNumber("refused").longValue()),
                (a, b) -> a,
                TreeMap::new));
  }

  /** Reasons by "table key". */
  private static Map<String, String> problems(JsonObject status) {
    return status.getJsonArray("problems").getValuesAs(JsonObject.class).stream()
        .collect(
            Collectors.toMap(
                p -> p.getString("table") + " " + p.getString("key"),
                p -> p.getString("reason"),
                (a, b) -> a + " | " + b));
  }

  private static JsonObject byName(JsonObject domain, String list, String name) {
    return domain.getJsonArray(list).getValuesAs(JsonObject.class).stream()
        .filter(o -> o.getString("name").equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("No " + name + " in " + list + " of " + domain));
  }
}
