package org.netarchive.ee.scheduler.application.imports;

/**
 * Starts the batch job of an import. Implemented where the batch job lives (batch-jobs), found by
 * the imports through this interface, so this module does not depend on the batch module.
 */
public interface NasImportLauncher {

  /**
   * Starts a new execution of the import job for a recorded import; it goes on from what the import
   * recorded.
   *
   * @return the batch execution id
   */
  long start(long runId);

  /** Whether a batch execution started on this server since it came up is still running. */
  boolean isRunning(long executionId);
}
