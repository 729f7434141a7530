package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.JobProgress;

class JobStatusTest {

  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

  /** A job as the split stores it: NEW. Built through the copy path, as JDBC rows are not. */
  private static HarvestJob newJob() {
    return HarvestJob.copyOf(new HarvestJob(), 7, T0);
  }

  @Test
  void givenANewJob_whenItGoesThroughItsLife_thenEachStepApplies() {
    HarvestJob job = newJob();
    assertThat(job.status()).isEqualTo(JobStatus.NEW);

    assertThat(job.submit(T0)).isEqualTo(StatusChange.APPLIED);
    assertThat(job.start("agent-1", T0.plusSeconds(1))).isEqualTo(StatusChange.APPLIED);
    assertThat(
            job.progress(
                new JobProgress(7, "agent-1", T0.plusSeconds(20), 10, 5, 5, 1.0, 2.0, 1, 100)))
        .isEqualTo(StatusChange.APPLIED);
    assertThat(job.finish(true, "agent-1", T0.plusSeconds(60), null, null, null, null))
        .isEqualTo(StatusChange.APPLIED);

    assertThat(job.status()).isEqualTo(JobStatus.DONE);
    assertThat(job.agent()).contains("agent-1");
    assertThat(job.progress()).hasValueSatisfying(p -> assertThat(p.percentDone()).isEqualTo(50));
  }

  @Test
  void givenRepeatedAndLateReports_whenApplied_thenTheyChangeNothing() {
    HarvestJob job = newJob();
    job.submit(T0);
    job.start("agent-1", T0);
    job.finish(false, "agent-1", T0.plusSeconds(5), "crawl failed", "details", null, null);

    assertThat(job.finish(false, "agent-1", T0.plusSeconds(6), "again", null, null, null))
        .isEqualTo(StatusChange.REPEATED);
    assertThat(job.start("agent-1", T0.plusSeconds(7))).isEqualTo(StatusChange.REPEATED);
    assertThat(job.harvestError()).contains("crawl failed");
  }

  @Test
  void givenANewJob_whenItReportsDoneOrProgress_thenRefused() {
    HarvestJob job = newJob();

    assertThat(job.finish(true, "agent", T0, null, null, null, null))
        .isEqualTo(StatusChange.REFUSED);
    assertThat(job.progress(new JobProgress(7, "agent", T0, 1, 1, 1, 1, 1, 1, 1)))
        .isEqualTo(StatusChange.REFUSED);
    assertThat(job.status()).isEqualTo(JobStatus.NEW);
  }

  @Test
  void givenASubmittedJob_whenItsDoneReportOvertakesStarted_thenItIsDone() {
    HarvestJob job = newJob();
    job.submit(T0);

    assertThat(job.finish(true, "agent", T0, null, null, null, null))
        .isEqualTo(StatusChange.APPLIED);
    assertThat(job.start("agent", T0)).isEqualTo(StatusChange.REPEATED);
  }

  @Test
  void givenAStartedJobPastTheTimeout_whenChecked_thenItHasTimedOutAndCanFail() {
    HarvestJob job = newJob();
    job.submit(T0);
    job.start("agent", T0);

    assertThat(job.hasTimedOut(T0.plus(Duration.ofDays(7)).plusSeconds(1), Duration.ofDays(7)))
        .isTrue();
    assertThat(job.hasTimedOut(T0.plus(Duration.ofDays(7)), Duration.ofDays(7))).isFalse();
    assertThat(job.failBecause("silent agent", T0.plus(Duration.ofDays(8))))
        .isEqualTo(StatusChange.APPLIED);
    assertThat(job.statusReason()).contains("silent agent");
  }

  @Test
  void givenAFailedJob_whenResubmitted_thenItLinksToTheCopy() {
    HarvestJob job = newJob();
    job.submit(T0);
    job.start("agent", T0);
    job.finish(false, "agent", T0, "boom", null, null, null);
    HarvestJob copy = HarvestJob.copyOf(job, 8, T0.plusSeconds(1));

    job.resubmittedAs(copy, "by a user");

    assertThat(job.status()).isEqualTo(JobStatus.RESUBMITTED);
    assertThat(job.resubmittedAsId()).contains(8L);
    assertThat(copy.resubmittedFromId()).contains(7L);
    assertThat(copy.status()).isEqualTo(JobStatus.NEW);
    assertThat(JobStatus.RESUBMITTED.isFinal()).isTrue();
  }
}
