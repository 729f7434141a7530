package org.netarchive.ee.scheduler.domain.model.harvest;

import java.time.Duration;
import java.util.Objects;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;

/**
 * The limits of a snapshot harvest. The per-domain limits apply on top of each domain
 * configuration's own: the smaller one wins.
 *
 * @param maxObjectsPerDomain most objects harvested of a domain, or {@value #UNLIMITED} for no
 *     limit
 * @param maxBytesPerDomain most bytes harvested of a domain, or {@value #UNLIMITED} for no limit
 * @param maxJobRunningTime how long one job may run before it is stopped, in whole seconds; {@link
 *     Duration#ZERO} for no limit
 */
public record SnapshotLimits(
    long maxObjectsPerDomain, long maxBytesPerDomain, Duration maxJobRunningTime) {

  /** No limit on objects or bytes. */
  public static final long UNLIMITED = -1;

  public SnapshotLimits {
    Objects.requireNonNull(maxJobRunningTime, "maxJobRunningTime");
  }

  /**
   * The limits of a new snapshot harvest: any number of objects, the per-domain byte limit of a new
   * domain configuration, no time limit.
   */
  public static SnapshotLimits defaults() {
    return new SnapshotLimits(UNLIMITED, CrawlSettings.DEFAULT_MAX_BYTES, Duration.ZERO);
  }

  /** Whether a job's running time is limited. */
  public boolean limitsJobRunningTime() {
    return !maxJobRunningTime.isZero();
  }

  void validate(Text owner) {
    if (maxObjectsPerDomain < UNLIMITED || maxObjectsPerDomain == 0) {
      throw new RuleViolation(
          null, Text.of("snapshot.maxObjectsPerDomain", owner, maxObjectsPerDomain));
    }
    if (maxBytesPerDomain < UNLIMITED || maxBytesPerDomain == 0) {
      throw new RuleViolation(
          null, Text.of("snapshot.maxBytesPerDomain", owner, maxBytesPerDomain));
    }
    if (maxJobRunningTime.isNegative() || maxJobRunningTime.getNano() != 0) {
      throw new RuleViolation(
          null, Text.of("snapshot.maxJobRunningTime", owner, maxJobRunningTime));
    }
  }
}
