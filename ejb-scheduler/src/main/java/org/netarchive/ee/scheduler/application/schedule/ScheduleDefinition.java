package org.netarchive.ee.scheduler.application.schedule;

import java.time.DayOfWeek;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.InvalidScheduleException;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleField;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;

/**
 * A schedule's whole definition as a form or an API request gives it, field by field; {@code null}
 * for a field not given. The same fields as {@link ScheduleViews.ScheduleView}, so that what is
 * read can be changed and sent back.
 *
 * @param name 1 to 128 characters
 * @param comments free text, or none
 * @param kind REPEATING or ONCE; {@code null} means REPEATING if a unit is given
 * @param unit HOURS, DAYS, WEEKS or MONTHS for a repeating schedule
 * @param every the number of units between runs; {@code null} means 1
 * @param minute the minute of the hour of runs at a fixed time
 * @param hour the hour of the day (DAYS, WEEKS, MONTHS)
 * @param weekday the day of the week (WEEKS)
 * @param dayOfMonth the day of the month (MONTHS)
 * @param anyTime {@code true}: no fixed time, so no minute, hour, weekday or day of month; {@code
 *     false}: the unit's anchors are required; {@code null}: whichever the anchors given say
 * @param start no run before this; {@code null}: from when the schedule is used
 * @param end no run after this (repeating schedules only)
 * @param maxRuns the number of runs after which a repeating schedule ends; not with {@code end}
 * @param timeZone the zone the anchors are read in; {@code null} means UTC
 */
public record ScheduleDefinition(
    String name,
    String comments,
    ScheduleKind kind,
    FrequencyUnit unit,
    Integer every,
    Integer minute,
    Integer hour,
    DayOfWeek weekday,
    Integer dayOfMonth,
    Boolean anyTime,
    Instant start,
    Instant end,
    Integer maxRuns,
    String timeZone) {

  /**
   * A schedule builder holding this definition, to {@link Schedule.Builder#build() build} or {@link
   * Schedule#redefine redefine} a schedule with, which validate it as a whole.
   *
   * @throws InvalidScheduleException for fields that contradict each other in ways the builder
   *     cannot be told: anyTime with anchors, both an end date and a number of runs, a frequency
   *     for a schedule that runs once
   */
  public Schedule.Builder toBuilder() {
    return toBuilder(name);
  }

  /**
   * A schedule builder holding this definition under {@code scheduleName} instead of the
   * definition's own name, e.g. a schedule's current name where a change gives none; see {@link
   * #toBuilder()}.
   *
   * @throws InvalidScheduleException as {@link #toBuilder()} does
   */
  public Schedule.Builder toBuilder(String scheduleName) {
    Text label =
        scheduleName == null || scheduleName.isBlank()
            ? Text.of("subject.aSchedule")
            : Text.of("subject.schedule", scheduleName.strip());
    Schedule.Builder builder = Schedule.builder(scheduleName).comments(comments).startingAt(start);
    if (timeZone != null && !timeZone.isBlank()) {
      builder.timeZone(timeZone.strip());
    }
    ScheduleKind effectiveKind = kind != null ? kind : unit != null ? ScheduleKind.REPEATING : null;
    if (effectiveKind == ScheduleKind.ONCE) {
      if (unit != null) {
        throw new InvalidScheduleException(
            ScheduleField.UNIT,
            Text.of("scheduleDefinition.onceWithUnit", label, Text.of("field.unit", unit)));
      }
      if (every != null) {
        throw new InvalidScheduleException(
            ScheduleField.EVERY,
            Text.of("scheduleDefinition.onceWithUnit", label, Text.of("field.every", every)));
      }
      builder.once();
    } else if (effectiveKind == ScheduleKind.REPEATING) {
      builder.every(every == null ? 1 : every, unit);
      checkAnyTime(label);
    }
    // After once(), so that anchors given for a schedule that runs once are refused, not dropped.
    builder.anchors(minute, hour, weekday, dayOfMonth);
    if (end != null && maxRuns != null) {
      throw new InvalidScheduleException(
          ScheduleField.MAX_RUNS, Text.of("scheduleDefinition.endAndMaxRuns", label, end, maxRuns));
    }
    if (end != null) {
      builder.endingAt(end);
    }
    if (maxRuns != null) {
      builder.endingAfterRuns(maxRuns);
    }
    return builder;
  }

  private void checkAnyTime(Text label) {
    List<Text> anchors = new ArrayList<>();
    if (dayOfMonth != null) {
      anchors.add(Text.of("field.dayOfMonth", dayOfMonth));
    }
    if (weekday != null) {
      anchors.add(Text.of("field.weekday", weekday));
    }
    if (hour != null) {
      anchors.add(Text.of("field.hour", hour));
    }
    if (minute != null) {
      anchors.add(Text.of("field.minute", minute));
    }
    if (Boolean.TRUE.equals(anyTime) && !anchors.isEmpty()) {
      throw new InvalidScheduleException(
          ScheduleField.ANY_TIME,
          Text.of("scheduleDefinition.anyTimeWithAnchors", label, Text.joined(anchors)));
    }
    if (Boolean.FALSE.equals(anyTime) && anchors.isEmpty() && unit != null) {
      throw new InvalidScheduleException(
          ScheduleField.ANY_TIME,
          Text.of(
              "scheduleDefinition.fixedTimeNeedsAnchors",
              label,
              unit,
              switch (unit) {
                case HOURS -> Text.of("scheduleDefinition.needs.HOURS");
                case DAYS -> Text.of("scheduleDefinition.needs.DAYS");
                case WEEKS -> Text.of("scheduleDefinition.needs.WEEKS");
                case MONTHS -> Text.of("scheduleDefinition.needs.MONTHS");
              }));
    }
  }
}
