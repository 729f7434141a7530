package org.netarchive.ee.scheduler.domain.model.job;

/** Where the splitting of one harvest run into jobs is. */
public enum SplitStatus {
  /** Claimed by a server; the split-harvest batch job works on it. */
  RUNNING,
  /** Every configuration is in a job; the jobs may be dispatched. */
  DONE,
  /** Splitting failed; its jobs were removed and the harvest deactivated. */
  FAILED
}
