package org.netarchive.ee.scheduler.domain.model.job;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where a crawl job is in its life: made by the splitter (NEW), sent to its channel's queue
 * (SUBMITTED), taken by an agent (STARTED), and finished (DONE or FAILED). A job that is sent again
 * as a new job becomes RESUBMITTED; FAILED_REJECTED is a failed job an operator has given up on.
 */
public enum JobStatus {
  NEW,
  SUBMITTED,
  STARTED,
  DONE,
  FAILED,
  RESUBMITTED,
  FAILED_REJECTED;

  /**
   * The statuses this one may change to.
   *
   * <p>A DONE or FAILED report may overtake the STARTED report (or find the STARTED report lost),
   * so a SUBMITTED job may finish directly. A SUBMITTED job lost in a restart is RESUBMITTED.
   */
  public Set<JobStatus> next() {
    return switch (this) {
      case NEW -> EnumSet.of(SUBMITTED);
      case SUBMITTED -> EnumSet.of(STARTED, DONE, FAILED, RESUBMITTED);
      case STARTED -> EnumSet.of(DONE, FAILED);
      // a job failed for silence (job timeout) may still report DONE: keep what it harvested
      case FAILED -> EnumSet.of(DONE, RESUBMITTED, FAILED_REJECTED);
      case DONE, RESUBMITTED, FAILED_REJECTED -> EnumSet.noneOf(JobStatus.class);
    };
  }

  /** Whether the job has ended and no agent works on it. */
  public boolean isFinal() {
    return this == DONE || this == RESUBMITTED || this == FAILED_REJECTED;
  }

  /** Whether a status may change to another. */
  public boolean canBecome(JobStatus other) {
    return next().contains(other);
  }
}
