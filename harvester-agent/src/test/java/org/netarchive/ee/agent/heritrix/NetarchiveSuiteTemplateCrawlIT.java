package org.netarchive.ee.agent.heritrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.testsite.ServedSite;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.NetarchiveSuiteTemplates;
import org.netarchive.ee.common.template.TemplateConversion;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.Warcinfo;

/**
 * A template in NetarchiveSuite's Heritrix 3 shape (the fixture {@code
 * netarchivesuite-h3-crawler-beans.cxml}, a copy of common's), converted by {@link
 * NetarchiveSuiteTemplates#convert(String)}, crawls the synthetic site with real Heritrix: the
 * mapped archiver writes the job's WARC files, the mapped quota enforcer stops a domain at its
 * object limit, and the mapped crawler-trap slot rejects the job's traps.
 */
class NetarchiveSuiteTemplateCrawlIT {

  @RegisterExtension
  static final ServedSite SITE =
      new ServedSite(
          5,
          new SyntheticSite.Host("nas.test", 8, 1, 1500),
          new SyntheticSite.Host("quota.test", 40, 0, 1000));

  @TempDir Path work;

  /** The converted fixture with the politeness of the local test crawls. */
  private static String convertedTemplate(TemplateConversion conversion) {
    String converted = conversion.text();
    String fast = FastTemplate.text();
    String politeness = fast.substring(fast.indexOf("  <bean id=\"testPoliteness\""));
    return converted.substring(0, converted.lastIndexOf("</beans>")) + politeness;
  }

  private static String fixture() throws IOException {
    try (InputStream in =
        NetarchiveSuiteTemplateCrawlIT.class.getResourceAsStream(
            "netarchivesuite-h3-crawler-beans.cxml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void givenANetarchiveSuiteTemplate_whenConvertedAndCrawled_thenArchivedWithQuotasAndTraps()
      throws Exception {
    TemplateConversion conversion = NetarchiveSuiteTemplates.convert(fixture());
    String template = convertedTemplate(conversion);
    CrawlTemplate.parse(template);
    CrawlRequest request =
        TestJobs.request(
            401,
            template,
            0,
            TestJobs.domain("nas.test", -1, -1, SITE.site().seed("nas.test")),
            TestJobs.domain("quota.test", 10, -1, SITE.site().seed("quota.test")));
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, Instant.now());
    preparation.writeCrawlerBeans(dir, request);

    CrawlResult result =
        new CrawlSupervisor(
                TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(120)), Clock.systemUTC())
            .crawl(dir, Duration.ZERO, s -> {}, () -> false);

    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.FINISHED);
    String beans = Files.readString(dir.crawlerBeans());
    assertThat(beans).doesNotContain("%{", "\"dk.netarkivet", "\"quotaenforcer\"", "is.hi.bok");
    assertThat(dir.crawlWarcs())
        .isNotEmpty()
        .allMatch(p -> p.getFileName().toString().startsWith("401-7-"));

    List<String> responses = new ArrayList<>();
    String warcinfo = "";
    for (Path warc : dir.crawlWarcs()) {
      try (WarcReader reader = new WarcReader(warc)) {
        for (WarcRecord record : reader) {
          if (record instanceof WarcResponse response) {
            responses.add(response.target());
          } else if (record instanceof Warcinfo info) {
            warcinfo += new String(info.body().stream().readAllBytes(), StandardCharsets.UTF_8);
          }
        }
      }
    }
    String nas = "http://nas.test:" + SITE.site().port();
    assertThat(responses).contains(nas + "/page/8.html");
    assertThat(warcinfo).contains("isPartOf: 401-7");

    String crawlLog = Files.readString(dir.latestLaunch().orElseThrow().resolve("logs/crawl.log"));
    // The job's crawler traps (TestJobs: .*/calendar/.*) are rejected by the mapped rule.
    assertThat(crawlLog).doesNotContain("/calendar/");
    // The object limit of quota.test (10) is applied by the renamed quota enforcer's sheet.
    String quota = "http://quota.test:" + SITE.site().port() + "/";
    long quotaPages =
        crawlLog
            .lines()
            .filter(l -> l.contains(" " + quota) && l.matches("^\\S+\\s+200\\s.*"))
            .count();
    assertThat(quotaPages).isBetween(1L, 10L);
    assertThat(crawlLog.lines().filter(l -> l.contains("-5003") && l.contains(quota))).isNotEmpty();
    System.out.printf(
        "NetarchiveSuiteTemplateCrawlIT: %d mappings reported, %d WARC responses, %d pages of"
            + " quota.test%n",
        conversion.changes().size(), responses.size(), quotaPages);
  }
}
