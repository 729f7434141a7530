package org.netarchive.ee.scheduler.application.schedule;

import java.time.DayOfWeek;
import java.time.Instant;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;

/**
 * A {@link ScheduleDefinition} for the tests, member by member as a form or a request sends them:
 * every member is null until it is set.
 */
final class Definitions {

  private final String name;
  private String comments;
  private ScheduleKind kind;
  private FrequencyUnit unit;
  private Integer every;
  private Integer minute;
  private Integer hour;
  private DayOfWeek weekday;
  private Integer dayOfMonth;
  private Boolean anyTime;
  private Instant start;
  private Instant end;
  private Integer maxRuns;
  private String timeZone;

  private Definitions(String name) {
    this.name = name;
  }

  /** A definition of nothing but its name. */
  static Definitions named(String name) {
    return new Definitions(name);
  }

  /** A repeating schedule, every {@code every} of the unit. */
  Definitions repeating(FrequencyUnit unit, Integer every) {
    this.kind = ScheduleKind.REPEATING;
    this.unit = unit;
    this.every = every;
    return this;
  }

  /** A schedule that runs once, from {@code start}. */
  Definitions once(Instant start) {
    this.kind = ScheduleKind.ONCE;
    this.start = start;
    return this;
  }

  /** Each run at this hour and minute. */
  Definitions at(Integer hour, Integer minute) {
    this.hour = hour;
    this.minute = minute;
    return this;
  }

  Definitions comments(String comments) {
    this.comments = comments;
    return this;
  }

  Definitions kind(ScheduleKind kind) {
    this.kind = kind;
    return this;
  }

  Definitions unit(FrequencyUnit unit) {
    this.unit = unit;
    return this;
  }

  Definitions minute(Integer minute) {
    this.minute = minute;
    return this;
  }

  Definitions weekday(DayOfWeek weekday) {
    this.weekday = weekday;
    return this;
  }

  Definitions dayOfMonth(Integer dayOfMonth) {
    this.dayOfMonth = dayOfMonth;
    return this;
  }

  Definitions anyTime(Boolean anyTime) {
    this.anyTime = anyTime;
    return this;
  }

  Definitions between(Instant start, Instant end) {
    this.start = start;
    this.end = end;
    return this;
  }

  Definitions end(Instant end) {
    this.end = end;
    return this;
  }

  Definitions maxRuns(Integer maxRuns) {
    this.maxRuns = maxRuns;
    return this;
  }

  Definitions timeZone(String timeZone) {
    this.timeZone = timeZone;
    return this;
  }

  ScheduleDefinition definition() {
    return new ScheduleDefinition(
        name,
        comments,
        kind,
        unit,
        every,
        minute,
        hour,
        weekday,
        dayOfMonth,
        anyTime,
        start,
        end,
        maxRuns,
        timeZone);
  }
}
