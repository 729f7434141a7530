package org.netarchive.ee.agent.harvest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.heritrix.CrawlSupervisor;
import org.netarchive.ee.agent.heritrix.HeritrixSettings;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.monitoring.AgentStatus;
import org.netarchive.ee.agent.report.MetadataWarc;
import org.netarchive.ee.agent.store.JobUpload;
import org.netarchive.ee.agent.testsite.ServedSite;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobProgress;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;

/**
 * A whole job through the agent's job runner with real Heritrix 3 against the synthetic site:
 * per-domain limits enforced and reported, WARCs and the metadata WARC stored, the job directory
 * removed only after every file was confirmed.
 */
class JobRunnerIT {

  @RegisterExtension
  static final ServedSite SITE =
      new ServedSite(
          5,
          new SyntheticSite.Host("complete.test", 15, 1, 1500),
          new SyntheticSite.Host("objects.test", 120, 1, 1500),
          new SyntheticSite.Host("bytes.test", 120, 0, 6000));

  @TempDir Path work;

  @Test
  void givenThreeDomainsWithDifferentLimits_whenTheJobRuns_thenEachStopsForItsReasonAndAllIsStored()
      throws Exception {
    CrawlRequest request =
        TestJobs.request(
            501,
            FastTemplate.text(),
            0,
            TestJobs.domain("complete.test", -1, -1, SITE.site().seed("complete.test")),
            TestJobs.domain("objects.test", 25, -1, SITE.site().seed("objects.test")),
            TestJobs.domain("bytes.test", -1, 60_000, SITE.site().seed("bytes.test")),
            TestJobs.domain(
                SyntheticSite.DOWN_HOST, -1, -1, SITE.site().seed(SyntheticSite.DOWN_HOST)));
    CopyingArchiveStore archive = new CopyingArchiveStore(work.resolve("archive"), name -> false);
    Clock clock = Clock.systemUTC();
    HeritrixSettings settings = TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(60));
    AgentStatus status = new AgentStatus();
    JobRunner runner =
        new JobRunner(
            new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK),
            new CrawlSupervisor(settings, clock),
            new MetadataWarc("3.13.0", "Netarchive EE harvester agent (test)"),
            new JobUpload(archive),
            status,
            "agent-it",
            clock,
            Duration.ofSeconds(60),
            DedupIndexSource.NONE);
    List<JobProgress> progress = new CopyOnWriteArrayList<>();

    JobDirectory dir = runner.accept(request);
    JobFinished report = runner.run(dir, request, progress::add, () -> false).orElseThrow();

    assertThat(report.outcome())
        .as("%s / %s", report.harvestErrorDetails(), report.uploadErrorDetails())
        .isEqualTo(JobOutcome.DONE);
    assertThat(progress)
        .isNotEmpty()
        .allMatch(p -> p.jobId() == 501 && p.agent().equals("agent-it"));
    assertThat(progress.getLast().downloaded()).isPositive();
    Map<String, DomainStatistics> byDomain =
        report.domains().stream()
            .collect(Collectors.toMap(DomainStatistics::domain, Function.identity()));

    DomainStatistics complete = byDomain.get("complete.test");
    assertThat(complete.stopReason()).isEqualTo(CrawlStopReason.DOWNLOAD_COMPLETE);
    // robots.txt, the front page, 15 pages, 15 images, the DNS record and a missing favicon
    assertThat(complete.objects()).isBetween(32L, 34L);
    DomainStatistics objects = byDomain.get("objects.test");
    assertThat(objects.stopReason()).isEqualTo(CrawlStopReason.OBJECT_LIMIT);
    assertThat(objects.objects()).isBetween(25L, 27L);
    DomainStatistics bytes = byDomain.get("bytes.test");
    assertThat(bytes.stopReason()).isEqualTo(CrawlStopReason.SIZE_LIMIT);
    // The byte quota is checked before each fetch, so it overshoots by less than a page or two.
    assertThat(bytes.bytes()).isBetween(50_000L, 80_000L);
    assertThat(bytes.objects()).isLessThan(25);
    DomainStatistics down = byDomain.get(SyntheticSite.DOWN_HOST);
    assertThat(down.bytes()).as("only its DNS record").isLessThan(100);

    List<String> stored = new ArrayList<>(archive.stored);
    assertThat(stored).last().isEqualTo("501-metadata-1.warc");
    List<String> warcs = stored.subList(0, stored.size() - 1);
    assertThat(warcs).isNotEmpty().allMatch(n -> n.startsWith("501-7-") && n.endsWith(".warc.gz"));

    List<String> responses = new ArrayList<>();
    for (String warc : warcs) {
      try (WarcReader reader = new WarcReader(work.resolve("archive").resolve(warc))) {
        for (WarcRecord record : reader) {
          if (record instanceof WarcResponse response) {
            responses.add(response.target());
          }
        }
      }
    }
    assertThat(responses)
        .contains(SITE.site().seed("complete.test") + "page/15.html")
        .noneMatch(u -> u.contains("/calendar/") || u.contains("/private/"));

    List<String> metadataRecords = new ArrayList<>();
    String cdx = "";
    try (WarcReader reader = new WarcReader(work.resolve("archive/501-metadata-1.warc"))) {
      for (WarcRecord record : reader) {
        if (record instanceof WarcResource resource) {
          metadataRecords.add(resource.target().replaceFirst("\\?.*", ""));
          if (resource.target().contains("/index/cdx")) {
            cdx += new String(resource.body().stream().readAllBytes(), StandardCharsets.UTF_8);
          }
        }
      }
    }
    assertThat(metadataRecords)
        .contains(
            "metadata://netarkivet.dk/crawl/setup/crawler-beans.cxml",
            "metadata://netarkivet.dk/crawl/logs/crawl.log",
            "metadata://netarkivet.dk/crawl/logs/progress-statistics.log",
            "metadata://netarkivet.dk/crawl/logs/heritrix.out",
            "metadata://netarkivet.dk/crawl/reports/hosts-report.txt",
            "metadata://netarkivet.dk/crawl/reports/crawl-report.txt",
            "metadata://netarkivet.dk/crawl/reports/seeds-report.txt")
        .filteredOn(n -> n.endsWith("/index/cdx"))
        .hasSize(warcs.size());
    assertThat(cdx).contains(SITE.site().seed("complete.test") + "page/15.html");

    assertThat(dir.crawlWarcs()).isEmpty();
    runner.markReported(dir);
    assertThat(dir.path()).doesNotExist();
    assertThat(Files.list(work.resolve("jobs"))).isEmpty();
    assertThat(status.getJobsDone()).isEqualTo(1);
  }
}
