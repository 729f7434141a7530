package org.netarchive.ee.scheduler.domain.model.schedule;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.netarchive.ee.scheduler.domain.model.StoredEntity;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * When a selective harvest runs: a named, reusable timing.
 *
 * <p>A schedule either repeats with a {@link Frequency} or runs once. It starts no earlier than its
 * optional start (absent: as soon as it is used) and, if it repeats, may end by a date (no run
 * after it) or after a number of runs. Anchors are read in the schedule's time zone (UTC unless
 * chosen otherwise), so "daily at 02:30" stays at 02:30 local time across DST changes.
 *
 * <p>The schedule keeps no run state: the harvest that uses it keeps its previous run and its run
 * count and asks {@link #firstEvent}, {@link #nextEvent} or {@link #nextEventAfter}. All three are
 * pure functions of the schedule and their arguments.
 *
 * <p>Made and changed through a {@link Builder}, which validates everything at once, so a schedule
 * is never in a state the database's CHECK constraints would refuse.
 */
@Entity
@Table(name = "schedule")
@NamedQuery(name = "Schedule.findByName", query = "SELECT s FROM Schedule s WHERE s.name = :name")
@NamedQuery(
    name = "Schedule.listByName",
    query =
        "SELECT s FROM Schedule s WHERE LOWER(s.name) LIKE LOWER(:pattern) ESCAPE '!'"
            + " ORDER BY LOWER(s.name), s.id")
@NamedQuery(
    name = "Schedule.countByName",
    query = "SELECT COUNT(s) FROM Schedule s WHERE LOWER(s.name) LIKE LOWER(:pattern) ESCAPE '!'")
public class Schedule extends StoredEntity {

  public static final int MAX_NAME_LENGTH = 128;
  public static final int MAX_COMMENTS_LENGTH = 4000;

  /** The earliest start or end a schedule takes. */
  public static final Instant EARLIEST = Instant.EPOCH;

  /** The latest start or end a schedule takes. */
  public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  /** The zone of a schedule that names none. */
  public static final ZoneId DEFAULT_TIME_ZONE = ZoneId.of("UTC");

  @Column(name = "name", nullable = false, length = MAX_NAME_LENGTH)
  private String name;

  @Column(name = "comments", length = MAX_COMMENTS_LENGTH)
  private String comments;

  @Enumerated(EnumType.STRING)
  @Column(name = "kind", nullable = false, length = 16)
  private ScheduleKind kind;

  /** {@code null} for a run-once schedule (all its columns are then NULL). */
  @Embedded private Frequency frequency;

  @Column(name = "start_at")
  private Instant start;

  @Column(name = "end_at")
  private Instant end;

  @Column(name = "max_runs")
  private Integer maxRuns;

  @Column(name = "time_zone", nullable = false, length = 64)
  private String timeZone;

  protected Schedule() {}

  private Schedule(Definition definition) {
    apply(definition);
  }

  /** A builder for a new schedule called {@code name}; it must be told how the schedule runs. */
  public static Builder builder(String name) {
    return new Builder().name(name);
  }

  /** A builder holding this schedule's definition, to change it and {@link #redefine} it. */
  public Builder toBuilder() {
    Builder builder =
        new Builder().name(name).comments(comments).startingAt(start).timeZone(timeZone);
    if (kind == ScheduleKind.ONCE) {
      builder.once();
    } else {
      builder.repeating(frequency);
    }
    if (end != null) {
      builder.endingAt(end);
    }
    if (maxRuns != null) {
      builder.endingAfterRuns(maxRuns);
    }
    return builder;
  }

  /**
   * Replaces everything but the identity with what {@code definition} holds. Nothing changes if it
   * is not valid.
   *
   * @throws InvalidScheduleException naming the schedule, the field and the value that is wrong
   */
  public void redefine(Builder definition) {
    apply(definition.validate());
  }

  /**
   * Gives the schedule another name.
   *
   * @throws IllegalArgumentException if the name is blank or too long
   */
  public void rename(String newName) {
    redefine(toBuilder().name(newName));
  }

  /**
   * Replaces the comments ({@code null} or blank: none).
   *
   * @throws IllegalArgumentException if they are too long
   */
  public void changeComments(String newComments) {
    redefine(toBuilder().comments(newComments));
  }

  private void apply(Definition definition) {
    this.name = definition.name();
    this.comments = definition.comments();
    this.kind = definition.kind();
    this.frequency = definition.frequency();
    this.start = definition.start();
    this.end = definition.end();
    this.maxRuns = definition.maxRuns();
    this.timeZone = definition.timeZone().getId();
  }

  /**
   * When the first run is: the first moment the schedule allows at or after both its start and
   * {@code now}. Never in the past: a start already passed means "from now".
   *
   * @return empty if no run fits before the end date
   */
  public Optional<Instant> firstEvent(Instant now) {
    Objects.requireNonNull(now, "now");
    Instant earliest = start != null && start.isAfter(now) ? start : now;
    if (kind == ScheduleKind.ONCE) {
      return Optional.of(earliest);
    }
    return beforeEnd(frequency.firstAtOrAfter(earliest.atZone(timeZone())).toInstant());
  }

  /**
   * When the run after {@code previousEvent} is, whether that is past or not.
   *
   * @param previousEvent the time the previous run was scheduled for
   * @param runsSoFar how many runs there have been, the previous one included
   * @return empty if the schedule has ended: it runs once, it has had its number of runs, or the
   *     next run would be after its end date
   */
  public Optional<Instant> nextEvent(Instant previousEvent, int runsSoFar) {
    Objects.requireNonNull(previousEvent, "previousEvent");
    if (runsSoFar < 0) {
      throw new IllegalArgumentException(
          "Schedule '" + name + "': runs so far must be 0 or more, not " + runsSoFar);
    }
    if (kind == ScheduleKind.ONCE || (maxRuns != null && runsSoFar >= maxRuns)) {
      return Optional.empty();
    }
    return beforeEnd(step(previousEvent));
  }

  /**
   * Like {@link #nextEvent}, but skips the runs that are before {@code now}, as after a time the
   * server was down: a harvest runs once when it is late, not once for every run it missed. Skipped
   * runs do not count as runs.
   *
   * @return the first run at or after {@code now}, or empty if the schedule ends before it
   */
  public Optional<Instant> nextEventAfter(Instant previousEvent, int runsSoFar, Instant now) {
    Objects.requireNonNull(now, "now");
    Optional<Instant> next = nextEvent(previousEvent, runsSoFar);
    // Each step moves at least an hour, so even years of downtime take a bounded number of steps.
    while (next.isPresent() && next.get().isBefore(now)) {
      next = beforeEnd(step(next.get()));
    }
    return next;
  }

  private Instant step(Instant previous) {
    ZoneId zone = timeZone();
    ZonedDateTime next = frequency.after(previous.atZone(zone));
    if (start != null && next.toInstant().isBefore(start)) {
      // The start was moved later after runs had begun: runs resume from the new start.
      next = frequency.firstAtOrAfter(start.atZone(zone));
    }
    return next.toInstant();
  }

  private Optional<Instant> beforeEnd(Instant event) {
    return end != null && event.isAfter(end) ? Optional.empty() : Optional.of(event);
  }

  /**
   * A sentence saying when the schedule runs, such as "every 2 days at 03:15 (UTC), from
   * 2026-01-01T00:00Z, 10 runs". Times are shown in the schedule's time zone.
   */
  public String describe() {
    ZoneId zone = timeZone();
    StringBuilder text =
        new StringBuilder(kind == ScheduleKind.ONCE ? "once" : frequency.describe(zone));
    if (start != null) {
      text.append(", from ").append(start.atZone(zone).toOffsetDateTime());
    }
    if (end != null) {
      text.append(", until ").append(end.atZone(zone).toOffsetDateTime());
    }
    if (maxRuns != null) {
      text.append(", ").append(maxRuns).append(maxRuns == 1 ? " run" : " runs");
    }
    return text.toString();
  }

  public String name() {
    return name;
  }

  public Optional<String> comments() {
    return Optional.ofNullable(comments);
  }

  public ScheduleKind kind() {
    return kind;
  }

  public boolean runsOnce() {
    return kind == ScheduleKind.ONCE;
  }

  /** The frequency of a repeating schedule; empty for a run-once schedule. */
  public Optional<Frequency> frequency() {
    return Optional.ofNullable(frequency);
  }

  /** No run before this; empty: from when the schedule is first used. */
  public Optional<Instant> start() {
    return Optional.ofNullable(start);
  }

  /** No run after this; empty if the schedule does not end by date. */
  public Optional<Instant> end() {
    return Optional.ofNullable(end);
  }

  /** The number of runs after which the schedule ends; empty if it does not end so. */
  public OptionalInt maxRuns() {
    return maxRuns == null ? OptionalInt.empty() : OptionalInt.of(maxRuns);
  }

  public ZoneId timeZone() {
    return ZoneId.of(timeZone);
  }

  @Override
  public String toString() {
    return "Schedule '" + name + "' (" + describe() + ")";
  }

  /** A checked definition, the only way fields get into a schedule. */
  private record Definition(
      String name,
      String comments,
      ScheduleKind kind,
      Frequency frequency,
      Instant start,
      Instant end,
      Integer maxRuns,
      ZoneId timeZone) {}

  /**
   * Collects a schedule's definition, field by field in any order, and validates it as a whole in
   * {@link #build()} or {@link Schedule#redefine}. Setting one end (date or number of runs) clears
   * the other; {@link #once()} clears the frequency.
   */
  public static final class Builder {
    private String name;
    private String comments;
    private ScheduleKind kind;
    private FrequencyUnit unit;
    private int every;
    private Integer minuteOfHour;
    private Integer hourOfDay;
    private DayOfWeek weekday;
    private Integer dayOfMonth;
    private Instant start;
    private Instant end;
    private Integer maxRuns;
    private String timeZone = DEFAULT_TIME_ZONE.getId();

    private Builder() {}

    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder comments(String comments) {
      this.comments = comments;
      return this;
    }

    /** Repeats every {@code every} {@code unit}s; keeps anchors set before (default: any time). */
    public Builder every(int every, FrequencyUnit unit) {
      this.kind = ScheduleKind.REPEATING;
      this.every = every;
      this.unit = unit;
      return this;
    }

    /** Repeats with {@code frequency}, anchors included. */
    public Builder repeating(Frequency frequency) {
      every(frequency.every(), frequency.unit());
      this.minuteOfHour = boxed(frequency.minuteOfHour());
      this.hourOfDay = boxed(frequency.hourOfDay());
      this.weekday = frequency.weekday().orElse(null);
      this.dayOfMonth = boxed(frequency.dayOfMonth());
      return this;
    }

    private static Integer boxed(OptionalInt value) {
      return value.isPresent() ? value.getAsInt() : null;
    }

    /** Anchors the runs at {@code minuteOfHour} past the hour. */
    public Builder atMinute(int minuteOfHour) {
      this.minuteOfHour = minuteOfHour;
      return this;
    }

    /** Anchors the runs at {@code hourOfDay:minuteOfHour}. */
    public Builder at(int hourOfDay, int minuteOfHour) {
      this.hourOfDay = hourOfDay;
      this.minuteOfHour = minuteOfHour;
      return this;
    }

    /** Anchors weekly runs on {@code weekday}. */
    public Builder onWeekday(DayOfWeek weekday) {
      this.weekday = weekday;
      return this;
    }

    /** Anchors monthly runs on {@code dayOfMonth}, or the last day of a shorter month. */
    public Builder onDayOfMonth(int dayOfMonth) {
      this.dayOfMonth = dayOfMonth;
      return this;
    }

    /**
     * Sets all anchors as a form gives them, {@code null} for an anchor not given: all of the
     * unit's anchors for runs at a fixed time, none for any time. Checked in {@link #build()}.
     */
    public Builder anchors(
        Integer minuteOfHour, Integer hourOfDay, DayOfWeek weekday, Integer dayOfMonth) {
      this.minuteOfHour = minuteOfHour;
      this.hourOfDay = hourOfDay;
      this.weekday = weekday;
      this.dayOfMonth = dayOfMonth;
      return this;
    }

    /** Removes all anchors: runs follow each other by the interval. */
    public Builder anyTime() {
      this.minuteOfHour = null;
      this.hourOfDay = null;
      this.weekday = null;
      this.dayOfMonth = null;
      return this;
    }

    /** Runs one time only; clears the frequency. */
    public Builder once() {
      this.kind = ScheduleKind.ONCE;
      this.unit = null;
      this.every = 0;
      return anyTime();
    }

    /** No run before {@code start}; {@code null}: from when the schedule is used. */
    public Builder startingAt(Instant start) {
      this.start = start;
      return this;
    }

    /** No run after {@code end}; clears an end by number of runs. */
    public Builder endingAt(Instant end) {
      this.end = Objects.requireNonNull(end, "end");
      this.maxRuns = null;
      return this;
    }

    /** Ends after {@code maxRuns} runs; clears an end by date. */
    public Builder endingAfterRuns(int maxRuns) {
      this.maxRuns = maxRuns;
      this.end = null;
      return this;
    }

    /** Repeats without end. */
    public Builder endingNever() {
      this.end = null;
      this.maxRuns = null;
      return this;
    }

    /** The zone anchors are read in. */
    public Builder timeZone(ZoneId timeZone) {
      this.timeZone = timeZone == null ? null : timeZone.getId();
      return this;
    }

    /** The zone anchors are read in, by id such as "Europe/Copenhagen", "UTC" or "+01:00". */
    public Builder timeZone(String timeZone) {
      this.timeZone = timeZone;
      return this;
    }

    /**
     * The new schedule.
     *
     * @throws InvalidScheduleException naming the schedule, the field and the value that is wrong
     */
    public Schedule build() {
      return new Schedule(validate());
    }

    private Definition validate() {
      String checkedName = checkName(name);
      String checkedComments = comments == null || comments.isBlank() ? null : comments;
      if (checkedComments != null && checkedComments.length() > MAX_COMMENTS_LENGTH) {
        throw refused(
            ScheduleField.COMMENTS,
            checkedName,
            Text.of("schedule.commentsTooLong", checkedComments.length(), MAX_COMMENTS_LENGTH));
      }
      if (kind == null) {
        throw refused(ScheduleField.KIND, checkedName, Text.of("schedule.kindMissing"));
      }
      Frequency frequency = null;
      if (kind == ScheduleKind.ONCE) {
        Map<ScheduleField, Text> extra = frequencyParts();
        if (end != null) {
          extra.put(ScheduleField.END, Text.of("schedule.part.end", end));
        }
        if (maxRuns != null) {
          extra.put(ScheduleField.MAX_RUNS, Text.of("schedule.part.maxRuns", maxRuns));
        }
        if (!extra.isEmpty()) {
          throw refused(
              extra.keySet().iterator().next(),
              checkedName,
              Text.of("schedule.onceHasNoFrequency", Text.joined(extra.values())));
        }
      } else {
        try {
          frequency = Frequency.of(unit, every, minuteOfHour, hourOfDay, weekday, dayOfMonth);
        } catch (InvalidScheduleException e) {
          throw new InvalidScheduleException(
              e.field(), Text.of("schedule.refused", checkedName, e.text()), e);
        }
      }
      if (maxRuns != null && maxRuns < 1) {
        throw refused(
            ScheduleField.MAX_RUNS, checkedName, Text.of("schedule.maxRunsTooFew", maxRuns));
      }
      checkYear(ScheduleField.START, checkedName, Text.of("schedule.part.startWord"), start);
      checkYear(ScheduleField.END, checkedName, Text.of("schedule.part.endWord"), end);
      if (end != null && start != null && !end.isAfter(start)) {
        throw refused(
            ScheduleField.END, checkedName, Text.of("schedule.endBeforeStart", end, start));
      }
      ZoneId zone = checkTimeZone(checkedName);
      return new Definition(
          checkedName, checkedComments, kind, frequency, start, end, maxRuns, zone);
    }

    /**
     * Refuses a moment outside the years 1970 to 9999: dates far beyond overflow the calendar
     * arithmetic of the next runs, and the database's timestamps end with year 9999.
     */
    private static void checkYear(ScheduleField field, String name, Text what, Instant at) {
      if (at != null && (at.isBefore(EARLIEST) || at.isAfter(LATEST))) {
        throw refused(field, name, Text.of("schedule.yearOutOfRange", what, at));
      }
    }

    /** A refusal of the schedule {@code name}, saying {@code detail}: "Schedule 'x': ...". */
    private static InvalidScheduleException refused(ScheduleField field, String name, Text detail) {
      return new InvalidScheduleException(field, Text.of("schedule.refused", name, detail));
    }

    /** The anchors given, in reading order, each with its field. */
    private Map<ScheduleField, Text> frequencyParts() {
      Map<ScheduleField, Text> parts = new LinkedHashMap<>();
      if (dayOfMonth != null) {
        parts.put(ScheduleField.DAY_OF_MONTH, Text.of("schedule.part.dayOfMonth", dayOfMonth));
      }
      if (weekday != null) {
        parts.put(ScheduleField.WEEKDAY, Text.of("schedule.part.weekday", weekday));
      }
      if (hourOfDay != null) {
        parts.put(ScheduleField.HOUR, Text.of("schedule.part.hourOfDay", hourOfDay));
      }
      if (minuteOfHour != null) {
        parts.put(ScheduleField.MINUTE, Text.of("schedule.part.minuteOfHour", minuteOfHour));
      }
      return parts;
    }

    private static String checkName(String name) {
      if (name == null) {
        throw new InvalidScheduleException(
            ScheduleField.NAME, Text.of("schedule.nameMissing", MAX_NAME_LENGTH));
      }
      String stripped = name.strip();
      if (stripped.isEmpty()) {
        throw new InvalidScheduleException(
            ScheduleField.NAME, Text.of("schedule.nameBlank", name, MAX_NAME_LENGTH));
      }
      if (stripped.length() > MAX_NAME_LENGTH) {
        throw new InvalidScheduleException(
            ScheduleField.NAME,
            Text.of(
                "schedule.nameTooLong",
                stripped.substring(0, 40),
                stripped.length(),
                MAX_NAME_LENGTH));
      }
      return stripped;
    }

    private ZoneId checkTimeZone(String name) {
      if (timeZone == null) {
        throw refused(ScheduleField.TIME_ZONE, name, Text.of("schedule.timeZoneMissing"));
      }
      try {
        return ZoneId.of(timeZone);
      } catch (DateTimeException e) {
        throw new InvalidScheduleException(
            ScheduleField.TIME_ZONE,
            Text.of("schedule.refused", name, Text.of("schedule.timeZoneInvalid", timeZone)),
            e);
      }
    }
  }
}
