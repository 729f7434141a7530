package org.netarchive.ee.scheduler.domain.model.job;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.util.Objects;

/**
 * The limits of a harvest run that a split takes from its harvest and hands on to every job it
 * makes: the per-domain object and byte limits and the job time limit. {@link HarvestSplit} and
 * {@link HarvestJob} embed them under the same column names, so the three travel as one value from
 * the harvest to the crawl request.
 *
 * <p>Immutable.
 */
@Embeddable
public class HarvestLimits {

  @Column(name = "harvest_max_objects", nullable = false, updatable = false)
  private long harvestMaxObjects;

  @Column(name = "harvest_max_bytes", nullable = false, updatable = false)
  private long harvestMaxBytes;

  @Column(name = "max_running_seconds", nullable = false, updatable = false)
  private long maxRunningSeconds;

  protected HarvestLimits() {}

  /**
   * @param harvestMaxObjects the harvest's per-domain object limit, -1 for none
   * @param harvestMaxBytes the harvest's per-domain byte limit, -1 for none
   * @param maxRunningSeconds the harvest's job time limit in seconds, 0 for none
   */
  public HarvestLimits(long harvestMaxObjects, long harvestMaxBytes, long maxRunningSeconds) {
    this.harvestMaxObjects = harvestMaxObjects;
    this.harvestMaxBytes = harvestMaxBytes;
    this.maxRunningSeconds = maxRunningSeconds;
  }

  /** The harvest's per-domain object limit, -1 for none. */
  public long harvestMaxObjects() {
    return harvestMaxObjects;
  }

  /** The harvest's per-domain byte limit, -1 for none. */
  public long harvestMaxBytes() {
    return harvestMaxBytes;
  }

  /** The harvest's job time limit in seconds, 0 for none. */
  public long maxRunningSeconds() {
    return maxRunningSeconds;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HarvestLimits that
        && harvestMaxObjects == that.harvestMaxObjects
        && harvestMaxBytes == that.harvestMaxBytes
        && maxRunningSeconds == that.maxRunningSeconds;
  }

  @Override
  public int hashCode() {
    return Objects.hash(harvestMaxObjects, harvestMaxBytes, maxRunningSeconds);
  }

  @Override
  public String toString() {
    return "HarvestLimits[harvestMaxObjects="
        + harvestMaxObjects
        + ", harvestMaxBytes="
        + harvestMaxBytes
        + ", maxRunningSeconds="
        + maxRunningSeconds
        + "]";
  }
}
