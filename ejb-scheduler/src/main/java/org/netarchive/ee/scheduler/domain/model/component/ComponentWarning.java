package org.netarchive.ee.scheduler.domain.model.component;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.time.Instant;
import java.util.Objects;
import org.netarchive.ee.common.message.LogEntry;

/** One of a component's last warnings, as its heartbeat listed it. */
@Embeddable
public class ComponentWarning {

  private static final int MAX_LOGGER = 400;

  @Column(name = "logged_at", nullable = false)
  private Instant loggedAt;

  @Column(name = "log_level", nullable = false, length = 40)
  private String level;

  @Column(name = "logger", nullable = false, length = MAX_LOGGER)
  private String logger;

  @Column(name = "message", nullable = false, length = LogEntry.MAX_MESSAGE_LENGTH)
  private String message;

  protected ComponentWarning() {}

  static ComponentWarning of(LogEntry entry) {
    ComponentWarning warning = new ComponentWarning();
    warning.loggedAt = entry.at();
    warning.level = entry.level().length() <= 40 ? entry.level() : entry.level().substring(0, 40);
    warning.logger =
        entry.logger().length() <= MAX_LOGGER
            ? entry.logger()
            : entry.logger().substring(entry.logger().length() - MAX_LOGGER);
    warning.message = entry.message();
    return warning;
  }

  LogEntry entry() {
    return new LogEntry(loggedAt, level, logger, message);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ComponentWarning w
        && Objects.equals(loggedAt, w.loggedAt)
        && Objects.equals(level, w.level)
        && Objects.equals(logger, w.logger)
        && Objects.equals(message, w.message);
  }

  @Override
  public int hashCode() {
    return Objects.hash(loggedAt, level, logger, message);
  }
}
