package org.netarchive.ee.scheduler.application.imports;

/**
 * One step's hold on an import: the open source database and what the import knows of it (the names
 * and ids of what earlier steps took). Made by {@link NasImportSteps#open} and closed by the step
 * that opened it; {@link NasImportSteps} takes it back with each call.
 */
public class NasImportSession implements AutoCloseable {

  private final long runId;
  private final boolean dryRun;

  /** The runner's state of the session; {@code null} in a session made by a test. */
  Object state;

  /** A session of the import {@code runId}. */
  public NasImportSession(long runId, boolean dryRun) {
    this.runId = runId;
    this.dryRun = dryRun;
  }

  public long runId() {
    return runId;
  }

  public boolean dryRun() {
    return dryRun;
  }

  /** Closes the source database. */
  @Override
  public void close() {
    if (state instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        // a read-only session: nothing to keep
      }
    }
  }
}
