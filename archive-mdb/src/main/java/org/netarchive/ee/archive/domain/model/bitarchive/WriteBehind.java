package org.netarchive.ee.archive.domain.model.bitarchive;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Starts writing a growing file's data to disk while more of it arrives, so that the sync before
 * the file is published has little left to write (the kernel would otherwise keep the whole file in
 * the page cache until then, and the disk would wait while the data arrives). Each step syncs
 * everything written so far, on a thread of its own, at most one at a time; a failure is reported
 * by {@link #finish()}. It adds no durability guarantee of its own: the caller still forces the
 * complete file before it publishes it.
 *
 * <p>Used by the bitarchives' stores ({@link BitarchiveStorage}).
 */
final class WriteBehind implements AutoCloseable {

  /** How much is written between two syncs of an arriving file while it arrives. */
  static final long STEP_BYTES = 64L << 20;

  private final FileChannel out;
  private long requested;
  private Thread running;
  private volatile IOException failure;

  /**
   * @param out the file being written; it stays open until {@link #close()} returned
   */
  WriteBehind(FileChannel out) {
    this.out = out;
  }

  /**
   * Called after every block written: starts a sync when enough was written since the last one and
   * none is running.
   *
   * @param total the bytes written so far
   */
  void written(long total) {
    if (total - requested < STEP_BYTES || (running != null && running.isAlive())) {
      return;
    }
    requested = total;
    running =
        Thread.ofPlatform()
            .daemon()
            .name("write-behind")
            .start(
                () -> {
                  try {
                    out.force(false);
                  } catch (IOException e) {
                    failure = e;
                  }
                });
  }

  /**
   * Waits for the running sync.
   *
   * @throws IOException what any sync failed with
   */
  void finish() throws IOException {
    close();
    if (failure != null) {
      throw failure;
    }
  }

  /** Waits for the running sync, so the channel is not closed under it. */
  @Override
  public void close() {
    boolean interrupted = false;
    while (running != null && running.isAlive()) {
      try {
        running.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
