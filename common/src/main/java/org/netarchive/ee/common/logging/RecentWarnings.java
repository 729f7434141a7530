package org.netarchive.ee.common.logging;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.netarchive.ee.common.message.LogEntry;

/**
 * A log handler that keeps the last few records of level {@link Level#WARNING} and above, for a
 * component to report them (with its heartbeats, or on the server's system state page). Older
 * records are dropped as new ones come. Thread-safe; publishing never blocks on anything but this
 * handler's own short lock, and never logs.
 */
public final class RecentWarnings extends Handler {

  private final int capacity;
  private final Deque<LogEntry> entries;
  private final Formatter formatter = new SimpleFormatter();
  private Logger installedOn;

  /**
   * @param capacity how many records are kept
   * @throws IllegalArgumentException if {@code capacity} is less than 1
   */
  public RecentWarnings(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException(
          "capacity of recent warnings must be at least 1, was " + capacity);
    }
    this.capacity = capacity;
    this.entries = new ArrayDeque<>(capacity);
    setLevel(Level.WARNING);
  }

  /**
   * Adds this handler to a logger (the root logger {@code ""} for everything of the JVM); {@link
   * #close()} removes it again.
   *
   * @param loggerName the logger's name
   * @return this handler
   */
  public synchronized RecentWarnings installOn(String loggerName) {
    if (installedOn != null) {
      throw new IllegalStateException(
          "already installed on logger '" + installedOn.getName() + "'");
    }
    installedOn = Logger.getLogger(loggerName);
    installedOn.addHandler(this);
    return this;
  }

  @Override
  public void publish(LogRecord record) {
    if (record == null || !isLoggable(record)) {
      return;
    }
    LogEntry entry;
    try {
      entry =
          LogEntry.of(
              record.getInstant(),
              record.getLevel().getName(),
              record.getLoggerName(),
              text(record));
    } catch (RuntimeException unformattable) {
      entry =
          LogEntry.of(
              record.getInstant(),
              record.getLevel().getName(),
              record.getLoggerName(),
              String.valueOf(record.getMessage()));
    }
    synchronized (this) {
      if (entries.size() == capacity) {
        entries.removeFirst();
      }
      entries.addLast(entry);
    }
  }

  private String text(LogRecord record) {
    String message = formatter.formatMessage(record);
    Throwable thrown = record.getThrown();
    return thrown == null ? message : message + " (" + thrown + ")";
  }

  /**
   * The records kept, oldest first.
   *
   * @return an immutable copy
   */
  public synchronized List<LogEntry> entries() {
    return List.copyOf(entries);
  }

  @Override
  public void flush() {}

  /** Removes this handler from the logger it was installed on; the records kept stay readable. */
  @Override
  public synchronized void close() {
    if (installedOn != null) {
      installedOn.removeHandler(this);
      installedOn = null;
    }
  }
}
