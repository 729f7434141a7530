package org.netarchive.ee.agent.heritrix;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Decides from successive status readings whether the agent must stop a crawl: at the job's maximum
 * running time, when nothing was downloaded for the no-response timeout, or when no crawler thread
 * was busy for the inactivity timeout. Not thread-safe; one per crawl.
 */
final class CrawlWatch {

  private final Instant start;
  private final Duration noResponse;
  private final Duration inactivity;
  private final Duration maxRunning;
  private Instant lastDownload;
  private Instant lastBusy;
  private long downloaded = -1;
  private long bytes = -1;

  /**
   * @param start when the crawl was unpaused
   * @param noResponse the no-response timeout
   * @param inactivity the inactivity timeout
   * @param maxRunning the job's maximum running time, zero for none
   */
  CrawlWatch(Instant start, Duration noResponse, Duration inactivity, Duration maxRunning) {
    this.start = start;
    this.noResponse = noResponse;
    this.inactivity = inactivity;
    this.maxRunning = maxRunning;
    this.lastDownload = start;
    this.lastBusy = start;
  }

  /**
   * Takes a reading.
   *
   * @param now when it was taken
   * @param status the reading
   * @return why the crawl must be stopped now, or empty to go on
   */
  Optional<CrawlEnd> observe(Instant now, CrawlStatus status) {
    if (status.downloaded() > downloaded || status.bytes() > bytes) {
      if (downloaded >= 0) {
        lastDownload = now;
      }
      downloaded = status.downloaded();
      bytes = status.bytes();
    }
    if (status.busyThreads() > 0) {
      lastBusy = now;
    }
    if (!maxRunning.isZero() && !now.isBefore(start.plus(maxRunning))) {
      return Optional.of(CrawlEnd.TIME_LIMIT);
    }
    if (!now.isBefore(lastDownload.plus(noResponse))) {
      return Optional.of(CrawlEnd.NO_RESPONSE_TIMEOUT);
    }
    if (!now.isBefore(lastBusy.plus(inactivity))) {
      return Optional.of(CrawlEnd.INACTIVITY_TIMEOUT);
    }
    return Optional.empty();
  }

  /** Why a stop was decided, in words. */
  String explain(CrawlEnd end) {
    return switch (end) {
      case TIME_LIMIT ->
          "the job's maximum running time of " + maxRunning.toSeconds() + " s was reached";
      case NO_RESPONSE_TIMEOUT ->
          "nothing was downloaded for " + noResponse.toSeconds() + " s (no-response timeout)";
      case INACTIVITY_TIMEOUT ->
          "no crawler thread was busy for " + inactivity.toSeconds() + " s (inactivity timeout)";
      default -> end.name();
    };
  }
}
