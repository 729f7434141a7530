package org.netarchive.ee.scheduler.application.job;

import java.time.Instant;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;

/**
 * Which jobs a list shows; every part is optional ({@code null}: any).
 *
 * @param status jobs in this status
 * @param harvest jobs of the harvest with this name
 * @param run jobs of this run of the harvest (needs {@code harvest})
 * @param channel jobs sent on the channel with this name
 * @param createdFrom jobs made at or after this time
 * @param createdTo jobs made before this time
 */
public record JobFilter(
    JobStatus status,
    String harvest,
    Integer run,
    String channel,
    Instant createdFrom,
    Instant createdTo) {

  /** No filter: all jobs. */
  public static JobFilter all() {
    return new JobFilter(null, null, null, null, null, null);
  }
}
