package org.netarchive.ee.scheduler.application.monitor;

import java.util.Map;

/**
 * The scheduler over JMX, as {@code org.netarchive.ee:type=Scheduler}. Figures from the database
 * are at most ten seconds old ({@link #getSnapshotTakenAt()}); times are ISO-8601 UTC, empty when
 * there is none yet.
 */
public interface SchedulerMXBean {

  /**
   * When the last scheduling pass (due harvests claimed and split, timed-out jobs failed) ended.
   */
  String getLastPass();

  /** "OK", or "FAILED: " and why. */
  String getLastPassOutcome();

  /** Scheduling passes since the server started. */
  long getPasses();

  /** Harvest runs claimed for splitting since the server started. */
  long getHarvestsClaimed();

  /** Active harvests whose time has come and that are not being split yet. */
  long getHarvestsDue();

  /** Harvest runs being split into jobs now. */
  long getSplitsRunning();

  /** How many jobs there are in each status. */
  Map<String, Long> getJobsByStatus();

  /** When the database figures were read. */
  String getSnapshotTakenAt();
}
