package org.netarchive.ee.scheduler.application.job;

/**
 * Starts the split-harvest batch job. Implemented where the batch job lives (batch-jobs), found by
 * the scheduler through this interface, so the scheduler does not depend on the batch module.
 */
public interface SplitLauncher {

  /**
   * Starts a new execution of split-harvest for a split.
   *
   * @param splitId the claimed split
   * @return the batch execution id
   */
  long start(long splitId);

  /** Whether a batch execution is still starting or running on this server. */
  boolean isRunning(long executionId);
}
