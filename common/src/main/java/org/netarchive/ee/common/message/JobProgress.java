package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * How a running crawl is doing, sent by its agent every status interval (20 s by default).
 *
 * @param jobId the job crawled
 * @param agent the agent's instance name
 * @param at when the figures were read
 * @param discovered URIs discovered so far
 * @param queued URIs waiting in the frontier
 * @param downloaded URIs fetched so far
 * @param docsPerSecond current fetch rate in documents per second
 * @param kilobytesPerSecond current fetch rate in kilobytes per second
 * @param busyThreads crawler threads busy now
 * @param bytes bytes fetched so far
 */
@MessageType(name = "JobProgress", version = 1)
public record JobProgress(
    long jobId,
    String agent,
    Instant at,
    long discovered,
    long queued,
    long downloaded,
    double docsPerSecond,
    double kilobytesPerSecond,
    int busyThreads,
    long bytes)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code jobId} is not positive, {@code agent} is blank,
   *     {@code at} is {@code null} or a figure is negative
   */
  public JobProgress {
    Fields.requireAtLeast(jobId, 1, "jobId");
    Fields.requireNonBlank(agent, "agent");
    Fields.requireNonNull(at, "at");
    Fields.requireAtLeast(discovered, 0, "discovered");
    Fields.requireAtLeast(queued, 0, "queued");
    Fields.requireAtLeast(downloaded, 0, "downloaded");
    if (!(docsPerSecond >= 0) || !(kilobytesPerSecond >= 0)) {
      throw new IllegalArgumentException(
          "docsPerSecond and kilobytesPerSecond must be at least 0, were "
              + docsPerSecond
              + " and "
              + kilobytesPerSecond);
    }
    Fields.requireAtLeast(busyThreads, 0, "busyThreads");
    Fields.requireAtLeast(bytes, 0, "bytes");
  }
}
