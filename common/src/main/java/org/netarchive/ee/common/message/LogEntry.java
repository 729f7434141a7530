package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * One log message of a component, as part of its {@link Heartbeat}: what operators see on the
 * system state page of the component's recent warnings and errors.
 *
 * @param at when it was logged
 * @param level the level's name, e.g. {@code "WARNING"} or {@code "SEVERE"}
 * @param logger the name of the logger it was logged on
 * @param message the formatted message, with the exception if there was one; may be empty
 */
public record LogEntry(Instant at, String level, String logger, String message) {

  /** The longest message a log entry carries; longer ones are cut by {@link #of}. */
  public static final int MAX_MESSAGE_LENGTH = 2000;

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if a component is {@code null}, {@code level} is blank or
   *     {@code message} is longer than {@link #MAX_MESSAGE_LENGTH}
   */
  public LogEntry {
    Fields.requireNonNull(at, "at");
    Fields.requireNonBlank(level, "level");
    Fields.requireNonNull(logger, "logger");
    Fields.requireNonNull(message, "message");
    if (message.length() > MAX_MESSAGE_LENGTH) {
      throw new IllegalArgumentException(
          "message must be at most " + MAX_MESSAGE_LENGTH + " characters, was " + message.length());
    }
  }

  /**
   * A log entry whose message is cut to {@link #MAX_MESSAGE_LENGTH} characters (ending in "…") if
   * it is longer.
   *
   * @param at when it was logged
   * @param level the level's name
   * @param logger the logger's name, {@code null} for the root logger
   * @param message the message, {@code null} for none
   * @return a new log entry
   */
  public static LogEntry of(Instant at, String level, String logger, String message) {
    String text = message == null ? "" : message;
    if (text.length() > MAX_MESSAGE_LENGTH) {
      text = text.substring(0, MAX_MESSAGE_LENGTH - 1) + "…";
    }
    return new LogEntry(at, level, logger == null ? "" : logger, text);
  }
}
