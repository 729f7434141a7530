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

  /** The statistics of the request's domains once the launched crawl ended so. */
  private List<DomainStatistics> domainsAfter(CrawlEnd end) {
    return DomainStatisticsCollector.collect(request, Optional.of(launch), end).domains();
  }

  private static List<CrawlStopReason> stopReasons(List<DomainStatistics> stats) {
    return stats.stream().map(DomainStatistics::stopReason).toList();
  }

  @Test
  void givenAFinishedCrawl_whenCollected_thenObjectsBytesAndQuotaStopsPerDomain()
      throws IOException {
    givenLogAndHostsReport();

    List<DomainStatistics> stats = domainsAfter(CrawlEnd.FINISHED);

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
  void givenRevisits_whenCollected_thenDuplicatesAreCountedAndTheirOriginalsNamed()
      throws IOException {
    Files.createDirectories(launch.resolve("logs"));
    String t = "2026-11-21T09:11:17.296Z ";
    Files.writeString(
        launch.resolve("logs/crawl.log"),
        t
            + "200 128 http://small.test/ - - text/html #001 20261121091117243+10 sha1:AAAA"
            + " http://small.test/ -\n"
            + t
            + "200 5000 http://small.test/a.png E http://small.test/ image/png #001"
            + " 20261121091117243+10 sha1:BBBB http://small.test/"
            + " duplicate:\"1-1-20261120-00000.warc.gz,812,20261120101010000\",3t\n"
            + t
            + "200 7000 http://www.small.test/b.pdf L http://small.test/ application/pdf #001"
            + " 20261121091117243+10 sha1:CCCC http://small.test/"
            + " duplicate:\"0-1-20261119-00002.warc.gz,40\"\n"
            + t
            + "200 9 http://quota.test/c.png E http://quota.test/ image/png #001"
            + " 20261121091117243+10 sha1:DDDD http://quota.test/"
            + " duplicate:\"1-1-20261120-00000.warc.gz,99,20261120101010000\"\n");

    DomainStatisticsCollector.CrawlStatistics stats =
        DomainStatisticsCollector.collect(request, Optional.of(launch), CrawlEnd.FINISHED);

    assertThat(stats.domains().get(0))
        .isEqualTo(
            new DomainStatistics(
                "small.test", 3, 12_128, CrawlStopReason.DOWNLOAD_COMPLETE, 2L, 12_000L));
    assertThat(stats.domains().get(1).duplicateObjects()).isEqualTo(1);
    assertThat(stats.revisitedFiles())
        .containsExactly("0-1-20261119-00002.warc.gz", "1-1-20261120-00000.warc.gz");
  }

  @Test
  void givenATimeout_whenCollected_thenDomainsWithUrisLeftAreUnfinished() throws IOException {
    givenLogAndHostsReport();

    List<DomainStatistics> stats = domainsAfter(CrawlEnd.NO_RESPONSE_TIMEOUT);

    assertThat(stopReasons(stats))
        .containsExactly(
            CrawlStopReason.DOWNLOAD_UNFINISHED,
            CrawlStopReason.OBJECT_LIMIT,
            CrawlStopReason.SIZE_LIMIT,
            CrawlStopReason.DOWNLOAD_COMPLETE);
  }

  @Test
  void givenTheTimeLimit_whenCollected_thenDomainsWithUrisLeftStoppedForTime() throws IOException {
    givenLogAndHostsReport();

    List<DomainStatistics> stats = domainsAfter(CrawlEnd.TIME_LIMIT);

    assertThat(stats.getFirst().stopReason()).isEqualTo(CrawlStopReason.TIME_LIMIT);
    assertThat(stats.getLast().stopReason()).isEqualTo(CrawlStopReason.DOWNLOAD_COMPLETE);
  }

  @Test
  void givenACrashWithoutReports_whenCollected_thenEveryDomainWithoutQuotaIsUnfinished()
      throws IOException {
    copy("crawl.log", "logs/crawl.log");

    List<DomainStatistics> stats = domainsAfter(CrawlEnd.FAILED);

    assertThat(stopReasons(stats))
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
        DomainStatisticsCollector.collect(request, Optional.empty(), CrawlEnd.FAILED).domains();

    assertThat(stats)
        .hasSize(4)
        .allMatch(s -> s.objects() == 0 && s.stopReason() == CrawlStopReason.DOWNLOAD_UNFINISHED);
  }
}
