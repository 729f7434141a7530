package org.netarchive.ee.scheduler.application.job;

import java.time.Instant;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;

/** What the REST API and the UI show of jobs. */
public final class JobViews {

  private JobViews() {}

  /** A job in a list. */
  public record JobSummary(
      long id,
      long harvestId,
      String harvestName,
      int harvestRun,
      String kind,
      String channel,
      String status,
      int configurationCount,
      long totalExpectedObjects,
      Instant createdAt,
      Instant submittedAt,
      Instant startedAt,
      Instant finishedAt,
      String agent,
      String statusReason,
      String harvestError,
      String uploadError,
      Long resubmittedFrom,
      Long resubmittedAs,
      ProgressView progress) {

    static JobSummary of(HarvestJob j, String harvestName, String channelName) {
      return new JobSummary(
          j.id(),
          j.harvestId(),
          harvestName,
          j.harvestRun(),
          j.kind().name(),
          channelName,
          j.status().name(),
          j.configurationCount(),
          j.totalExpectedObjects(),
          j.createdAt(),
          j.submittedAt().orElse(null),
          j.startedAt().orElse(null),
          j.finishedAt().orElse(null),
          j.agent().orElse(null),
          j.statusReason().orElse(null),
          j.harvestError().orElse(null),
          j.uploadError().orElse(null),
          j.resubmittedFromId().orElse(null),
          j.resubmittedAsId().orElse(null),
          j.progress().map(ProgressView::of).orElse(null));
    }
  }

  /** The last progress report of a running job. */
  public record ProgressView(
      Instant at,
      long discovered,
      long queued,
      long downloaded,
      double docsPerSecond,
      double kilobytesPerSecond,
      int busyThreads,
      long bytes,
      int percentDone) {

    static ProgressView of(HarvestJob.Progress p) {
      return new ProgressView(
          p.at(),
          p.discovered(),
          p.queued(),
          p.downloaded(),
          p.docsPerSecond(),
          p.kilobytesPerSecond(),
          p.busyThreads(),
          p.bytes(),
          p.percentDone());
    }
  }

  /** One domain of a job, with what the job got of it once it has finished. */
  public record JobDomainView(
      String domain,
      String configuration,
      long maxObjects,
      long maxBytes,
      long expectedObjects,
      List<String> seeds,
      List<String> crawlerTraps,
      Long objects,
      Long bytes,
      String stopReason,
      Long duplicateObjects,
      Long duplicateBytes) {}

  /** Everything about one job. */
  public record JobDetails(
      JobSummary job,
      String templateName,
      int templateVersion,
      String crawlerBeans,
      long maxBytesPerDomain,
      boolean byteLimitByHarvest,
      long maxRunningSeconds,
      String closedBy,
      List<String> globalCrawlerTraps,
      String harvestErrorDetails,
      String uploadErrorDetails,
      Deduplication deduplication,
      Page<JobDomainView> domains) {}

  /**
   * What a finished job found unchanged in its deduplication index and archived as revisit records
   * instead of content, over all its domains.
   *
   * @param objects the objects archived as revisits
   * @param bytes their content bytes, not archived again
   * @param archivedObjects all objects the job archived
   * @param archivedBytes all content bytes the job fetched
   */
  public record Deduplication(long objects, long bytes, long archivedObjects, long archivedBytes) {}

  /** One run of a harvest being, or having been, split into jobs. */
  public record HarvestRunView(
      long splitId,
      int run,
      String status,
      Instant claimedAt,
      Instant finishedAt,
      long estimated,
      long placed,
      int jobsMade,
      String failure) {}

  /**
   * How many jobs have a status.
   *
   * @param status the status's name
   * @param count the jobs counted
   * @param atLeast whether counting stopped there: there are at least {@code count}
   */
  public record StatusCount(String status, long count, boolean atLeast) {}
}
