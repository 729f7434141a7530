package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.Api.segment;
import static org.netarchive.ee.it.HarvestedJobs.ENDED;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.assertAdminDataCompleted;
import static org.netarchive.ee.it.HarvestedJobs.assertDoneBy;
import static org.netarchive.ee.it.HarvestedJobs.awaitEmpty;
import static org.netarchive.ee.it.HarvestedJobs.crawledUris;
import static org.netarchive.ee.it.HarvestedJobs.domains;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * The import of a NetarchiveSuite harvest database: a PostgreSQL database in NetarchiveSuite's
 * schema (made from harvestdb-fixture.sql) is imported through the REST API; a dry run before
 * changes nothing and reports what the import then does; a second import and a dry run after it
 * change nothing and report everything as there already. What was imported then runs: the imported
 * selective harvest, activated through the REST API, is crawled by a real harvester agent with the
 * imported (converted) templates from the synthetic site on 127.0.0.1, whose hosts are the
 * fixture's domains; and the imported snapshot harvest that continues the imported earlier one is
 * split with the expected objects reference/000 computes from the imported history.
 *
 * <p>Needs the PostgreSQL database of {@link NetarchiveSuiteSource}, empty of NetarchiveSuite's
 * harvest tables.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag(NetarchiveSuiteSource.TAG)
class NetarchiveSuiteImportIT {

  private static final String PATH = "/api/imports/netarchivesuite";

  /** For the crawls of the imported selective harvest's two jobs, one after the other. */
  private static final Duration CRAWLS = Duration.ofSeconds(240);

  private static String url;
  private static String user;
  private static String password;

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);

  @BeforeAll
  static void sourceDatabase() {
    NetarchiveSuiteSource source = NetarchiveSuiteSource.fromEnvironment("NetarchiveSuiteImportIT");
    url = source.url();
    user = source.user();
    password = source.password();
  }

  @Test
  void givenANetarchiveSuiteDatabase_whenDryRunImportedTwiceAndDryRunAgain_thenImportedOnce()
      throws Exception {
    String run = newRun();
    String nasPassword = "nas-it-secret-1";
    String kb = "kb-" + run + ".dk";
    List<String> newsSeeds;
    try (SyntheticSite site = site(run)) {
      loadFixture(run, site);
      newsSeeds = List.of(site.seed("news." + kb), site.seed("www." + kb) + "nyheder");
    }

    JsonObject dryRun = importAndWait(true);
    assertThat(admin.get("/api/domains/" + kb).statusCode()).isEqualTo(404);
    assertThat(admin.get("/api/harvests/" + segment("Selective " + run)).statusCode())
        .isEqualTo(404);

    JsonObject first = importAndWait(false);
    Map<String, List<Long>> counts = NasFixtures.importCounts(first);
    assertThat(NasFixtures.importCounts(dryRun)).isEqualTo(counts);
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
        .containsEntry("not imported", List.of(0L, 0L, 2L));
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
    assertThat(problems).doesNotContainKey("ownerinfo " + kb + " (1)");
    assertThat(problems.get("jobs all 2 rows")).contains("historyinfo");
    assertThat(first.toString()).doesNotContain(nasPassword);

    JsonObject domain = json(admin.get("/api/domains/" + kb));
    // NetarchiveSuite's owner information follows the comments, an entry a line with its date.
    assertThat(domain.getString("comments"))
        .isEqualTo(
            "The Royal Library\n\nOwner information from NetarchiveSuite:\n"
                + "2015-01-01: Contact: webmaster");
    assertThat(domain.getJsonArray("crawlerTraps").getValuesAs(jakarta.json.JsonString.class))
        .extracting(jakarta.json.JsonString::getString)
        .containsExactly(".*/calendar/.*", ".*[?&]sessionid=.*");
    assertThat(domain.getString("defaultConfiguration")).isEqualTo("defaultconfig");
    JsonObject deep = byName(domain, "configurations", "deep");
    assertThat(deep.getJsonNumber("maxObjects").longValue()).isEqualTo(10000);
    assertThat(deep.getJsonNumber("maxBytes").longValue()).isEqualTo(-1);
    assertThat(deep.getInt("maxRequestRate")).isEqualTo(600);
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
        .contains(newsSeeds)
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
    Map<String, List<Long>> again = NasFixtures.importCounts(second);
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
    assertThat(NasFixtures.importCounts(dryRunAfter)).isEqualTo(again);

    assertThat(ServerUnderTest.serverLogText()).doesNotContain(nasPassword);
    if (password != null && !password.isBlank()) {
      assertThat(ServerUnderTest.serverLogText()).doesNotContain(password);
    }
  }

  @Test
  void givenAnImportedSelectiveHarvest_whenActivated_thenTheAgentCrawlsItWithTheImportedTemplates()
      throws Exception {
    String run = newRun();
    String kb = "kb-" + run + ".dk";
    String netarkivet = "netarkivet-" + run + ".dk";
    String harvest = "Selective " + run;
    String channel = "FOCUSED" + run.toUpperCase(Locale.ROOT);
    try (SyntheticSite site = site(run)) {
      loadFixture(run, site);
      importAndWait(false);

      String instance = "nasimport-agent-" + run;
      // the agent of the imported channel, started before the harvest is due
      try (AgentProcess agent = ScheduledHarvests.agentOn(channel, instance, site).start()) {
        // As a curator would: the imported harvest runs daily at 03:30; it is to run once now,
        // on the imported schedule that runs once, and is activated.
        String path = "/api/harvests/" + segment(harvest);
        int version = json(admin.get(path)).getInt("version");
        HttpResponse<String> rescheduled =
            admin.put(
                path,
                Json.createObjectBuilder()
                    .add("schedule", "Once " + run)
                    .add("version", version)
                    .build());
        assertThat(rescheduled.statusCode()).as(rescheduled.body()).isEqualTo(200);
        harvests.activate(harvest);

        // kb's configuration 'deep' uses the template in NetarchiveSuite's shape, netarkivet's
        // default configuration the plain one: two jobs
        List<JsonObject> jobs =
            harvests.awaitJobs(
                harvest,
                js ->
                    js.size() == 2
                        && js.stream().allMatch(j -> ENDED.contains(j.getString("status"))),
                CRAWLS);
        Map<String, JsonObject> detailsByDomain = new TreeMap<>();
        Map<String, List<String>> crawledByDomain = new TreeMap<>();
        for (JsonObject summary : jobs) {
          long jobId = summary.getJsonNumber("id").longValue();
          long harvestId = summary.getJsonNumber("harvestId").longValue();
          JsonObject details = harvests.job(jobId);
          JsonObject job = assertDoneBy(jobId, details, instance, channel, agent);
          Map<String, JsonObject> ofJob = domains(details);
          assertThat(ofJob).as("job %s", jobId).hasSize(1);
          String domain = ofJob.keySet().iterator().next();
          detailsByDomain.put(domain, details);

          List<String> files = archivedFilesOfJob(jobId);
          assertThat(files)
              .contains(jobId + "-metadata-1.warc")
              .anyMatch(n -> n.startsWith(jobId + "-" + harvestId + "-") && n.endsWith(".warc.gz"));
          assertAdminDataCompleted(admin, files);
          crawledByDomain.put(domain, crawledUris("ONE", files));
        }
        assertThat(detailsByDomain).containsOnlyKeys(kb, netarkivet);

        // kb: the converted template of NetarchiveSuite's shape with the configuration's
        // imported settings: robots.txt ignored (its private pages crawled), the domain's
        // crawler traps in the template's crawler-trap slot (none of the site's endless calendar)
        JsonObject kbJob = detailsByDomain.get(kb);
        assertThat(kbJob.getString("templateName")).isEqualTo("nas_h3_" + run);
        assertThat(kbJob.getString("crawlerBeans"))
            .contains("%{CRAWLER_TRAPS}")
            .doesNotContain("PLACEHOLDER");
        JsonObject kbDomain = domains(kbJob).get(kb);
        assertThat(kbDomain.getString("configuration")).isEqualTo("deep");
        assertThat(kbDomain.getJsonArray("crawlerTraps").toString()).contains(".*/calendar/.*");
        assertThat(kbDomain.getString("stopReason"))
            .as(kbDomain.toString())
            .isEqualTo("DOWNLOAD_COMPLETE");
        List<String> kbCrawled = crawledByDomain.get(kb);
        assertThat(kbCrawled)
            .contains(
                site.seed("www." + kb),
                site.seed("www." + kb) + "page/3.html",
                site.seed("news." + kb),
                site.seed("www." + kb) + "private/1.html")
            .noneMatch(u -> u.contains("/calendar/"));
        assertThat(kbDomain.getJsonNumber("objects").longValue()).isPositive();

        // netarkivet: the plain template with its own settings: robots.txt obeyed, no crawler
        // traps of its own (so the calendar is crawled, as far as its three hops go, unless a
        // global crawler trap list active on this shared server keeps calendars out of every job)
        JsonObject netarkivetJob = detailsByDomain.get(netarkivet);
        assertThat(netarkivetJob.getString("templateName")).isEqualTo("nas_plain_" + run);
        assertThat(domains(netarkivetJob).get(netarkivet).getJsonArray("crawlerTraps")).isEmpty();
        String calendarPage = site.seed("www." + netarkivet) + "calendar/202602.html";
        boolean calendarsTrapped =
            netarkivetJob.getJsonArray("globalCrawlerTraps").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .anyMatch(calendarPage::matches);
        List<String> netarkivetCrawled = crawledByDomain.get(netarkivet);
        assertThat(netarkivetCrawled)
            .contains(
                site.seed("www." + netarkivet), site.seed("www." + netarkivet) + "page/1.html")
            .noneMatch(u -> u.contains("/private/"));
        if (calendarsTrapped) {
          assertThat(netarkivetCrawled).noneMatch(u -> u.contains("/calendar/"));
        } else {
          assertThat(netarkivetCrawled).anyMatch(u -> u.contains("/calendar/"));
        }
        awaitEmpty(agent.jobs());
        System.out.printf(
            "NetarchiveSuiteImportIT: imported selective harvest crawled: %s %d URIs, %s %d URIs%n",
            kb, kbCrawled.size(), netarkivet, netarkivetCrawled.size());
      }
    }
  }

  @Test
  void givenAnImportedSnapshotHarvest_whenSplit_thenItExpectsObjectsFromTheImportedHistory()
      throws Exception {
    String run = newRun();
    String kb = "kb-" + run + ".dk";
    String sb = "sb-" + run + ".dk";
    String harvest = "Snapshot " + run + " 2020";
    try (SyntheticSite site = site(run)) {
      loadFixture(run, site);
    }
    importAndWait(false);

    // What reference/000 expects of the domains the snapshot harvests, from the imported
    // NetarchiveSuite rows (read back from the source database) and the server's split settings
    Map<String, Long> split = splitSettings();
    Map<String, Long> expected = new TreeMap<>();
    long previousSnapshot;
    long harvestMaxObjects;
    long harvestMaxBytes;
    try (Connection connection = DriverManager.getConnection(url, user, password)) {
      long[] limits =
          longs(
              connection,
              "SELECT f.maxobjects, f.maxbytes, f.previoushd FROM fullharvests f"
                  + " JOIN harvestdefinitions h ON h.harvest_id = f.harvest_id WHERE h.name = ?",
              harvest);
      harvestMaxObjects = limits[0];
      harvestMaxBytes = limits[1];
      previousSnapshot = limits[2];
      for (String domain : List.of(kb, sb, "netarkivet-" + run + ".dk")) {
        long[] configuration =
            longs(
                connection,
                "SELECT c.config_id, c.maxobjects, c.maxbytes FROM configurations c"
                    + " JOIN domains d ON d.defaultconfig = c.config_id WHERE d.name = ?",
                domain);
        List<HistoryRow> history = history(connection, configuration[0]);
        // reference/000: a continued snapshot leaves out what the one it continues completed
        boolean finished =
            history.stream().anyMatch(h -> h.harvestId() == previousSnapshot && h.complete());
        if (!finished) {
          expected.put(
              domain,
              expectedObjects(
                  split,
                  history,
                  configuration[1],
                  configuration[2],
                  harvestMaxObjects,
                  harvestMaxBytes));
        }
      }
    }
    assertThat(expected)
        .as("the fixture: kb harvested before, sb never, netarkivet completed in 2019")
        .containsOnlyKeys(kb, sb);

    HttpResponse<String> activated = admin.post("/api/harvests/" + segment(harvest) + "/activate");
    assertThat(activated.statusCode()).as(activated.body()).isEqualTo(200);
    JsonObject splitRun = harvests.awaitSplitRun(harvest);
    assertThat(splitRun.getString("status")).as(splitRun.toString()).isEqualTo("DONE");

    // A snapshot harvests every domain of the server; the fixture's are found in its jobs.
    Map<String, JsonObject> found = new TreeMap<>();
    HttpResponse<String> list = admin.get("/api/jobs?size=1000&harvest=" + segment(harvest));
    assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
    List<JsonObject> jobs = json(list).getJsonArray("items").getValuesAs(JsonObject.class);
    assertThat(jobs).hasSize(splitRun.getInt("jobsMade"));
    for (JsonObject job : jobs) {
      for (JsonObject d : HarvestedJobs.allDomains(admin, job.getJsonNumber("id").longValue())) {
        if (d.getString("domain").endsWith("-" + run + ".dk")) {
          assertThat(found.put(d.getString("domain"), d)).as("%s twice", d).isNull();
        }
      }
    }
    // netarkivet (completed in the continued snapshot) and kb's alias are not harvested
    assertThat(found).containsOnlyKeys(expected.keySet());
    Map<String, Long> actual = new TreeMap<>();
    found.forEach(
        (domain, d) -> actual.put(domain, d.getJsonNumber("expectedObjects").longValue()));
    assertThat(actual).isEqualTo(expected);
    assertThat(found.get(kb).getString("configuration")).isEqualTo("defaultconfig");
    System.out.printf(
        "NetarchiveSuiteImportIT: snapshot %s split into %d jobs; expected objects %s%n",
        harvest, jobs.size(), actual);
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
    String run = newRun();
    try (SyntheticSite site = site(run)) {
      loadFixture(run, site);
    }
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
    assertThat(NasFixtures.importCounts(report)).containsEntry("domains", List.of(4L, 0L, 1L));
    assertThat(admin.get("/api/domains/kb-" + run + ".dk").statusCode()).isEqualTo(404);
  }

  private static String newRun() {
    return UUID.randomUUID().toString().replace("-", "").substring(0, 8);
  }

  /**
   * The web sites of a run's fixture on 127.0.0.1: kb's two hosts and netarkivet's one, small (a
   * few pages, images, a private page each and the endless calendar).
   */
  private static SyntheticSite site(String run) throws java.io.IOException {
    return new SyntheticSite(
        17,
        List.of(
            new SyntheticSite.Host("www.kb-" + run + ".dk", 3, 1, 800),
            new SyntheticSite.Host("news.kb-" + run + ".dk", 2, 0, 600),
            new SyntheticSite.Host("www.netarkivet-" + run + ".dk", 3, 1, 800)));
  }

  /**
   * Fills the source database: the fixture, its seeds on the site's port, then the three templates.
   */
  private void loadFixture(String run, SyntheticSite site) throws Exception {
    String fixture;
    try (InputStream in =
        getClass().getResourceAsStream("/netarchivesuite/harvestdb-fixture.sql")) {
      fixture =
          new String(in.readAllBytes(), StandardCharsets.UTF_8)
              .replace("__RUN__", run)
              .replace("__PORT__", Integer.toString(site.port()));
    }
    // The shipped template with the politeness of local test crawls
    String plain = FastTemplate.text();
    // A template in NetarchiveSuite's H3 shape (its placeholders and beans), with the same
    // politeness as a bean of its own, as an installation's template has its own; and one with a
    // placeholder nothing maps
    String netarchiveSuiteShaped;
    try (InputStream in =
        NetarchiveSuiteImportIT.class.getResourceAsStream(
            "netarchivesuite-h3-crawler-beans.cxml")) {
      netarchiveSuiteShaped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String politeness = plain.substring(plain.indexOf("<bean id=\"testPoliteness\""));
    netarchiveSuiteShaped =
        netarchiveSuiteShaped.substring(0, netarchiveSuiteShaped.lastIndexOf("</beans>"))
            + politeness;
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

  /** Reasons by "table key". */
  private static Map<String, String> problems(JsonObject status) {
    return status.getJsonArray("problems").getValuesAs(JsonObject.class).stream()
        .collect(
            Collectors.toMap(
                p -> p.getString("table") + " " + p.getString("key"),
                p -> p.getString("reason"),
                (a, b) -> a + " | " + b));
  }

  /** One historyinfo row of NetarchiveSuite: what a harvest got of a configuration. */
  private record HistoryRow(
      long harvestId, long objects, long bytes, boolean complete, Instant startedAt) {}

  /** The historyinfo rows of a configuration in the source database (stop reason 0: complete). */
  private static List<HistoryRow> history(Connection connection, long configurationId)
      throws Exception {
    List<HistoryRow> rows = new ArrayList<>();
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT harvest_id, objectcount, bytecount, stopreason, harvest_time"
                + " FROM historyinfo WHERE config_id = ?")) {
      select.setLong(1, configurationId);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          rows.add(
              new HistoryRow(
                  rs.getLong(1),
                  rs.getLong(2),
                  rs.getLong(3),
                  rs.getInt(4) == 0,
                  rs.getTimestamp(5).toInstant()));
        }
      }
    }
    return rows;
  }

  /** The numbers of the one row a query with one text parameter answers. */
  private static long[] longs(Connection connection, String sql, String parameter)
      throws Exception {
    try (PreparedStatement select = connection.prepareStatement(sql)) {
      select.setString(1, parameter);
      try (ResultSet rs = select.executeQuery()) {
        assertThat(rs.next()).as("%s with %s", sql, parameter).isTrue();
        long[] values = new long[rs.getMetaData().getColumnCount()];
        for (int i = 0; i < values.length; i++) {
          values[i] = rs.getLong(i + 1);
        }
        return values;
      }
    }
  }

  /** The server's split settings (split.maxDomainSize and the others), by name without "split.". */
  private Map<String, Long> splitSettings() throws Exception {
    Map<String, Long> settings = new TreeMap<>();
    json(admin.get("/api/settings/scheduling"))
        .forEach(
            (name, value) -> {
              if (name.startsWith("split.")) {
                settings.put(
                    name.substring("split.".length()),
                    Long.parseLong(((jakarta.json.JsonString) value).getString()));
              }
            });
    return settings;
  }

  /**
   * The objects reference/000 ("Splitting", the six steps) expects of a configuration in the next
   * harvest, as the README's "How the estimate follows NetarchiveSuite" reads them where the words
   * leave a choice (which earlier harvest is the best, when its average size counts, which limits
   * set the room to grow into). Limits are -1 for none. The fixture's figures give the same result
   * on either reading: kb's one earlier harvest got more than 50 objects averaging more than
   * expectedAverageBytesPerObject, and its configuration and the snapshot have the same limits.
   */
  private static long expectedObjects(
      Map<String, Long> split,
      List<HistoryRow> history,
      long configMaxObjects,
      long configMaxBytes,
      long harvestMaxObjects,
      long harvestMaxBytes) {
    long maxDomainSize = split.get("maxDomainSize");
    // 1. the best earlier harvest: of the most recent complete one and those after it, the one
    // with most objects
    Optional<Instant> lastComplete =
        history.stream()
            .filter(HistoryRow::complete)
            .map(HistoryRow::startedAt)
            .max(Comparator.naturalOrder());
    Optional<HistoryRow> best =
        history.stream()
            .filter(h -> lastComplete.isEmpty() || !h.startedAt().isBefore(lastComplete.get()))
            .max(Comparator.comparingLong(HistoryRow::objects).thenComparing(HistoryRow::complete));
    // 2. bytes per object: the best harvest's average, unless it is small and from few objects
    long setting = split.get("expectedAverageBytesPerObject");
    long bytesPerObject = setting;
    if (best.isPresent() && best.get().objects() > 0) {
      long average = Math.max(1, best.get().bytes() / best.get().objects());
      if (average >= setting || best.get().objects() >= 50) {
        bytesPerObject = average;
      }
    }
    // 3. the most the limits allow, and the room to grow into (the harvest's limits first)
    long byHarvest = allowed(bytesPerObject, harvestMaxObjects, harvestMaxBytes);
    long byConfig = allowed(bytesPerObject, configMaxObjects, configMaxBytes);
    long maximum =
        byHarvest < 0 && byConfig < 0
            ? maxDomainSize
            : Math.min(
                byHarvest < 0 ? Long.MAX_VALUE : byHarvest,
                byConfig < 0 ? Long.MAX_VALUE : byConfig);
    if (best.isEmpty()) {
      // never harvested: the setting's default, within the limits
      return Math.min(maxDomainSize, maximum);
    }
    long room = byHarvest >= 0 ? byHarvest : byConfig >= 0 ? byConfig : maxDomainSize;
    // 4. and 5. from what the best harvest got, a part of the room by the error factor
    long minimum = best.get().objects();
    long errorFactor =
        best.get().complete()
            ? split.get("errorFactorPrevResult")
            : split.get("errorFactorBestGuess");
    // 6. capped by the limits
    return Math.min(minimum + (room - minimum) / errorFactor, maximum);
  }

  /**
   * The objects an object and a byte limit allow (-1 for none) at a size per object; -1 if none.
   */
  private static long allowed(long bytesPerObject, long maxObjects, long maxBytes) {
    long allowed = maxObjects >= 0 ? maxObjects : -1;
    if (maxBytes >= 0) {
      long byBytes = maxBytes / bytesPerObject;
      allowed = allowed < 0 ? byBytes : Math.min(allowed, byBytes);
    }
    return allowed;
  }

  private static JsonObject byName(JsonObject domain, String list, String name) {
    return domain.getJsonArray(list).getValuesAs(JsonObject.class).stream()
        .filter(o -> o.getString("name").equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("No " + name + " in " + list + " of " + domain));
  }
}
