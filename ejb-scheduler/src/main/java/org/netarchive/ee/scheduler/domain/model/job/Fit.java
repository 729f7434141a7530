package org.netarchive.ee.scheduler.domain.model.job;

/**
 * Whether a configuration can join the job being built, and if not, the first of the six checks of
 * the NetarchiveSuite design it fails, in the order they are made.
 */
public enum Fit {
  /** It can join. */
  FITS("it fits in the job"),
  /** Check 1: the job has a configuration of the same domain. */
  SAME_DOMAIN("the job already has a configuration of the domain"),
  /** Check 2: the job has configChunkSize configurations. */
  TOO_MANY_CONFIGURATIONS("the job already has configChunkSize configurations"),
  /** Check 3: one harvest template per job. */
  OTHER_TEMPLATE("the configuration uses another harvest template than the job"),
  /** Check 4: the byte-limit rule. */
  BYTE_LIMIT(
      "the configuration's byte limit differs from the job's (it must be the same, or at least"
          + " the harvest's if the harvest sets the job's limit)"),
  /** Check 5: maxTotalSize. */
  TOTAL_SIZE("the job's expected objects would exceed maxTotalSize"),
  /** Check 6: maxRelativeSizeDifference, unless within minAbsoluteSizeDifference. */
  RELATIVE_SIZE(
      "the job's largest expected object count would be more than maxRelativeSizeDifference times"
          + " its smallest, and not within minAbsoluteSizeDifference of it");

  private final String description;

  Fit(String description) {
    this.description = description;
  }

  /** Why, for people, e.g. "the job's expected objects would exceed maxTotalSize". */
  public String description() {
    return description;
  }
}
