package org.netarchive.ee.archive.domain.model.preservation;

import java.util.function.LongSupplier;

/**
 * Keeps reading at or under a rate, so that an audit leaves the disks to the stores: after each
 * block the caller is held until the bytes read so far could not have been read faster than the
 * rate allows. A rate of 0 holds no one. Not thread-safe: one per reading thread.
 */
public final class Throttle {

  /** Waits for a number of nanoseconds. */
  @FunctionalInterface
  public interface Pause {
    void nanos(long nanos) throws InterruptedException;
  }

  private final LongSupplier clock;
  private final Pause pause;
  private long bytesPerSecond;
  private long startedAt;
  private long bytes;

  /**
   * @param bytesPerSecond the rate, 0 for none
   * @param clock nanoseconds, as {@link System#nanoTime()}
   * @param pause how to wait
   */
  public Throttle(long bytesPerSecond, LongSupplier clock, Pause pause) {
    this.clock = clock;
    this.pause = pause;
    rate(bytesPerSecond);
  }

  /** A throttle on the system's clock. */
  public static Throttle of(long bytesPerSecond) {
    return new Throttle(
        bytesPerSecond, System::nanoTime, n -> Thread.sleep(n / 1_000_000, (int) (n % 1_000_000)));
  }

  /**
   * Changes the rate; counting starts again.
   *
   * @throws IllegalArgumentException if it is negative
   */
  public void rate(long bytesPerSecond) {
    if (bytesPerSecond < 0) {
      throw new IllegalArgumentException(
          "An audit's rate limit must be 0 (none) or more bytes per second, was " + bytesPerSecond);
    }
    if (bytesPerSecond != this.bytesPerSecond || startedAt == 0) {
      this.bytesPerSecond = bytesPerSecond;
      this.startedAt = clock.getAsLong();
      this.bytes = 0;
    }
  }

  /** The rate, in bytes per second; 0 for none. */
  public long rate() {
    return bytesPerSecond;
  }

  /**
   * Counts bytes read and waits as long as the rate asks.
   *
   * @throws InterruptedException if interrupted while waiting
   */
  public void read(long count) throws InterruptedException {
    if (bytesPerSecond == 0) {
      return;
    }
    bytes += count;
    long due = startedAt + (long) (bytes * 1e9 / bytesPerSecond);
    long early = due - clock.getAsLong();
    if (early > 0) {
      pause.nanos(early);
    }
  }
}
