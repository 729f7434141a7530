package org.netarchive.ee.agent.heritrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.common.message.CrawlCredential;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.DomainCrawlSettings;

/**
 * A real Heritrix crawl of the synthetic site in which each domain has its own configuration's
 * settings: robots policy, hops, request rate and JavaScript extraction, each next to a domain
 * without it, in one job (one crawl for all tests). The passwords travel with the request but do
 * not reach Heritrix yet (see JobValues.credentials).
 */
class DomainSettingsCrawlIT {

  /** Fast enough to be no limit on loopback. */
  private static final int UNLIMITED_RATE = 100_000;

  private static final DateTimeFormatter FETCH_START =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");

  @TempDir static Path work;

  private static SyntheticSite site;
  private static JobDirectory dir;
  private static CrawlResult result;
  private static String crawlLog;
  private static String beansWhileCrawling;

  @BeforeAll
  static void crawl() throws Exception {
    site =
        new SyntheticSite(
            3,
            List.of(
                new SyntheticSite.Host("guarded1.test", 3, 0, 300),
                new SyntheticSite.Host("guarded2.test", 3, 0, 300),
                new SyntheticSite.Host("ignoring.test", 15, 0, 300),
                new SyntheticSite.Host("hops.test", 15, 0, 300),
                new SyntheticSite.Host("rate.test", 6, 0, 300)));
    String port = ":" + site.port();
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
        TestJobs.request(201, FastTemplate.text(), 0, guarded1, guarded2, ignoring, hops, rate);
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    dir = preparation.accept(request, Instant.now());
    preparation.writeCrawlerBeans(dir, request);
    beansWhileCrawling = Files.readString(dir.crawlerBeans());

    result =
        new CrawlSupervisor(TestFixtures.heritrix(site, Duration.ofSeconds(120)), Clock.systemUTC())
            .crawl(dir, Duration.ZERO, s -> {}, () -> false);
    assertThat(dir.latestLaunch())
        .as("%s: %s / %s", result.end(), result.detail(), Files.readString(dir.heritrixOut()))
        .isPresent();
    crawlLog = Files.readString(dir.latestLaunch().orElseThrow().resolve("logs/crawl.log"));
  }

  @AfterAll
  static void stopSite() {
    if (site != null) {
      site.close();
    }
  }

  private static CrawlDomain domain(
      String name, DomainCrawlSettings settings, List<CrawlCredential> credentials) {
    return new CrawlDomain(
        name, "defaultconfig", -1, -1, List.of(site.seed(name)), List.of(), settings, credentials);
  }

  private static String url(String host, String path) {
    return "http://" + host + ":" + site.port() + path;
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
  void givenPasswords_whenTheJobIsWritten_thenTheJobDirectoryKeepsNone() throws Exception {
    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.FINISHED);
    assertThat(beansWhileCrawling).doesNotContain(SyntheticSite.PASSWORD);
    assertThat(Files.readString(dir.request()))
        .doesNotContain(SyntheticSite.PASSWORD)
        .contains(SyntheticSite.REALM);
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
