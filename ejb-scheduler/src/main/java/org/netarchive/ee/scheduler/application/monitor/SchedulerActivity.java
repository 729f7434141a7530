package org.netarchive.ee.scheduler.application.monitor;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * What the scheduler and the dispatcher did since the server started: their last passes and how
 * they ended, and the jobs submitted and finished. Told by the timer, the dispatcher and the status
 * updates; read by {@link SchedulerOperations}. Thread-safe.
 */
@ApplicationScoped
public class SchedulerActivity {

  /** A copy of the activity at one moment. */
  public record Counts(
      Pass lastSchedulingPass,
      long schedulingPasses,
      long harvestsClaimed,
      Pass lastDispatchPass,
      long dispatchPasses,
      long jobsSubmitted,
      long jobsFinished,
      long jobsFailed) {}

  /**
   * One pass of a timer.
   *
   * @param startedAt when it started
   * @param endedAt when it ended
   * @param failure why it failed, {@code null} if it did not
   */
  public record Pass(Instant startedAt, Instant endedAt, String failure) {
    /** "OK", or "FAILED: " and the reason. */
    public String outcome() {
      return failure == null ? "OK" : "FAILED: " + failure;
    }
  }

  private Pass lastSchedulingPass;
  private long schedulingPasses;
  private long harvestsClaimed;
  private Pass lastDispatchPass;
  private long dispatchPasses;
  private long jobsSubmitted;
  private long jobsFinished;
  private long jobsFailed;

  /** A scheduling pass ended. */
  public synchronized void schedulingPass(Pass pass) {
    lastSchedulingPass = pass;
    schedulingPasses++;
  }

  /** A dispatch pass ended. */
  public synchronized void dispatchPass(Pass pass) {
    lastDispatchPass = pass;
    dispatchPasses++;
  }

  /** A scheduling pass claimed harvests to split. */
  public synchronized void harvestsClaimed(int count) {
    harvestsClaimed += count;
  }

  /** A job was sent to its channel's queue. */
  public synchronized void jobSubmitted() {
    jobsSubmitted++;
  }

  /** A job ended, well or not. */
  public synchronized void jobFinished(boolean failed) {
    jobsFinished++;
    if (failed) {
      jobsFailed++;
    }
  }

  public synchronized Counts counts() {
    return new Counts(
        lastSchedulingPass,
        schedulingPasses,
        harvestsClaimed,
        lastDispatchPass,
        dispatchPasses,
        jobsSubmitted,
        jobsFinished,
        jobsFailed);
  }
}
