package org.netarchive.ee.scheduler.domain.model.schedule;

import java.util.Objects;

/**
 * A schedule definition that is refused; the message names the schedule, the part and the value,
 * and {@link #field()} says which part of the definition to correct.
 */
public class InvalidScheduleException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final ScheduleField field;

  public InvalidScheduleException(ScheduleField field, String message) {
    super(message);
    this.field = Objects.requireNonNull(field, "field");
  }

  public InvalidScheduleException(ScheduleField field, String message, Throwable cause) {
    super(message, cause);
    this.field = Objects.requireNonNull(field, "field");
  }

  /** The part of the definition at fault. */
  public ScheduleField field() {
    return field;
  }
}
