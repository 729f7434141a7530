package org.netarchive.ee.scheduler.application.schedule;

import java.time.DayOfWeek;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.netarchive.ee.scheduler.domain.model.schedule.Frequency;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;

/** Read models of schedules for the UI and the API. */
public final class ScheduleViews {

  /** How many of the next runs a view shows. */
  public static final int NEXT_EVENTS = 3;

  private ScheduleViews() {}

  /**
   * A schedule: its definition with the fields of {@link ScheduleDefinition}, what it means in
   * words and when its next runs would be if a harvest started using it now.
   *
   * @param description e.g. "every day at 02:00 (UTC)"
   * @param nextEvents up to {@value #NEXT_EVENTS} run times from now; fewer if it ends before
   * @param version the version to send back with a change
   */
  public record ScheduleView(
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
      String timeZone,
      String description,
      List<Instant> nextEvents,
      int version) {}

  public static ScheduleView of(Schedule schedule, Instant now) {
    Optional<Frequency> frequency = schedule.frequency();
    return new ScheduleView(
        schedule.name(),
        schedule.comments().orElse(null),
        schedule.kind(),
        frequency.map(Frequency::unit).orElse(null),
        frequency.map(Frequency::every).orElse(null),
        frequency.map(f -> boxed(f.minuteOfHour())).orElse(null),
        frequency.map(f -> boxed(f.hourOfDay())).orElse(null),
        frequency.flatMap(Frequency::weekday).orElse(null),
        frequency.map(f -> boxed(f.dayOfMonth())).orElse(null),
        frequency.map(Frequency::isAnyTime).orElse(null),
        schedule.start().orElse(null),
        schedule.end().orElse(null),
        boxed(schedule.maxRuns()),
        schedule.timeZone().getId(),
        schedule.describe(),
        nextEvents(schedule, now, NEXT_EVENTS),
        schedule.version());
  }

  /**
   * The first {@code count} runs of a harvest that starts using the schedule at {@code now}: the
   * first event, then each next one, counting runs, until the schedule ends.
   */
  static List<Instant> nextEvents(Schedule schedule, Instant now, int count) {
    List<Instant> events = new ArrayList<>(count);
    Optional<Instant> next = schedule.firstEvent(now);
    while (next.isPresent() && events.size() < count) {
      events.add(next.get());
      next = schedule.nextEvent(next.get(), events.size());
    }
    return events;
  }

  private static Integer boxed(OptionalInt value) {
    return value.isPresent() ? value.getAsInt() : null;
  }
}
