package org.netarchive.ee.scheduler.application.job;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.common.message.JobStarted;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.scheduler.application.monitor.SchedulerActivity;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistoryRepository;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.job.StatusChange;
import org.netarchive.ee.scheduler.domain.model.job.StopReasons;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

/**
 * Applies the agents' reports to their jobs: STARTED, progress, and DONE or FAILED with the
 * per-domain statistics, which become harvest history.
 *
 * <p>A report that does not fit the job's status is refused and logged (and the message consumed:
 * retrying it would not make it fit); a repeated report changes nothing, so duplicates are
 * harmless.
 */
@Stateless
@PermitAll
public class JobStatusUpdates {

  private static final Logger LOG = Logger.getLogger(JobStatusUpdates.class.getName());

  @Inject private HarvestJobRepository jobs;
  @Inject private HarvestHistoryRepository history;
  @Inject private SchedulingSettings settings;
  @Inject private Notifier notifier;
  @Inject private MeterRegistry metrics;
  @Inject private SchedulerActivity activity;
  @Inject private RevisitDependencies revisits;

  private final Clock clock = Clock.systemUTC();

  /**
   * Applies one report.
   *
   * @return what it did to the job
   * @throws IllegalArgumentException if the message is not a job report
   */
  public StatusChange apply(Message message) {
    return switch (message) {
      case JobStarted started -> started(started);
      case JobProgress progress -> progress(progress);
      case JobFinished finished -> finished(finished);
      default ->
          throw new IllegalArgumentException(
              "The scheduler's queue takes JobStarted, JobProgress and JobFinished, not "
                  + message.getClass().getSimpleName());
    };
  }

  private StatusChange started(JobStarted report) {
    HarvestJob job = job(report.jobId());
    if (job == null) {
      return unknown("JobStarted", report.jobId());
    }
    return logged(
        job, "STARTED by " + report.agent(), job.start(report.agent(), report.startedAt()));
  }

  private StatusChange progress(JobProgress p) {
    HarvestJob job = job(p.jobId());
    if (job == null) {
      return unknown("JobProgress", p.jobId());
    }
    StatusChange change = job.progress(p);
    if (change == StatusChange.REFUSED) {
      LOG.warning(() -> "Refused progress of job " + job.id() + ": the job is " + job.status());
    }
    return change;
  }

  private StatusChange finished(JobFinished report) {
    HarvestJob job = job(report.jobId());
    if (job == null) {
      return unknown("JobFinished", report.jobId());
    }
    boolean done = report.outcome() == JobOutcome.DONE;
    StatusChange change =
        job.finish(
            done,
            report.agent(),
            report.finishedAt(),
            report.harvestError(),
            report.harvestErrorDetails(),
            report.uploadError(),
            report.uploadErrorDetails());
    logged(job, report.outcome().name(), change);
    if (change != StatusChange.APPLIED) {
      return change;
    }
    recordHistory(job, report);
    DescribedMeters.counter(
            metrics, "netarchive.jobs.finished", Tags.of("outcome", report.outcome().name()))
        .increment();
    if (!done) {
      DescribedMeters.counter(metrics, "netarchive.jobs.failed", Tags.of("reason", "REPORTED"))
          .increment();
    }
    activity.jobFinished(!done);
    if (!done) {
      notifier.notify(
          "JOB_FAILED",
          "Job " + job.id() + " failed",
          "Job "
              + job.id()
              + " of harvest "
              + job.harvestId()
              + " failed on "
              + report.agent()
              + ".\nHarvest error: "
              + (report.harvestError() == null ? "none" : report.harvestError())
              + "\nUpload error: "
              + (report.uploadError() == null ? "none" : report.uploadError()));
    }
    return change;
  }

  private void recordHistory(HarvestJob job, JobFinished report) {
    List<JobDomain> domains = jobs.domainsOf(job);
    Map<String, JobDomain> byName = new HashMap<>(domains.size() * 2);
    for (JobDomain d : domains) {
      byName.put(d.domainName(), d);
    }
    Instant started = job.startedAt().orElse(report.finishedAt());
    long duplicateObjects = 0;
    long duplicateBytes = 0;
    for (DomainStatistics stats : report.domains()) {
      JobDomain domain = byName.get(stats.domain());
      if (domain == null) {
        LOG.warning(
            () ->
                "Job "
                    + job.id()
                    + " reported statistics for domain '"
                    + stats.domain()
                    + "', which is not in the job; ignored");
        continue;
      }
      StopReason reason =
          StopReasons.recorded(
              StopReason.valueOf(stats.stopReason().name()),
              stats.objects(),
              stats.bytes(),
              domain.configMaxObjects(),
              domain.configMaxBytes(),
              job.limits().harvestMaxObjects(),
              job.limits().harvestMaxBytes());
      history.add(
          HarvestHistory.ofJob(
                  domain.domainId(),
                  domain.configurationId(),
                  job.harvestId(),
                  job.id(),
                  started,
                  stats.objects(),
                  stats.bytes(),
                  reason)
              .deduplicated(stats.duplicateObjects(), stats.duplicateBytes()));
      duplicateObjects += stats.duplicateObjects();
      duplicateBytes += stats.duplicateBytes();
    }
    if (duplicateObjects > 0) {
      DescribedMeters.counter(metrics, "netarchive.dedup.objects", Tags.empty())
          .increment(duplicateObjects);
      DescribedMeters.counter(metrics, "netarchive.dedup.bytes", Tags.empty())
          .increment(duplicateBytes);
    }
    revisits.record(job.id(), report.revisitedFiles());
  }

  /**
   * Fails the STARTED jobs that have had no final report for longer than the job timeout.
   *
   * @return how many failed
   */
  public int failTimedOutJobs() {
    Duration timeout = settings.jobTimeout();
    Instant now = clock.instant();
    List<HarvestJob> late = jobs.withStatusStartedBefore(JobStatus.STARTED, now.minus(timeout));
    for (HarvestJob job : late) {
      job.failBecause(
          "No final report from agent "
              + job.agent().orElse("?")
              + " within the job timeout of "
              + timeout.toSeconds()
              + " s after it started at "
              + job.startedAt().orElse(null),
          now);
      DescribedMeters.counter(metrics, "netarchive.jobs.finished", Tags.of("outcome", "TIMEOUT"))
          .increment();
      DescribedMeters.counter(metrics, "netarchive.jobs.failed", Tags.of("reason", "TIMEOUT"))
          .increment();
      activity.jobFinished(true);
      notifier.notify(
          "JOB_TIMED_OUT",
          "Job " + job.id() + " timed out",
          "Job "
              + job.id()
              + " was STARTED at "
              + job.startedAt().orElse(null)
              + " and has sent no final report within "
              + timeout.toSeconds()
              + " s.");
    }
    return late.size();
  }

  private HarvestJob job(long id) {
    return jobs.find(id).orElse(null);
  }

  private StatusChange unknown(String what, long jobId) {
    LOG.warning(() -> "Refused " + what + " for job " + jobId + ": there is no such job");
    return StatusChange.REFUSED;
  }

  private static StatusChange logged(HarvestJob job, String what, StatusChange change) {
    switch (change) {
      case APPLIED -> LOG.info(() -> "Job " + job.id() + " " + what);
      case REPEATED -> LOG.fine(() -> "Job " + job.id() + ": repeated report " + what);
      case REFUSED ->
          LOG.warning(
              () ->
                  "Refused report " + what + " for job " + job.id() + ", which is " + job.status());
    }
    return change;
  }
}
