package org.netarchive.ee.scheduler.domain.model.job;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One run of a harvest being split into jobs. The row is the claim on the run: (harvest, run
 * number) is unique in the database, so no two servers (or passes) split the same run.
 *
 * <p>The batch job records its progress here in the same transactions that store its jobs, so a
 * split interrupted by a crash resumes after the last stored job.
 */
@Entity
@Table(name = "harvest_split")
@NamedQuery(
    name = "HarvestSplit.byStatus",
    query = "SELECT s FROM HarvestSplit s WHERE s.status = :status ORDER BY s.id")
@NamedQuery(
    name = "HarvestSplit.runningOf",
    query = "SELECT s FROM HarvestSplit s WHERE s.status = 'RUNNING' AND s.harvestId = :harvest")
@NamedQuery(
    name = "HarvestSplit.harvestsWithStatus",
    query = "SELECT s.harvestId FROM HarvestSplit s WHERE s.status = :status")
@NamedQuery(
    name = "HarvestSplit.ofHarvest",
    query = "SELECT s FROM HarvestSplit s WHERE s.harvestId = :harvest ORDER BY s.runNumber DESC")
public class HarvestSplit {

  private static final int MAX_FAILURE = 4000;

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  @Column(name = "id")
  private Long id;

  @Column(name = "harvest_id", nullable = false, updatable = false)
  private long harvestId;

  @Column(name = "run_number", nullable = false, updatable = false)
  private int runNumber;

  @Enumerated(EnumType.STRING)
  @Column(name = "status", nullable = false, length = 16)
  private SplitStatus status;

  @Column(name = "claimed_by", nullable = false, length = 128)
  private String claimedBy;

  @Column(name = "claimed_at", nullable = false)
  private Instant claimedAt;

  @Column(name = "progress_at", nullable = false)
  private Instant progressAt;

  @Column(name = "execution_id")
  private Long executionId;

  @Embedded private HarvestLimits limits;

  @Column(name = "settings", nullable = false, updatable = false, length = 4000)
  private String settings;

  @Column(name = "estimated", nullable = false)
  private long estimated;

  @Column(name = "placed", nullable = false)
  private long placed;

  @Column(name = "jobs_made", nullable = false)
  private int jobsMade;

  @Column(name = "finished_at")
  private Instant finishedAt;

  @Column(name = "failure", length = MAX_FAILURE)
  private String failure;

  protected HarvestSplit() {}

  /**
   * Claims a run of a harvest for splitting.
   *
   * @param harvestId the harvest
   * @param runNumber the run being made (the harvest's run count + 1)
   * @param claimedBy the server claiming it
   * @param limits the harvest's limits, which every job of the run takes
   * @param settings the splitting settings used
   * @param now when
   */
  public HarvestSplit(
      long harvestId,
      int runNumber,
      String claimedBy,
      HarvestLimits limits,
      SplitSettings settings,
      Instant now) {
    this.harvestId = harvestId;
    this.runNumber = runNumber;
    this.claimedBy = Objects.requireNonNull(claimedBy, "claimedBy");
    this.limits = Objects.requireNonNull(limits, "limits");
    this.settings = SplitSettingsText.format(settings);
    this.status = SplitStatus.RUNNING;
    this.claimedAt = now;
    this.progressAt = now;
  }

  /** Records the batch execution working on the split, and who runs it. */
  public void runBy(long newExecutionId, String server, Instant now) {
    this.executionId = newExecutionId;
    this.claimedBy = server;
    this.progressAt = now;
  }

  /** Whether a RUNNING split has shown no progress for longer than {@code silence}. */
  public boolean isStale(Instant now, Duration silence) {
    return status == SplitStatus.RUNNING && progressAt.plus(silence).isBefore(now);
  }

  public void finish(Instant now) {
    if (status != SplitStatus.RUNNING) {
      throw new IllegalStateException("Split " + id + " is " + status + ", not RUNNING");
    }
    status = SplitStatus.DONE;
    finishedAt = now;
  }

  public void fail(String reason, Instant now) {
    status = SplitStatus.FAILED;
    finishedAt = now;
    failure = reason == null ? "unknown" : reason.substring(0, Math.min(reason.length(), 4000));
  }

  public Long id() {
    return id;
  }

  public long harvestId() {
    return harvestId;
  }

  public int runNumber() {
    return runNumber;
  }

  public SplitStatus status() {
    return status;
  }

  public String claimedBy() {
    return claimedBy;
  }

  public Instant claimedAt() {
    return claimedAt;
  }

  public Instant progressAt() {
    return progressAt;
  }

  public Optional<Long> executionId() {
    return Optional.ofNullable(executionId);
  }

  /** The limits of the harvest run, which every job of the run takes. */
  public HarvestLimits limits() {
    return limits;
  }

  public SplitSettings settings() {
    return SplitSettingsText.parse(settings);
  }

  public long estimated() {
    return estimated;
  }

  public long placed() {
    return placed;
  }

  public int jobsMade() {
    return jobsMade;
  }

  public Optional<Instant> finishedAt() {
    return Optional.ofNullable(finishedAt);
  }

  public Optional<String> failure() {
    return Optional.ofNullable(failure);
  }
}
