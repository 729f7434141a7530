package org.netarchive.ee.scheduler.domain.model.schedule;

/** Whether a schedule repeats or runs a single time. */
public enum ScheduleKind {
  /** Runs every N units of its {@link Frequency} until it ends. */
  REPEATING,
  /** Runs one time, at its start or as soon as possible, and then has ended. */
  ONCE
}
