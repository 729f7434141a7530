package org.netarchive.ee.scheduler.domain.model.job;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.scheduler.domain.model.ColumnText;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;

/**
 * One crawl job: a set of domain configurations of one harvest run that one agent crawls with one
 * crawl template.
 *
 * <p>Jobs are made in bulk by the split-harvest batch job (plain JDBC); after that only their
 * status, progress and results change, here. Every status change goes through {@link
 * JobStatus#canBecome}; a report that does not fit is refused rather than applied.
 */
@Entity
@Table(name = "harvest_job")
@NamedQuery(
    name = "HarvestJob.byStatus",
    query = "SELECT j FROM HarvestJob j WHERE j.status = :status ORDER BY j.id")
@NamedQuery(
    name = "HarvestJob.startedBefore",
    query =
        "SELECT j FROM HarvestJob j WHERE j.status = :status AND j.startedAt < :before"
            + " ORDER BY j.id")
@NamedQuery(name = "HarvestJob.byIds", query = "SELECT j FROM HarvestJob j WHERE j.id IN :ids")
@NamedQuery(
    name = "HarvestJob.countPerChannel",
    query =
        "SELECT j.channelId, COUNT(j) FROM HarvestJob j WHERE j.status = :status"
            + " GROUP BY j.channelId")
@NamedQuery(
    name = "HarvestJob.readyToSubmit",
    query =
        "SELECT j FROM HarvestJob j, HarvestSplit s WHERE s.id = j.splitId"
            + " AND j.status = :new AND s.status = :done ORDER BY j.id")
@NamedQuery(
    name = "HarvestJob.readyToSubmitLeavingOut",
    query =
        "SELECT j FROM HarvestJob j, HarvestSplit s WHERE s.id = j.splitId"
            + " AND j.status = :new AND s.status = :done AND j.channelId NOT IN :channels"
            + " ORDER BY j.id")
@NamedQuery(
    name = "HarvestJob.idsOfHarvest",
    query =
        "SELECT j.id FROM HarvestJob j WHERE j.harvestId = :harvest AND j.status = :status"
            + " ORDER BY j.id")
@NamedQuery(
    name = "HarvestJob.latestRunBefore",
    query =
        "SELECT MAX(j.harvestRun) FROM HarvestJob j WHERE j.harvestId = :harvest"
            + " AND j.harvestRun < :run AND j.status = :status")
@NamedQuery(
    name = "HarvestJob.idsOfRun",
    query =
        "SELECT j.id FROM HarvestJob j WHERE j.harvestId = :harvest AND j.harvestRun = :run"
            + " AND j.status = :status ORDER BY j.id")
public class HarvestJob {

  /** Longest error text kept in the short error columns. */
  public static final int MAX_ERROR_LENGTH = 4000;

  /** Longest error details kept. */
  public static final int MAX_DETAILS_LENGTH = 1_000_000;

  @Id
  @Column(name = "id")
  private Long id;

  @Column(name = "harvest_id", nullable = false, updatable = false)
  private long harvestId;

  @Column(name = "split_id", nullable = false, updatable = false)
  private long splitId;

  @Column(name = "harvest_run", nullable = false, updatable = false)
  private int harvestRun;

  @Enumerated(EnumType.STRING)
  @Column(name = "kind", nullable = false, updatable = false, length = 16)
  private HarvestKind kind;

  @Column(name = "channel_id", nullable = false, updatable = false)
  private long channelId;

  @Enumerated(EnumType.STRING)
  @Column(name = "status", nullable = false, length = 20)
  private JobStatus status;

  @Column(name = "template_version_id", nullable = false, updatable = false)
  private long templateVersionId;

  @Column(name = "max_bytes_per_domain", nullable = false, updatable = false)
  private long maxBytesPerDomain;

  @Column(name = "byte_limit_by_harvest", nullable = false, updatable = false)
  private boolean byteLimitByHarvest;

  @Embedded private HarvestLimits limits;

  @Column(name = "global_crawler_traps", nullable = false, updatable = false)
  private String globalCrawlerTraps;

  @Column(name = "configuration_count", nullable = false, updatable = false)
  private int configurationCount;

  @Column(name = "total_expected_objects", nullable = false, updatable = false)
  private long totalExpectedObjects;

  @Column(name = "closed_by", nullable = false, updatable = false, length = 32)
  private String closedBy;

  @Column(name = "configurations_job_id", nullable = false, updatable = false)
  private long configurationsJobId;

  @Column(name = "resubmitted_from_id", updatable = false)
  private Long resubmittedFromId;

  @Column(name = "resubmitted_as_id")
  private Long resubmittedAsId;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "submitted_at")
  private Instant submittedAt;

  @Column(name = "started_at")
  private Instant startedAt;

  @Column(name = "finished_at")
  private Instant finishedAt;

  @Column(name = "agent", length = 256)
  private String agent;

  @Column(name = "status_reason", length = MAX_ERROR_LENGTH)
  private String statusReason;

  @Column(name = "harvest_error", length = MAX_ERROR_LENGTH)
  private String harvestError;

  @Column(name = "harvest_error_details", length = MAX_DETAILS_LENGTH)
  private String harvestErrorDetails;

  @Column(name = "upload_error", length = MAX_ERROR_LENGTH)
  private String uploadError;

  @Column(name = "upload_error_details", length = MAX_DETAILS_LENGTH)
  private String uploadErrorDetails;

  @Column(name = "progress_discovered")
  private Long progressDiscovered;

  @Column(name = "progress_queued")
  private Long progressQueued;

  @Column(name = "progress_downloaded")
  private Long progressDownloaded;

  @Column(name = "progress_docs_per_sec")
  private Double progressDocsPerSecond;

  @Column(name = "progress_kb_per_sec")
  private Double progressKilobytesPerSecond;

  @Column(name = "progress_busy_threads")
  private Integer progressBusyThreads;

  @Column(name = "progress_bytes")
  private Long progressBytes;

  @Column(name = "progress_at")
  private Instant progressAt;

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected HarvestJob() {}

  /**
   * Makes the copy of a job that is sent again in its place: same harvest run, template, limits and
   * configurations, status NEW.
   *
   * @param original the job sent again
   * @param newId the new job's id
   * @param now when the copy is made
   * @return the new job; {@code original} is not changed (see {@link #resubmittedAs})
   */
  public static HarvestJob copyOf(HarvestJob original, long newId, Instant now) {
    HarvestJob copy = new HarvestJob();
    copy.id = newId;
    copy.harvestId = original.harvestId;
    copy.splitId = original.splitId;
    copy.harvestRun = original.harvestRun;
    copy.kind = original.kind;
    copy.channelId = original.channelId;
    copy.status = JobStatus.NEW;
    copy.templateVersionId = original.templateVersionId;
    copy.maxBytesPerDomain = original.maxBytesPerDomain;
    copy.byteLimitByHarvest = original.byteLimitByHarvest;
    copy.limits = original.limits;
    copy.globalCrawlerTraps = original.globalCrawlerTraps;
    copy.configurationCount = original.configurationCount;
    copy.totalExpectedObjects = original.totalExpectedObjects;
    copy.closedBy = original.closedBy;
    copy.configurationsJobId = original.configurationsJobId;
    copy.resubmittedFromId = original.id;
    copy.createdAt = Objects.requireNonNull(now, "now");
    return copy;
  }

  private StatusChange move(JobStatus target) {
    if (status == target) {
      return StatusChange.REPEATED;
    }
    if (!status.canBecome(target)) {
      return StatusChange.REFUSED;
    }
    status = target;
    return StatusChange.APPLIED;
  }

  /** The dispatcher has put the job on its channel's queue. */
  public StatusChange submit(Instant now) {
    StatusChange change = move(JobStatus.SUBMITTED);
    if (change == StatusChange.APPLIED) {
      submittedAt = now;
    }
    return change;
  }

  /**
   * An agent has taken the job. A STARTED report after the job has finished is a late message and
   * changes nothing.
   */
  public StatusChange start(String agentName, Instant at) {
    if (status == JobStatus.DONE || status == JobStatus.FAILED) {
      return StatusChange.REPEATED;
    }
    StatusChange change = move(JobStatus.STARTED);
    if (change == StatusChange.APPLIED) {
      agent = agentName;
      startedAt = at;
    }
    return change;
  }

  /**
   * Records an agent's progress report of a running job; only a STARTED job takes one, and a report
   * older than the last one recorded changes nothing.
   */
  public StatusChange progress(JobProgress report) {
    if (status != JobStatus.STARTED) {
      return status.isFinal() || status == JobStatus.FAILED
          ? StatusChange.REPEATED
          : StatusChange.REFUSED;
    }
    if (progressAt != null && report.at().isBefore(progressAt)) {
      return StatusChange.REPEATED;
    }
    progressAt = report.at();
    progressDiscovered = report.discovered();
    progressQueued = report.queued();
    progressDownloaded = report.downloaded();
    progressDocsPerSecond = report.docsPerSecond();
    progressKilobytesPerSecond = report.kilobytesPerSecond();
    progressBusyThreads = report.busyThreads();
    progressBytes = report.bytes();
    return StatusChange.APPLIED;
  }

  /**
   * The agent has finished the job.
   *
   * @param done true for DONE, false for FAILED
   * @return what the report did; a repeated final report changes nothing
   */
  public StatusChange finish(
      boolean done,
      String agentName,
      Instant at,
      String harvestError,
      String harvestErrorDetails,
      String uploadError,
      String uploadErrorDetails) {
    StatusChange change = move(done ? JobStatus.DONE : JobStatus.FAILED);
    if (change == StatusChange.APPLIED) {
      if (agent == null) {
        agent = agentName;
      }
      finishedAt = at;
      this.harvestError = ColumnText.clip(harvestError, MAX_ERROR_LENGTH);
      this.harvestErrorDetails = ColumnText.clip(harvestErrorDetails, MAX_DETAILS_LENGTH);
      this.uploadError = ColumnText.clip(uploadError, MAX_ERROR_LENGTH);
      this.uploadErrorDetails = ColumnText.clip(uploadErrorDetails, MAX_DETAILS_LENGTH);
      if (done) {
        statusReason = null;
      }
    }
    return change;
  }

  /** Fails a job that the server gave up waiting for. */
  public StatusChange failBecause(String reason, Instant at) {
    StatusChange change = move(JobStatus.FAILED);
    if (change == StatusChange.APPLIED) {
      statusReason = ColumnText.clip(reason, MAX_ERROR_LENGTH);
      finishedAt = at;
    }
    return change;
  }

  /**
   * Marks the job as sent again as another job.
   *
   * @throws IllegalStateException if the job cannot be resubmitted in its status
   */
  public void resubmittedAs(HarvestJob copy, String reason) {
    if (!status.canBecome(JobStatus.RESUBMITTED)) {
      throw new IllegalStateException(
          "Job " + id + " is " + status + "; only SUBMITTED and FAILED jobs can be resubmitted");
    }
    status = JobStatus.RESUBMITTED;
    resubmittedAsId = copy.id;
    statusReason = ColumnText.clip(reason, MAX_ERROR_LENGTH);
  }

  /** Whether a STARTED job has run longer than the job timeout. */
  public boolean hasTimedOut(Instant now, Duration timeout) {
    return status == JobStatus.STARTED
        && startedAt != null
        && startedAt.plus(timeout).isBefore(now);
  }

  public Long id() {
    return id;
  }

  public long harvestId() {
    return harvestId;
  }

  public long splitId() {
    return splitId;
  }

  public int harvestRun() {
    return harvestRun;
  }

  public HarvestKind kind() {
    return kind;
  }

  public long channelId() {
    return channelId;
  }

  public JobStatus status() {
    return status;
  }

  public long templateVersionId() {
    return templateVersionId;
  }

  public long maxBytesPerDomain() {
    return maxBytesPerDomain;
  }

  public boolean byteLimitByHarvest() {
    return byteLimitByHarvest;
  }

  /** The limits of the harvest run, as its split took them. */
  public HarvestLimits limits() {
    return limits;
  }

  public String globalCrawlerTraps() {
    return globalCrawlerTraps;
  }

  public int configurationCount() {
    return configurationCount;
  }

  public long totalExpectedObjects() {
    return totalExpectedObjects;
  }

  public String closedBy() {
    return closedBy;
  }

  public long configurationsJobId() {
    return configurationsJobId;
  }

  public Optional<Long> resubmittedFromId() {
    return Optional.ofNullable(resubmittedFromId);
  }

  public Optional<Long> resubmittedAsId() {
    return Optional.ofNullable(resubmittedAsId);
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Optional<Instant> submittedAt() {
    return Optional.ofNullable(submittedAt);
  }

  public Optional<Instant> startedAt() {
    return Optional.ofNullable(startedAt);
  }

  public Optional<Instant> finishedAt() {
    return Optional.ofNullable(finishedAt);
  }

  public Optional<String> agent() {
    return Optional.ofNullable(agent);
  }

  public Optional<String> statusReason() {
    return Optional.ofNullable(statusReason);
  }

  public Optional<String> harvestError() {
    return Optional.ofNullable(harvestError);
  }

  public Optional<String> harvestErrorDetails() {
    return Optional.ofNullable(harvestErrorDetails);
  }

  public Optional<String> uploadError() {
    return Optional.ofNullable(uploadError);
  }

  public Optional<String> uploadErrorDetails() {
    return Optional.ofNullable(uploadErrorDetails);
  }

  /** The last progress report, if the job has sent one. */
  public Optional<Progress> progress() {
    if (progressAt == null) {
      return Optional.empty();
    }
    return Optional.of(
        new Progress(
            progressAt,
            progressDiscovered,
            progressQueued,
            progressDownloaded,
            progressDocsPerSecond,
            progressKilobytesPerSecond,
            progressBusyThreads,
            progressBytes));
  }

  public int version() {
    return version;
  }

  /** A running job's last reported figures. */
  public record Progress(
      Instant at,
      long discovered,
      long queued,
      long downloaded,
      double docsPerSecond,
      double kilobytesPerSecond,
      int busyThreads,
      long bytes) {

    /** Downloaded out of discovered, 0..100; 0 while nothing is discovered. */
    public int percentDone() {
      return discovered <= 0 ? 0 : (int) Math.min(100, downloaded * 100 / discovered);
    }
  }

  @Override
  public String toString() {
    return "HarvestJob[id=" + id + ", harvest=" + harvestId + ", status=" + status + "]";
  }
}
