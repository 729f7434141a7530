package org.netarchive.ee.web.interfaces.definitions.rest;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.application.schedule.ScheduleDefinition;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * Create or change a schedule: its whole definition (absent fields mean none, or the default), and
 * for a change the {@code version} it was made on. The fields are those a schedule is read with, so
 * a read schedule can be changed and sent back.
 *
 * @param kind {@code REPEATING} or {@code ONCE}
 * @param unit {@code HOURS}, {@code DAYS}, {@code WEEKS} or {@code MONTHS}
 * @param weekday {@code MONDAY} to {@code SUNDAY}
 * @param start a date and time with an offset, e.g. {@code 2026-03-01T02:00:00Z}
 * @param end likewise
 * @param timeZone the zone anchors are read in, e.g. {@code Europe/Copenhagen}; UTC if absent
 */
public record ScheduleRequest(
    String name,
    String comments,
    String kind,
    String unit,
    Integer every,
    Integer minute,
    Integer hour,
    String weekday,
    Integer dayOfMonth,
    Boolean anyTime,
    String start,
    String end,
    Integer maxRuns,
    String timeZone,
    Integer version) {

  /** The definition this request gives; names the field of an unreadable value. */
  ScheduleDefinition definition() {
    return new ScheduleDefinition(
        name,
        comments,
        constant("kind", kind, ScheduleKind.class),
        constant("unit", unit, FrequencyUnit.class),
        every,
        minute,
        hour,
        constant("weekday", weekday, DayOfWeek.class),
        dayOfMonth,
        anyTime,
        instant("start", start),
        instant("end", end),
        maxRuns,
        timeZone);
  }

  private static <E extends Enum<E>> E constant(String field, String value, Class<E> type) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Enum.valueOf(type, value.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new FieldProblem(
          field,
          field
              + " must be one of "
              + Arrays.stream(type.getEnumConstants())
                  .map(Enum::name)
                  .collect(Collectors.joining(", "))
              + ", not '"
              + value
              + "'");
    }
  }

  private static Instant instant(String field, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value.strip()).toInstant();
    } catch (DateTimeParseException e) {
      throw new FieldProblem(
          field,
          field
              + " must be a date and time with an offset, such as 2026-03-01T02:00:00Z or"
              + " 2026-03-01T03:00:00+01:00, not '"
              + value
              + "'");
    }
  }
}
