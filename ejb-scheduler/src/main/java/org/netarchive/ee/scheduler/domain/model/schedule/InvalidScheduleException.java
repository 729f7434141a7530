package org.netarchive.ee.scheduler.domain.model.schedule;

import java.util.Objects;
import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * A schedule definition that is refused; the message names the schedule, the part and the value,
 * and {@link #field()} says which part of the definition to correct.
 */
public class InvalidScheduleException extends IllegalArgumentException implements Localizable {
  private static final long serialVersionUID = 1L;

  private final ScheduleField field;
  private final Text text;

  public InvalidScheduleException(ScheduleField field, Text text) {
    this(field, text, null);
  }

  public InvalidScheduleException(ScheduleField field, Text text, Throwable cause) {
    super(text.english(), cause);
    this.field = Objects.requireNonNull(field, "field");
    this.text = text;
  }

  /** The part of the definition at fault. */
  public ScheduleField field() {
    return field;
  }

  @Override
  public Text text() {
    return text;
  }
}
