package org.netarchive.ee.web.interfaces.definitions.rest;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.application.schedule.ScheduleDefinition;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * Create or change a schedule, and for a change the {@code version} it was made on. Created, absent
 * fields mean none, or the default. Changed, as every change in the API, an absent (or null) field
 * keeps its value and an empty text removes it; the fields that time the runs ({@code kind}, {@code
 * unit}, {@code every}, {@code minute}, {@code hour}, {@code weekday}, {@code dayOfMonth}, {@code
 * anyTime}) make one setting and are replaced together when any of them is given, and so are the
 * two that end it ({@code end}, {@code maxRuns}).
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

  /** The definition {@code stored} gets from this change. */
  ScheduleDefinition changing(ScheduleView stored) {
    boolean timing =
        kind != null
            || unit != null
            || every != null
            || minute != null
            || hour != null
            || weekday != null
            || dayOfMonth != null
            || anyTime != null;
    boolean ending = end != null || maxRuns != null;
    return new ScheduleDefinition(
        name == null ? stored.name() : name,
        comments == null ? stored.comments() : comments,
        timing ? constant("kind", kind, ScheduleKind.class) : stored.kind(),
        timing ? constant("unit", unit, FrequencyUnit.class) : stored.unit(),
        timing ? every : stored.every(),
        timing ? minute : stored.minute(),
        timing ? hour : stored.hour(),
        timing ? constant("weekday", weekday, DayOfWeek.class) : stored.weekday(),
        timing ? dayOfMonth : stored.dayOfMonth(),
        timing ? anyTime : stored.anyTime(),
        start == null ? stored.start() : instant("start", start),
        ending ? instant("end", end) : stored.end(),
        ending ? maxRuns : stored.maxRuns(),
        timeZone == null ? stored.timeZone() : timeZone);
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
