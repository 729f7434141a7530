package org.netarchive.ee.scheduler.domain.model.harvest;

import jakarta.persistence.Column;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;

/**
 * A snapshot (broad) harvest: every domain, with its default configuration, once, within per-domain
 * limits. It may continue from an earlier snapshot harvest, whose domains that harvested completely
 * are then left out. It is due once activated until it has run.
 */
@Entity
@DiscriminatorValue("SNAPSHOT")
@NamedQuery(
    name = "SnapshotHarvest.findDue",
    query =
        "SELECT h FROM SnapshotHarvest h WHERE h.active = TRUE AND h.runCount = 0 ORDER BY h.id")
@NamedQuery(
    name = "SnapshotHarvest.listByName",
    query =
        "SELECT h FROM SnapshotHarvest h WHERE LOWER(h.name) LIKE :pattern ESCAPE '!'"
            + " ORDER BY LOWER(h.name), h.id")
@NamedQuery(
    name = "SnapshotHarvest.countByName",
    query = "SELECT COUNT(h) FROM SnapshotHarvest h WHERE LOWER(h.name) LIKE :pattern ESCAPE '!'")
public class SnapshotHarvest extends HarvestDefinition {

  /** Longest chain of snapshots continuing from each other that is checked for a cycle. */
  private static final int MAX_CHAIN = 10_000;

  // Nullable in the mapping only because the table is shared with selective harvests; a CHECK
  // constraint requires them of every snapshot harvest.
  @Column(name = "max_objects_per_domain")
  private Long maxObjectsPerDomain;

  @Column(name = "max_bytes_per_domain")
  private Long maxBytesPerDomain;

  @Column(name = "max_job_running_seconds")
  private Long maxJobRunningSeconds;

  @ManyToOne(fetch = FetchType.LAZY)
  @JoinColumn(name = "previous_snapshot_id")
  private SnapshotHarvest previousSnapshot;

  protected SnapshotHarvest() {}

  /**
   * A new, inactive snapshot harvest that continues from no other.
   *
   * @param name unique across all harvests (the caller checks)
   * @param channel a snapshot channel, usually the default one
   * @param limits the per-domain and per-job limits
   * @param createdAt now
   * @throws IllegalArgumentException if the name or a limit is not valid, or the channel is a
   *     selective channel
   */
  public SnapshotHarvest(
      String name, HarvestChannel channel, SnapshotLimits limits, Instant createdAt) {
    super(name, channel, createdAt);
    changeLimits(limits);
  }

  @Override
  public HarvestKind kind() {
    return HarvestKind.SNAPSHOT;
  }

  /**
   * Replaces the limits; they are validated first.
   *
   * @throws IllegalArgumentException naming the limit and the value
   */
  public void changeLimits(SnapshotLimits limits) {
    limits.validate(named());
    this.maxObjectsPerDomain = limits.maxObjectsPerDomain();
    this.maxBytesPerDomain = limits.maxBytesPerDomain();
    this.maxJobRunningSeconds = limits.maxJobRunningTime().getSeconds();
  }

  /**
   * Continues from an earlier snapshot harvest: domains it harvested completely are left out.
   *
   * @param previous a stored snapshot harvest other than this one, or {@code null} for none
   * @throws IllegalArgumentException if it is this harvest, is not stored, or continues (perhaps
   *     through others) from this one
   */
  public void continueFrom(SnapshotHarvest previous) {
    if (previous == null) {
      this.previousSnapshot = null;
      return;
    }
    if (previous == this || (previous.id() != null && previous.id().equals(id()))) {
      throw new RuleViolation(null, Text.of("snapshot.continuesItself", named()));
    }
    if (previous.id() == null) {
      throw new RuleViolation(
          null, Text.of("snapshot.previousNotSaved", previous.named(), named()));
    }
    // Through the accessors: a lazily loaded harvest is a proxy whose fields are not set.
    SnapshotHarvest earlier = previous.previousSnapshot().orElse(null);
    for (int step = 0; earlier != null && step < MAX_CHAIN; step++) {
      if (earlier == this || (id() != null && id().equals(earlier.id()))) {
        throw new RuleViolation(null, Text.of("snapshot.circular", named(), previous.named()));
      }
      earlier = earlier.previousSnapshot().orElse(null);
    }
    this.previousSnapshot = previous;
  }

  /**
   * {@inheritDoc}
   *
   * <p>A snapshot harvest needs nothing more: it harvests every domain.
   */
  @Override
  public void activate(Instant now) {
    setActive(true);
  }

  /** A snapshot harvest runs once: it is due while it is active and has not run. */
  @Override
  public boolean isDue(Instant now) {
    return isActive() && runCount() == 0;
  }

  public SnapshotLimits limits() {
    return new SnapshotLimits(
        maxObjectsPerDomain, maxBytesPerDomain, Duration.ofSeconds(maxJobRunningSeconds));
  }

  /** The snapshot harvest this one continues from; empty if none. */
  public Optional<SnapshotHarvest> previousSnapshot() {
    return Optional.ofNullable(previousSnapshot);
  }
}
