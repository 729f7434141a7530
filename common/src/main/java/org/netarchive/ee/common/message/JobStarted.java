package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * An agent's answer to a {@link CrawlRequest}, sent at once when it takes the job.
 *
 * @param jobId the job taken
 * @param agent the agent's instance name
 * @param startedAt when the agent took the job
 */
@MessageType(name = "JobStarted", version = 1)
public record JobStarted(long jobId, String agent, Instant startedAt) implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code jobId} is not positive, {@code agent} is blank or
   *     {@code startedAt} is {@code null}
   */
  public JobStarted {
    Fields.requireAtLeast(jobId, 1, "jobId");
    Fields.requireNonBlank(agent, "agent");
    Fields.requireNonNull(startedAt, "startedAt");
  }
}
