package org.netarchive.ee.scheduler.domain.model.job;

/** What sets the per-domain byte limit of a job (check 4 of the splitting rules). */
public enum ByteLimitSource {
  /** The job is empty: its first configuration will decide. */
  UNDECIDED,
  /**
   * The harvest's per-domain byte limit: the harvest has one and the job's first configuration
   * allows at least as much. Every other configuration must allow at least as much too.
   */
  HARVEST,
  /**
   * The configurations' own byte limit (-1 for none): every configuration of the job has exactly
   * that limit.
   */
  CONFIGURATIONS
}
