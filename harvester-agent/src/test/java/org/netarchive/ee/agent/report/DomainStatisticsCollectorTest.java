package org.netarchive.ee.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.heritrix.CrawlEnd;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainStatistics;

class DomainStatisticsCollectorTest {

  @TempDir Path launch;

  private final CrawlRequest request =
      TestJobs.request(
          42,
          TestJobs.domain("small.test", -1, -1, "http://small.test/"),
          TestJobs.domain("quota.test", 3, -1, "http://quota.test/"),
          TestJobs.domain("big.test", -1, 50_000, "http://big.test/"),
          TestJobs.domain("none.test", -1, -1, "http://none.test/"));

  private void copy(String resource, String to) throws IOException {
    Path target = launch.resolve(to);
    Files.createDirectories(target.getParent());
    try (InputStream in = getClass().getResourceAsStream("/crawl/" + resource)) {
      Files.copy(in, target);
    }
  }

  private void givenLogAndHostsReport() throws IOException {
    copy("crawl.log", "logs/crawl.log");
    copy("hosts-report.txt", "reports/hosts-report.txt");
  }

  @Test
  void givenAFinishedCrawl_whenCollected_thenObjectsBytesAndQuotaStopsPerDomain()
      throws IOException {
    givenLogAndHostsReport();

    List<DomainStatistics> stats =
        DomainStatisticsCollector.collect(request, Optional.of(launch), CrawlEnd.FINISHED);

    assertThat(stats)
        .containsExactly(
            // dns, robots.txt, front page, a 404 and a page of www.small.test; not the page
            // robots.txt forbade (-9998), nor the truncated last line.
            new DomainStatistics(
                "small.test", 5, 48 + 34 + 128 + 95 + 2549, CrawlStopReason.DOWNLOAD_COMPLETE),
            new DomainStatistics("quota.test", 3, 49 + 34 + 128, CrawlStopReason.OBJECT_LIMIT),
            new DomainStatistics("big.test", 2, 47 + 60_000, CrawlStopReason.SIZE_LIMIT),
            new DomainStatistics("none.test", 0, 0, CrawlStopReason.DOWNLOAD_COMPLETE));
  }

  @Test
  void givenATimeout_whenCollected_thenDomainsWithUrisLeftAreUnfinished() throws IOException {
    givenLogAndHostsReport();

    List<DomainStatistics> stats =
        DomainStatisticsCollector.collect(
            request, Optional.of(launch), CrawlEnd.NO_RESPONSE_TIMEOUT);

    assertThat(stats)
        .extracting(DomainStatistics::stopReason)
        .containsExactly(
            CrawlStopReason.DOWNLOAD_UNFINISHED,
            CrawlStopReason.OBJECT_LIMIT,
            CrawlStopReason.SIZE_LIMIT,
            CrawlStopReason.DOWNLOAD_COMPLETE);
  }

  @Test
  void givenTheTimeLimit_whenCollected_thenDomainsWithUrisLeftStoppedForTime() throws IOException {
    givenLogAndHostsReport();

    List<DomainStatistics> stats =
        DomainStatisticsCollector.collect(request, Optional.of(launch), CrawlEnd.TIME_LIMIT);

    assertThat(stats.getFirst().stopReason()).isEqualTo(CrawlStopReason.TIME_LIMIT);
    assertThat(stats.getLast().stopReason()).isEqualTo(CrawlStopReason.DOWNLOAD_COMPLETE);
  }

  @Test
  void givenACrashWithoutReports_whenCollected_thenEveryDomainWithoutQuotaIsUnfinished()
      throws IOException {
    copy("crawl.log", "logs/crawl.log");

    List<DomainStatistics> stats =
        DomainStatisticsCollector.collect(request, Optional.of(launch), CrawlEnd.FAILED);

    assertThat(stats)
        .extracting(DomainStatistics::stopReason)
        .containsExactly(
            CrawlStopReason.DOWNLOAD_UNFINISHED,
            CrawlStopReason.OBJECT_LIMIT,
            CrawlStopReason.SIZE_LIMIT,
            CrawlStopReason.DOWNLOAD_UNFINISHED);
    assertThat(stats.getFirst().objects()).isEqualTo(5);
  }

  @Test
  void givenNoLaunch_whenCollected_thenEveryDomainIsReportedEmpty() {
    List<DomainStatistics> stats =
        DomainStatisticsCollector.collect(request, Optional.empty(), CrawlEnd.FAILED);

    assertThat(stats)
        .hasSize(4)
        .allMatch(s -> s.objects() == 0 && s.stopReason() == CrawlStopReason.DOWNLOAD_UNFINISHED);
  }
}
