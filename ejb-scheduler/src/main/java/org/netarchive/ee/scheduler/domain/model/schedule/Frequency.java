package org.netarchive.ee.scheduler.domain.model.schedule;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * How often a repeating schedule runs: every N {@link FrequencyUnit units}, either at fixed anchors
 * or at any time.
 *
 * <p>An anchored frequency names every anchor its unit has, read in the schedule's time zone:
 *
 * <ul>
 *   <li>{@link FrequencyUnit#HOURS}: the minute of the hour;
 *   <li>{@link FrequencyUnit#DAYS}: the hour of the day and the minute;
 *   <li>{@link FrequencyUnit#WEEKS}: the weekday, the hour and the minute;
 *   <li>{@link FrequencyUnit#MONTHS}: the day of the month (a shorter month uses its last day), the
 *       hour and the minute.
 * </ul>
 *
 * Partial anchors ("daily, at some minute of hour 3") are refused rather than given a guessed
 * meaning. A frequency "at any time" has no anchors: the next run is the previous one plus the
 * interval.
 *
 * <p>Immutable; a {@code null} embedded frequency is how a run-once schedule stores "none".
 */
@Embeddable
public class Frequency {

  /** The largest interval, in any unit. */
  public static final int MAX_EVERY = 1000;

  @Enumerated(EnumType.STRING)
  @Column(name = "frequency_unit", length = 16)
  private FrequencyUnit unit;

  @Column(name = "frequency_every")
  private Integer every;

  @Column(name = "minute_of_hour")
  private Integer minuteOfHour;

  @Column(name = "hour_of_day")
  private Integer hourOfDay;

  @Enumerated(EnumType.STRING)
  @Column(name = "day_of_week", length = 16)
  private DayOfWeek weekday;

  @Column(name = "day_of_month")
  private Integer dayOfMonth;

  protected Frequency() {}

  private Frequency(
      FrequencyUnit unit,
      int every,
      Integer minuteOfHour,
      Integer hourOfDay,
      DayOfWeek weekday,
      Integer dayOfMonth) {
    this.unit = unit;
    this.every = every;
    this.minuteOfHour = minuteOfHour;
    this.hourOfDay = hourOfDay;
    this.weekday = weekday;
    this.dayOfMonth = dayOfMonth;
  }

  /** Every {@code every} units, at any time: the interval is added to the previous run. */
  public static Frequency anyTime(int every, FrequencyUnit unit) {
    return of(unit, every, null, null, null, null);
  }

  /** Every {@code every} hours, at {@code minuteOfHour} past the hour. */
  public static Frequency hours(int every, int minuteOfHour) {
    return of(FrequencyUnit.HOURS, every, minuteOfHour, null, null, null);
  }

  /** Every {@code every} days, at {@code hourOfDay:minuteOfHour}. */
  public static Frequency days(int every, int hourOfDay, int minuteOfHour) {
    return of(FrequencyUnit.DAYS, every, minuteOfHour, hourOfDay, null, null);
  }

  /** Every {@code every} weeks, on {@code weekday} at {@code hourOfDay:minuteOfHour}. */
  public static Frequency weeks(int every, DayOfWeek weekday, int hourOfDay, int minuteOfHour) {
    return of(FrequencyUnit.WEEKS, every, minuteOfHour, hourOfDay, weekday, null);
  }

  /**
   * Every {@code every} months, on {@code dayOfMonth} (or the last day of a shorter month) at
   * {@code hourOfDay:minuteOfHour}.
   */
  public static Frequency months(int every, int dayOfMonth, int hourOfDay, int minuteOfHour) {
    return of(FrequencyUnit.MONTHS, every, minuteOfHour, hourOfDay, null, dayOfMonth);
  }

  /**
   * A frequency from its parts, as a form gives them: {@code null} for an anchor not given. Either
   * all anchors of the unit are given or none (any time).
   *
   * @throws InvalidScheduleException naming the part and the value that is wrong
   */
  public static Frequency of(
      FrequencyUnit unit,
      int every,
      Integer minuteOfHour,
      Integer hourOfDay,
      DayOfWeek weekday,
      Integer dayOfMonth) {
    if (unit == null) {
      throw new InvalidScheduleException(ScheduleField.UNIT, Text.of("frequency.unitMissing"));
    }
    if (every < 1 || every > MAX_EVERY) {
      throw new InvalidScheduleException(
          ScheduleField.EVERY, Text.of("frequency.every", unit.pluralText(), MAX_EVERY, every));
    }
    checkRange(Anchor.MINUTE_OF_HOUR, minuteOfHour, 0, 59);
    checkRange(Anchor.HOUR_OF_DAY, hourOfDay, 0, 23);
    checkRange(Anchor.DAY_OF_MONTH, dayOfMonth, 1, 31);
    Set<Anchor> given = EnumSet.noneOf(Anchor.class);
    if (minuteOfHour != null) {
      given.add(Anchor.MINUTE_OF_HOUR);
    }
    if (hourOfDay != null) {
      given.add(Anchor.HOUR_OF_DAY);
    }
    if (weekday != null) {
      given.add(Anchor.WEEKDAY);
    }
    if (dayOfMonth != null) {
      given.add(Anchor.DAY_OF_MONTH);
    }
    Set<Anchor> allowed = Anchor.of(unit);
    for (Anchor anchor : given) {
      if (!allowed.contains(anchor)) {
        Object value =
            switch (anchor) {
              case MINUTE_OF_HOUR -> minuteOfHour;
              case HOUR_OF_DAY -> hourOfDay;
              case WEEKDAY -> weekday;
              case DAY_OF_MONTH -> dayOfMonth;
            };
        throw new InvalidScheduleException(
            anchor.field,
            Text.of(
                "frequency.anchorNotApplying",
                anchor.label(),
                unit.text(),
                anchor.unitsLabel(),
                value));
      }
    }
    if (!given.isEmpty() && !given.equals(allowed)) {
      List<Text> needed = new ArrayList<>();
      List<Text> missing = new ArrayList<>();
      ScheduleField firstMissing = null;
      for (Anchor anchor : allowed) {
        needed.add(anchor.label());
        if (!given.contains(anchor)) {
          missing.add(anchor.label());
          if (firstMissing == null) {
            firstMissing = anchor.field;
          }
        }
      }
      throw new InvalidScheduleException(
          firstMissing,
          Text.of(
              "frequency.anchorsMissing", unit.text(), Text.joined(needed), Text.joined(missing)));
    }
    return new Frequency(unit, every, minuteOfHour, hourOfDay, weekday, dayOfMonth);
  }

  private static void checkRange(Anchor anchor, Integer value, int min, int max) {
    if (value != null && (value < min || value > max)) {
      throw new InvalidScheduleException(
          anchor.field, Text.of("frequency.anchorRange", anchor.label(), min, max, value));
    }
  }

  /** The anchors, in the order a person reads them, and the units each applies to. */
  private enum Anchor {
    DAY_OF_MONTH(ScheduleField.DAY_OF_MONTH),
    WEEKDAY(ScheduleField.WEEKDAY),
    HOUR_OF_DAY(ScheduleField.HOUR),
    MINUTE_OF_HOUR(ScheduleField.MINUTE);

    final ScheduleField field;

    Anchor(ScheduleField field) {
      this.field = field;
    }

    /** What texts call the anchor, e.g. "day of month". */
    Text label() {
      return switch (this) {
        case DAY_OF_MONTH -> Text.of("anchor.dayOfMonth");
        case WEEKDAY -> Text.of("anchor.weekday");
        case HOUR_OF_DAY -> Text.of("anchor.hourOfDay");
        case MINUTE_OF_HOUR -> Text.of("anchor.minuteOfHour");
      };
    }

    /** The units the anchor applies to, as texts say them. */
    Text unitsLabel() {
      return switch (this) {
        case DAY_OF_MONTH -> Text.of("anchor.units.dayOfMonth");
        case WEEKDAY -> Text.of("anchor.units.weekday");
        case HOUR_OF_DAY -> Text.of("anchor.units.hourOfDay");
        case MINUTE_OF_HOUR -> Text.of("anchor.units.minuteOfHour");
      };
    }

    static Set<Anchor> of(FrequencyUnit unit) {
      return switch (unit) {
        case HOURS -> EnumSet.of(MINUTE_OF_HOUR);
        case DAYS -> EnumSet.of(HOUR_OF_DAY, MINUTE_OF_HOUR);
        case WEEKS -> EnumSet.of(WEEKDAY, HOUR_OF_DAY, MINUTE_OF_HOUR);
        case MONTHS -> EnumSet.of(DAY_OF_MONTH, HOUR_OF_DAY, MINUTE_OF_HOUR);
      };
    }
  }

  public FrequencyUnit unit() {
    return unit;
  }

  /** The interval between runs, in {@link #unit()}s. */
  public int every() {
    return every;
  }

  /** Whether runs may happen at any time (no anchors). */
  public boolean isAnyTime() {
    return minuteOfHour == null;
  }

  public OptionalInt minuteOfHour() {
    return minuteOfHour == null ? OptionalInt.empty() : OptionalInt.of(minuteOfHour);
  }

  public OptionalInt hourOfDay() {
    return hourOfDay == null ? OptionalInt.empty() : OptionalInt.of(hourOfDay);
  }

  public Optional<DayOfWeek> weekday() {
    return Optional.ofNullable(weekday);
  }

  public OptionalInt dayOfMonth() {
    return dayOfMonth == null ? OptionalInt.empty() : OptionalInt.of(dayOfMonth);
  }

  /**
   * The first run at or after {@code earliest}: {@code earliest} itself for any time, else the
   * first moment that matches the anchors.
   */
  ZonedDateTime firstAtOrAfter(ZonedDateTime earliest) {
    if (isAnyTime()) {
      return earliest;
    }
    ZonedDateTime candidate =
        switch (unit) {
          case HOURS -> atMinute(earliest.truncatedTo(ChronoUnit.HOURS));
          case DAYS -> atTime(earliest.toLocalDate(), earliest.getZone());
          case WEEKS ->
              atTime(
                  earliest.toLocalDate().with(TemporalAdjusters.nextOrSame(weekday)),
                  earliest.getZone());
          case MONTHS -> inMonth(YearMonth.from(earliest), earliest.getZone());
        };
    if (!candidate.isBefore(earliest)) {
      return candidate;
    }
    // The anchor has passed in the current hour, day, week or month: take it in the next one.
    return switch (unit) {
      case HOURS -> atMinute(candidate.plusHours(1));
      case DAYS -> atTime(candidate.toLocalDate().plusDays(1), candidate.getZone());
      case WEEKS -> atTime(candidate.toLocalDate().plusWeeks(1), candidate.getZone());
      case MONTHS -> inMonth(YearMonth.from(candidate).plusMonths(1), candidate.getZone());
    };
  }

  /**
   * The run {@link #every()} units after {@code previous}. Anchored runs are placed anew from the
   * previous run's calendar position (its hour, date, week or month), so a shifted run (a DST gap,
   * a short month) does not shift the ones after it.
   */
  ZonedDateTime after(ZonedDateTime previous) {
    ZoneId zone = previous.getZone();
    if (isAnyTime()) {
      // Hours run on the instant time-line (a 1-hour interval is 1 hour across DST changes);
      // days, weeks and months keep the local time of day, as a person expects of "daily".
      return switch (unit) {
        case HOURS -> previous.plusHours(every);
        case DAYS -> previous.plusDays(every);
        case WEEKS -> previous.plusWeeks(every);
        case MONTHS -> previous.plusMonths(every);
      };
    }
    ZonedDateTime next =
        switch (unit) {
          case HOURS -> atMinute(previous.plusHours(every));
          case DAYS -> atTime(previous.toLocalDate().plusDays(every), zone);
          case WEEKS ->
              atTime(
                  previous
                      .toLocalDate()
                      .plusWeeks(every)
                      .with(TemporalAdjusters.nextOrSame(weekday)),
                  zone);
          case MONTHS -> inMonth(YearMonth.from(previous).plusMonths(every), zone);
        };
    // Only an hourly run can come out too early: when the previous run was not on its minute and
    // a zone with a half-hour DST shift moved the minute back.
    while (!next.isAfter(previous)) {
      next = atMinute(next.plusHours(1));
    }
    return next;
  }

  private ZonedDateTime atMinute(ZonedDateTime inHour) {
    return inHour.truncatedTo(ChronoUnit.HOURS).withMinute(minuteOfHour);
  }

  /**
   * {@code date} at the anchored time. A time that does not exist (a DST gap) is moved later by the
   * length of the gap, so it happens at the same elapsed time; a time that exists twice (DST ends)
   * is taken at its first occurrence.
   */
  private ZonedDateTime atTime(LocalDate date, ZoneId zone) {
    return ZonedDateTime.of(date, LocalTime.of(hourOfDay, minuteOfHour), zone);
  }

  private ZonedDateTime inMonth(YearMonth month, ZoneId zone) {
    return atTime(month.atDay(Math.min(dayOfMonth, month.lengthOfMonth())), zone);
  }

  /**
   * A sentence such as "every 2 days at 03:15 (Europe/Copenhagen)" or "every hour, any time";
   * {@code zone} is the zone the anchors are read in.
   */
  public String describe(ZoneId zone) {
    StringBuilder text = new StringBuilder("every ");
    text.append(every == 1 ? unit.singular() : every + " " + unit.plural());
    if (isAnyTime()) {
      return text.append(", any time").toString();
    }
    switch (unit) {
      case HOURS -> text.append(" at minute ").append(minuteOfHour);
      case DAYS -> text.append(" at ").append(clock());
      case WEEKS ->
          text.append(" on ")
              .append(weekday.getDisplayName(TextStyle.FULL, Locale.ENGLISH))
              .append(" at ")
              .append(clock());
      case MONTHS -> {
        text.append(" on day ").append(dayOfMonth);
        if (dayOfMonth > 28) {
          text.append(" (or the last day of a shorter month)");
        }
        text.append(" at ").append(clock());
      }
    }
    return text.append(" (").append(zone.getId()).append(')').toString();
  }

  private String clock() {
    return String.format(Locale.ROOT, "%02d:%02d", hourOfDay, minuteOfHour);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Frequency that
        && unit == that.unit
        && Objects.equals(every, that.every)
        && Objects.equals(minuteOfHour, that.minuteOfHour)
        && Objects.equals(hourOfDay, that.hourOfDay)
        && weekday == that.weekday
        && Objects.equals(dayOfMonth, that.dayOfMonth);
  }

  @Override
  public int hashCode() {
    return Objects.hash(unit, every, minuteOfHour, hourOfDay, weekday, dayOfMonth);
  }

  @Override
  public String toString() {
    return "Frequency[unit="
        + unit
        + ", every="
        + every
        + ", minuteOfHour="
        + minuteOfHour
        + ", hourOfDay="
        + hourOfDay
        + ", weekday="
        + weekday
        + ", dayOfMonth="
        + dayOfMonth
        + "]";
  }
}
