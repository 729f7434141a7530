package org.netarchive.ee.agent.harvest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.heritrix.CrawlSupervisor;
import org.netarchive.ee.agent.heritrix.HeritrixSettings;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.monitoring.AgentStatus;
import org.netarchive.ee.agent.report.MetadataWarc;
import org.netarchive.ee.agent.store.JobUpload;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;

/** A job directory left by a crashed agent is finished at the next start; nothing is lost. */
class JobRunnerRecoveryTest {

  private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

  @TempDir Path work;

  private JobRunner runner(CopyingArchiveStore archive) {
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    HeritrixSettings unused =
        new HeritrixSettings(
            work,
            work,
            "1g",
            List.of(),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1));
    return new JobRunner(
        new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK),
        new CrawlSupervisor(unused, clock),
        new MetadataWarc("3.13.0", "test"),
        new JobUpload(archive),
        new AgentStatus(),
        "agent-1",
        clock,
        Duration.ofSeconds(5),
        DedupIndexSource.NONE);
  }

  /** What a crashed crawl leaves: request, beans, logs, a closed WARC and one still open. */
  private JobDirectory crashedJob() throws IOException {
    CrawlRequest request =
        TestJobs.request(
            77,
            TestJobs.domain("small.test", -1, -1, "http://small.test/"),
            TestJobs.domain("quota.test", 3, -1, "http://quota.test/"));
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, NOW.minusSeconds(3600));
    preparation.writeCrawlerBeans(dir, request);
    Path logs = Files.createDirectories(dir.heritrixJob().resolve("20261121090000/logs"));
    try (InputStream in = getClass().getResourceAsStream("/crawl/crawl.log")) {
      Files.copy(in, logs.resolve("crawl.log"));
    }
    TestFixtures.writeResponseWarc(
        dir.warcs().resolve("77-7-20261121090001000-00000-1~h~1.warc.gz"),
        "http://small.test/",
        NOW);
    TestFixtures.writeResponseWarc(
        dir.warcs().resolve("77-7-20261121090101000-00001-1~h~1.warc.gz.open"),
        "http://quota.test/",
        NOW);
    Files.writeString(dir.heritrixPid(), "999999999");
    return dir;
  }

  @Test
  void
      givenACrashedJob_whenRecoveredWithAnArchiveRefusingOneFile_thenFailedWithBothErrorsAndTheFileKept()
          throws IOException {
    JobDirectory dir = crashedJob();
    CopyingArchiveStore archive =
        new CopyingArchiveStore(work.resolve("archive"), name -> name.contains("-00001-"));
    JobRunner runner = runner(archive);

    assertThat(runner.leftovers()).containsExactly(dir);
    JobFinished report = runner.recover(dir).orElseThrow();

    assertThat(report.jobId()).isEqualTo(77);
    assertThat(report.outcome()).isEqualTo(JobOutcome.FAILED);
    assertThat(report.harvestError()).isEqualTo("The crawl of job 77 failed");
    assertThat(report.harvestErrorDetails()).contains("stopped (crashed, was killed or shut down)");
    assertThat(report.uploadError())
        .isEqualTo("1 file(s) of job 77 were not stored in the archive");
    assertThat(report.uploadErrorDetails())
        .contains("77-7-20261121090101000-00001-1~h~1.warc.gz: replica TWO did not confirm");
    assertThat(report.domains())
        .extracting(d -> d.domain() + " " + d.stopReason())
        .containsExactly(
            "small.test " + CrawlStopReason.DOWNLOAD_UNFINISHED,
            "quota.test " + CrawlStopReason.OBJECT_LIMIT);
    assertThat(archive.stored)
        .containsExactly("77-7-20261121090001000-00000-1~h~1.warc.gz", "77-metadata-1.warc");
    // The refused WARC (renamed from .open) stays; the stored ones are gone.
    assertThat(dir.crawlWarcs())
        .extracting(p -> p.getFileName().toString())
        .containsExactly("77-7-20261121090101000-00001-1~h~1.warc.gz");
    assertThat(dir.metadataWarcs()).isEmpty();

    runner.markReported(dir);
    assertThat(dir.path()).as("kept: a file is not stored").isDirectory();
  }

  @Test
  void givenAReportedJobWithAFileLeft_whenRecoveredAgain_thenTheFileIsStoredAndTheDirectoryRemoved()
      throws IOException {
    JobDirectory dir = crashedJob();
    runner(new CopyingArchiveStore(work.resolve("archive"), name -> name.contains("-00001-")))
        .recover(dir);
    JobRunner healthy = runner(new CopyingArchiveStore(work.resolve("archive"), name -> false));
    healthy.markReported(dir);

    Optional<JobFinished> again = healthy.recover(dir);

    assertThat(again).as("already reported").isEmpty();
    assertThat(dir.crawlWarcs()).isEmpty();
    assertThat(work.resolve("archive/77-7-20261121090101000-00001-1~h~1.warc.gz")).exists();
    healthy.markReported(dir);
    assertThat(dir.path()).doesNotExist();
  }

  @Test
  void givenAReportSavedButNotSent_whenRecovered_thenThatReportIsSentAsItWas() throws IOException {
    JobDirectory dir = crashedJob();
    JobRunner runner = runner(new CopyingArchiveStore(work.resolve("archive"), name -> false));
    JobFinished first = runner.recover(dir).orElseThrow();

    JobFinished resent = runner.recover(dir).orElseThrow();

    assertThat(resent).isEqualTo(first);
    assertThat(first.outcome()).isEqualTo(JobOutcome.FAILED);
    assertThat(first.uploadError()).isNull();
  }

  @Test
  void givenAJobJustAccepted_whenDiscarded_thenItsDirectoryIsGoneButACrawledOneIsKept()
      throws IOException {
    JobRunner runner = runner(new CopyingArchiveStore(work.resolve("archive"), name -> false));
    JobDirectory fresh =
        runner.accept(TestJobs.request(78, TestJobs.domain("kb.dk", -1, -1, "http://kb.dk/")));
    JobDirectory crawled = crashedJob();

    runner.discard(fresh);

    assertThat(fresh.path()).doesNotExist();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> runner.discard(crawled))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has crawled already");
    assertThat(crawled.crawlWarcs()).hasSize(2);
  }
}
