package org.netarchive.ee.agent.heritrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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

/** Real Heritrix 3 crawls of the synthetic site on loopback, driven by the supervisor. */
class HeritrixCrawlIT {

  @RegisterExtension
  static final ServedSite SITE =
      new ServedSite(
          1,
          new SyntheticSite.Host("small.test", 6, 1, 2000),
          new SyntheticSite.Host("slow.test", 400, 0, 500));

  @TempDir Path work;

  private JobDirectory prepare(CrawlRequest request) {
    return prepare(request, TestJobs.BDB_FREE_DISK);
  }

  private JobDirectory prepare(CrawlRequest request, long bdbFreeDisk) {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), bdbFreeDisk);
    JobDirectory dir = preparation.accept(request, Instant.now());
    preparation.writeCrawlerBeans(dir, request);
    return dir;
  }

  @Test
  void givenASmallSite_whenCrawled_thenItFinishesWithWarcsLogsAndReports() throws Exception {
    JobDirectory dir =
        prepare(
            TestJobs.request(
                101,
                FastTemplate.text(),
                0,
                TestJobs.domain("small.test", -1, -1, SITE.site().seed("small.test"))));
    List<CrawlStatus> progress = new CopyOnWriteArrayList<>();

    CrawlResult result =
        new CrawlSupervisor(
                TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(60)), Clock.systemUTC())
            .crawl(dir, Duration.ZERO, progress::add, () -> false);

    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.FINISHED);
    assertThat(progress).isNotEmpty();
    assertThat(progress.getLast().finished()).isTrue();
    assertThat(dir.crawlWarcs())
        .isNotEmpty()
        .allMatch(p -> p.getFileName().toString().startsWith("101-7-"));
    Path launch = dir.latestLaunch().orElseThrow();
    String crawlLog = Files.readString(launch.resolve("logs/crawl.log"));
    assertThat(crawlLog)
        .contains("http://small.test:" + SITE.site().port() + "/page/6.html")
        .contains("dns:small.test")
        .doesNotContain("/calendar/")
        .contains("-9998          - http://small.test:" + SITE.site().port() + "/private/1.html");
    assertThat(launch.resolve("reports/hosts-report.txt")).exists();
    assertThat(Files.readString(dir.heritrixOut())).contains("Heritrix version");
    assertThat(dir.heritrixPid()).doesNotExist();
    assertThat(dir.path().resolve("heritrix-login")).doesNotExist();
  }

  @Test
  void givenAJobTimeLimit_whenReached_thenTheAgentStopsTheCrawl() {
    JobDirectory dir =
        prepare(
            TestJobs.request(
                102,
                FastTemplate.text(),
                3,
                TestJobs.domain("slow.test", -1, -1, SITE.site().seed("slow.test"))));

    CrawlResult result =
        new CrawlSupervisor(
                TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(60)), Clock.systemUTC())
            .crawl(dir, Duration.ofSeconds(3), s -> {}, () -> false);

    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.TIME_LIMIT);
    assertThat(result.lastStatus().orElseThrow().finished()).isTrue();
    assertThat(dir.latestLaunch().orElseThrow().resolve("reports/crawl-report.txt")).exists();
  }

  /**
   * The free space the agent writes for Heritrix's database is the one it keeps: asked to keep more
   * than the disk has, it refuses to start. (So with the agent's own minimum, 400 MB by default, it
   * no longer refuses jobs on a disk with less than its default 5 GiB free.)
   */
  @Test
  void givenHeritrixsDatabaseToldToKeepMoreThanTheDiskHas_whenCrawled_thenTheJobFails()
      throws Exception {
    long more = Files.getFileStore(work).getUsableSpace() + (1L << 40);
    JobDirectory dir =
        prepare(
            TestJobs.request(
                104,
                FastTemplate.text(),
                0,
                TestJobs.domain("small.test", -1, -1, SITE.site().seed("small.test"))),
            more);

    CrawlResult result =
        new CrawlSupervisor(
                TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(60)), Clock.systemUTC())
            .crawl(dir, Duration.ZERO, s -> {}, () -> false);

    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.FAILED);
    assertThat(result.detail() + Files.readString(dir.heritrixOut())).contains("bdb");
    assertThat(dir.crawlWarcs()).isEmpty();
  }

  @Test
  void givenATemplateHeritrixCannotBuild_whenCrawled_thenItFailsWithHeritrixsReason() {
    String broken =
        FastTemplate.text()
            .replace(
                "<bean id=\"extractorSwf\" class=\"org.archive.modules.extractor.ExtractorSWF\"/>",
                "<bean id=\"extractorSwf\" class=\"org.example.NoSuchExtractor\"/>");
    JobDirectory dir =
        prepare(
            TestJobs.request(
                103,
                broken,
                0,
                TestJobs.domain("small.test", -1, -1, SITE.site().seed("small.test"))));

    CrawlResult result =
        new CrawlSupervisor(
                TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(60)), Clock.systemUTC())
            .crawl(dir, Duration.ZERO, s -> {}, () -> false);

    assertThat(result.end()).isEqualTo(CrawlEnd.FAILED);
    assertThat(result.detail()).contains("could not build job 103");
    assertThat(dir.heritrixPid()).doesNotExist();
  }
}
