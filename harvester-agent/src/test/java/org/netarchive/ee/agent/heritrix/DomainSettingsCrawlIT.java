package org.netarchive.ee.agent.heritrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.harvest.CopyingArchiveStore;
import org.netarchive.ee.agent.harvest.DedupIndexSource;
import org.netarchive.ee.agent.harvest.JobRunner;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.monitoring.AgentStatus;
import org.netarchive.ee.agent.report.MetadataWarc;
import org.netarchive.ee.agent.store.JobUpload;
import org.netarchive.ee.agent.testsite.ServedSite;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.common.message.CrawlCredential;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.DomainCrawlSettings;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.template.JobValues;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResource;

/**
 * A real Heritrix crawl of the synthetic site in which each domain has its own configuration's
 * settings: robots policy, hops, request rate, JavaScript extraction and passwords (HTTP Basic and
 * a login form), each next to a domain without it, in one job run by the agent's JobRunner (one
 * crawl for all tests), whose archived files are then read.
 */
class DomainSettingsCrawlIT {

  /** Fast enough to be no limit on loopback. */
  private static final int UNLIMITED_RATE = 100_000;

  private static final DateTimeFormatter FETCH_START =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");

  /** As templates made from Heritrix's default profile are: the agent's store must win. */
  private static final String WITH_EMPTY_CREDENTIAL_STORE =
      FastTemplate.text()
          .replace(
              "<!-- %{DOMAIN_QUOTAS} -->",
              "<bean id=\"credentialStore\""
                  + " class=\"org.archive.modules.credential.CredentialStore\"/>\n"
                  + "<!-- %{DOMAIN_QUOTAS} -->");

  private static final String BASIC_AUTHORIZATION =
      "Basic "
          + Base64.getEncoder()
              .encodeToString(
                  (SyntheticSite.USER + ":" + SyntheticSite.PASSWORD)
                      .getBytes(StandardCharsets.UTF_8));

  /**
   * The password as found in any file: Heritrix's database stores strings with Kryo, which marks an
   * ASCII string's end in its last byte.
   */
  private static final String PASSWORD_BUT_ITS_LAST =
      SyntheticSite.PASSWORD.substring(0, SyntheticSite.PASSWORD.length() - 1);

  @TempDir static Path work;

  @RegisterExtension
  static final ServedSite SITE =
      new ServedSite(
          3,
          new SyntheticSite.Host("guarded1.test", 3, 0, 300),
          new SyntheticSite.Host("guarded2.test", 3, 0, 300),
          new SyntheticSite.Host("ignoring.test", 15, 0, 300),
          new SyntheticSite.Host("hops.test", 15, 0, 300),
          new SyntheticSite.Host("rate.test", 6, 0, 300));

  private static JobDirectory dir;
  private static JobFinished report;
  private static String crawlLog;
  private static String archivedBeans;

  @BeforeAll
  static void crawl() throws Exception {
    String port = ":" + SITE.site().port();
    CrawlDomain guarded1 =
        domain(
            "guarded1.test",
            new DomainCrawlSettings(20, UNLIMITED_RATE, true, true),
            List.of(
                new CrawlCredential(
                    "basic",
                    "http://guarded1.test" + port + "/basic/",
                    SyntheticSite.REALM,
                    SyntheticSite.USER,
                    SyntheticSite.PASSWORD,
                    null,
                    null),
                new CrawlCredential(
                    "members",
                    "http://guarded1.test" + port + "/login",
                    "",
                    SyntheticSite.USER,
                    SyntheticSite.PASSWORD,
                    "user",
                    "password")));
    CrawlDomain guarded2 =
        domain(
            "guarded2.test", new DomainCrawlSettings(20, UNLIMITED_RATE, true, false), List.of());
    CrawlDomain ignoring =
        domain(
            "ignoring.test", new DomainCrawlSettings(20, UNLIMITED_RATE, false, true), List.of());
    CrawlDomain hops =
        domain("hops.test", new DomainCrawlSettings(2, UNLIMITED_RATE, true, true), List.of());
    CrawlDomain rate = domain("rate.test", new DomainCrawlSettings(20, 120, true, true), List.of());
    var request =
        TestJobs.request(
            201, WITH_EMPTY_CREDENTIAL_STORE, 0, guarded1, guarded2, ignoring, hops, rate);
    JobRunner runner =
        new JobRunner(
            new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK),
            new CrawlSupervisor(
                TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(120)), Clock.systemUTC()),
            new MetadataWarc("3.13.0", "Netarchive EE harvester agent (test)"),
            new JobUpload(new CopyingArchiveStore(work.resolve("archive"), name -> false)),
            new AgentStatus(),
            "agent-it",
            Clock.systemUTC(),
            Duration.ofSeconds(60),
            DedupIndexSource.NONE);
    dir = runner.accept(request);
    report = runner.run(dir, request, p -> {}, () -> false).orElseThrow();
    assertThat(dir.latestLaunch())
        .as("%s / %s", report.harvestErrorDetails(), Files.readString(dir.heritrixOut()))
        .isPresent();
    crawlLog = Files.readString(dir.latestLaunch().orElseThrow().resolve("logs/crawl.log"));
    try (WarcReader reader =
        new WarcReader(work.resolve("archive").resolve(MetadataWarc.fileName(201)))) {
      for (WarcRecord record : reader) {
        if (record instanceof WarcResource resource
            && resource.target().contains("/setup/crawler-beans.cxml")) {
          archivedBeans =
              new String(resource.body().stream().readAllBytes(), StandardCharsets.UTF_8);
        }
      }
    }
  }

  private static CrawlDomain domain(
      String name, DomainCrawlSettings settings, List<CrawlCredential> credentials) {
    return new CrawlDomain(
        name,
        "defaultconfig",
        -1,
        -1,
        List.of(SITE.site().seed(name)),
        List.of(),
        settings,
        credentials);
  }

  private static String url(String host, String path) {
    return "http://" + host + ":" + SITE.site().port() + path;
  }

  /** The crawl.log status of a URI's last fetch, or null if it was never tried. */
  private static String status(String uri) {
    String status = null;
    for (String line : crawlLog.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length > 3 && f[3].equals(uri)) {
        status = f[1];
      }
    }
    return status;
  }

  @Test
  void givenPasswords_whenTheJobHasRun_thenNeitherItsDirectoryNorItsLogsKeepThem()
      throws Exception {
    assertThat(report.outcome())
        .as("%s / %s", report.harvestErrorDetails(), report.uploadErrorDetails())
        .isEqualTo(JobOutcome.DONE);
    assertThat(Files.readString(dir.crawlerBeans()))
        .doesNotContain(SyntheticSite.PASSWORD)
        .contains(JobValues.PASSWORD_LEFT_OUT);
    assertThat(Files.readString(dir.request()))
        .doesNotContain(SyntheticSite.PASSWORD)
        .contains(SyntheticSite.REALM);
    // heritrix.out, the launch's logs and reports, Heritrix's database, the metadata WARC: every
    // file of the job but the crawl's WARC files, which archive the requests as sent (see the
    // next test).
    List<Path> files = new ArrayList<>();
    try (var walk = Files.walk(dir.path())) {
      walk.filter(Files::isRegularFile).filter(f -> !f.startsWith(dir.warcs())).forEach(files::add);
    }
    files.add(work.resolve("archive").resolve(MetadataWarc.fileName(201)));
    assertThat(files).contains(dir.heritrixOut());
    for (Path file : files) {
      assertThat(Files.readString(file, StandardCharsets.ISO_8859_1))
          .as("%s", file)
          .doesNotContain(PASSWORD_BUT_ITS_LAST)
          .doesNotContain(BASIC_AUTHORIZATION);
    }
  }

  @Test
  void givenPasswords_whenCrawled_thenTheWarcRequestRecordsHoldWhatWasSent() throws Exception {
    String basicRequest = null;
    String loginRequest = null;
    try (var archived = Files.list(work.resolve("archive"))) {
      for (Path warc : archived.filter(f -> f.toString().endsWith(".warc.gz")).toList()) {
        try (WarcReader reader = new WarcReader(warc)) {
          for (WarcRecord record : reader) {
            if (record instanceof WarcRequest request) {
              String sent =
                  new String(request.body().stream().readAllBytes(), StandardCharsets.ISO_8859_1);
              if (request.target().equals(url("guarded1.test", "/basic/secret.html"))
                  && sent.contains("Authorization")) {
                basicRequest = sent;
              } else if (request.target().equals(url("guarded1.test", "/login"))) {
                loginRequest = sent;
              }
            }
          }
        }
      }
    }
    assertThat(basicRequest).contains("Authorization: " + BASIC_AUTHORIZATION);
    assertThat(loginRequest)
        .startsWith("POST /login ")
        .endsWith("password=" + URLEncoder.encode(SyntheticSite.PASSWORD, StandardCharsets.UTF_8))
        .contains("user=" + SyntheticSite.USER);
  }

  @Test
  void givenPasswords_whenArchived_thenTheCrawlerBeansInTheMetadataWarcHaveThemLeftOut() {
    assertThat(archivedBeans)
        .isNotNull()
        .contains(JobValues.CREDENTIAL_STORE_ID)
        .contains(JobValues.PASSWORD_LEFT_OUT)
        .contains(SyntheticSite.REALM)
        .doesNotContain(SyntheticSite.PASSWORD);
  }

  @Test
  void givenABasicPassword_whenCrawled_thenOnlyItsDomainGetsTheProtectedPage() {
    assertThat(status(url("guarded1.test", "/basic/secret.html"))).isEqualTo("200");
    assertThat(status(url("guarded2.test", "/basic/secret.html"))).isEqualTo("401");
  }

  @Test
  void givenALoginFormPassword_whenCrawled_thenOnlyItsDomainLogsInAndGetsTheMembersPage() {
    assertThat(status(url("guarded1.test", "/login"))).isEqualTo("200");
    assertThat(status(url("guarded1.test", "/members/secret.html"))).isEqualTo("200");
    assertThat(status(url("guarded2.test", "/members/secret.html"))).isEqualTo("403");
  }

  @Test
  void givenRobotsIgnoredForOneDomain_whenCrawled_thenOnlyItGetsTheDisallowedPages() {
    assertThat(status(url("ignoring.test", "/private/1.html"))).isEqualTo("200");
    assertThat(status(url("guarded1.test", "/private/1.html"))).isEqualTo("-9998");
  }

  @Test
  void givenTwoHops_whenCrawled_thenPagesThreeLinksFromTheSeedAreNotFetched() {
    assertThat(status(url("hops.test", "/page/2.html"))).isEqualTo("200");
    assertThat(status(url("hops.test", "/page/4.html"))).isNull();
    assertThat(status(url("ignoring.test", "/page/4.html"))).isEqualTo("200");
    assertThat(status(url("ignoring.test", "/page/8.html"))).isEqualTo("200");
  }

  @Test
  void givenJavascriptExtractionOffForOneDomain_whenCrawled_thenOnlyTheOtherFollowsScriptLinks() {
    assertThat(status(url("guarded1.test", "/from-script.html"))).isEqualTo("200");
    assertThat(status(url("guarded2.test", "/from-script.html"))).isNull();
  }

  @Test
  void given120RequestsPerMinute_whenCrawled_thenFetchesOfTheDomainStartHalfASecondApart() {
    List<LocalDateTime> starts = new ArrayList<>();
    for (String line : crawlLog.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length > 8 && f[3].startsWith(url("rate.test", "/")) && f[8].matches("\\d{17}\\+.*")) {
        starts.add(LocalDateTime.parse(f[8].substring(0, 17), FETCH_START));
      }
    }
    starts.sort(null);
    assertThat(starts).hasSizeGreaterThanOrEqualTo(8);
    for (int i = 1; i < starts.size(); i++) {
      assertThat(Duration.between(starts.get(i - 1), starts.get(i)))
          .as("gap before fetch %d of rate.test: %s", i, starts)
          .isGreaterThanOrEqualTo(Duration.ofMillis(500));
    }
  }
}
