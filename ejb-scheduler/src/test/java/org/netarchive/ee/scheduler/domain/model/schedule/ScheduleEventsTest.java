package org.netarchive.ee.scheduler.domain.model.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The run arithmetic of schedules. Instants are written in UTC; comments give the local time where
 * the schedule's zone is not UTC. In 2026, Europe/Copenhagen moves from CET (+01:00) to CEST
 * (+02:00) at 02:00 on 29 March and back at 03:00 on 25 October.
 */
class ScheduleEventsTest {

  private static final ZoneId COPENHAGEN = ZoneId.of("Europe/Copenhagen");

  private static Instant at(String utc) {
    return Instant.parse(utc);
  }

  private static Schedule.Builder schedule() {
    return Schedule.builder("test");
  }

  /** The runs after {@code first}, as many as asked, counting runs as a harvest would. */
  private static List<Instant> runsAfter(Schedule schedule, Instant first, int count) {
    List<Instant> runs = new ArrayList<>();
    Instant previous = first;
    for (int run = 1; run <= count; run++) {
      previous = schedule.nextEvent(previous, run).orElseThrow();
      runs.add(previous);
    }
    return runs;
  }

  @Nested
  class Hours {
    @Test
    void givenEvery3HoursAnyTime_whenAskedForRuns_thenFirstIsNowAndEachFollows3HoursLater() {
      Schedule schedule = schedule().every(3, FrequencyUnit.HOURS).build();
      Instant now = at("2026-03-10T10:17:42Z");

      assertThat(schedule.firstEvent(now)).contains(now);
      assertThat(schedule.nextEvent(now, 1)).contains(at("2026-03-10T13:17:42Z"));
    }

    @Test
    void givenHourlyAtMinute15_whenFirstEvent_thenTheNextQuarterPastAtOrAfterNow() {
      Schedule schedule = schedule().every(1, FrequencyUnit.HOURS).atMinute(15).build();

      assertThat(schedule.firstEvent(at("2026-03-10T10:20:00Z")))
          .contains(at("2026-03-10T11:15:00Z"));
      assertThat(schedule.firstEvent(at("2026-03-10T10:15:00Z")))
          .contains(at("2026-03-10T10:15:00Z"));
      assertThat(schedule.firstEvent(at("2026-03-10T10:14:59.900Z")))
          .contains(at("2026-03-10T10:15:00Z"));
    }

    @Test
    void givenEvery6HoursAtMinute15_whenNextEvent_then6HoursLaterOnTheMinute() {
      Schedule schedule = schedule().every(6, FrequencyUnit.HOURS).atMinute(15).build();

      assertThat(schedule.nextEvent(at("2026-03-10T10:15:00Z"), 1))
          .contains(at("2026-03-10T16:15:00Z"));
      assertThat(schedule.nextEvent(at("2026-03-10T10:40:12Z"), 1))
          .as("a previous run off the minute is brought back to it")
          .contains(at("2026-03-10T16:15:00Z"));
    }

    @Test
    void givenHourlyInCopenhagen_whenDstStartsAndEnds_thenRunsStayOneHourApart() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.HOURS).atMinute(30).timeZone(COPENHAGEN).build();

      // 01:30 CET, then 03:30 CEST: 02:30 does not exist that night
      assertThat(runsAfter(schedule, at("2026-03-29T00:30:00Z"), 1))
          .containsExactly(at("2026-03-29T01:30:00Z"));
      // 02:30 CEST, 02:30 CET (the hour repeats), 03:30 CET
      assertThat(runsAfter(schedule, at("2026-10-25T00:30:00Z"), 2))
          .containsExactly(at("2026-10-25T01:30:00Z"), at("2026-10-25T02:30:00Z"));
    }

    @Test
    void givenHourlyAtMinute0InAHalfHourOffsetZone_whenFirstEvent_thenOnTheLocalHour() {
      Schedule schedule =
          schedule()
              .every(1, FrequencyUnit.HOURS)
              .atMinute(0)
              .timeZone(ZoneId.of("Asia/Kolkata"))
              .build();

      // 05:40 in Kolkata (+05:30): the next local full hour is 06:00
      assertThat(schedule.firstEvent(at("2026-01-01T00:10:00Z")))
          .contains(at("2026-01-01T00:30:00Z"));
    }
  }

  @Nested
  class Days {
    @Test
    void givenDailyAt0200_whenFirstEvent_thenTodayIfNotPassedElseTomorrow() {
      Schedule schedule = schedule().every(1, FrequencyUnit.DAYS).at(2, 0).build();

      assertThat(schedule.firstEvent(at("2026-01-10T01:59:30Z")))
          .contains(at("2026-01-10T02:00:00Z"));
      assertThat(schedule.firstEvent(at("2026-01-10T02:00:01Z")))
          .contains(at("2026-01-11T02:00:00Z"));
    }

    @Test
    void givenEvery2DaysAt0315_whenNextEvent_thenTwoDaysLaterAtTheTime() {
      Schedule schedule = schedule().every(2, FrequencyUnit.DAYS).at(3, 15).build();

      assertThat(runsAfter(schedule, at("2026-01-01T03:15:00Z"), 2))
          .containsExactly(at("2026-01-03T03:15:00Z"), at("2026-01-05T03:15:00Z"));
      assertThat(schedule.nextEvent(at("2026-01-01T20:00:00Z"), 1))
          .as("from a previous run at another time of day")
          .contains(at("2026-01-03T03:15:00Z"));
    }

    @Test
    void givenDailyAt0200InCopenhagen_whenFirstEvent_thenLocalTimeInWinterAndSummer() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.DAYS).at(2, 0).timeZone(COPENHAGEN).build();

      // 01:00 CET: 02:00 CET is still to come
      assertThat(schedule.firstEvent(at("2026-01-10T00:00:00Z")))
          .contains(at("2026-01-10T01:00:00Z"));
      // 02:30 CEST: passed, so 02:00 CEST tomorrow
      assertThat(schedule.firstEvent(at("2026-07-10T00:30:00Z")))
          .contains(at("2026-07-11T00:00:00Z"));
    }

    @Test
    void givenDailyAt0230InCopenhagen_whenDstStarts_thenTheMissingTimeRunsAnHourLaterOnlyThatDay() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.DAYS).at(2, 30).timeZone(COPENHAGEN).build();

      // 02:30 CET; then 03:30 CEST, as 02:30 does not exist on 29 March; then 02:30 CEST again
      assertThat(runsAfter(schedule, at("2026-03-28T01:30:00Z"), 2))
          .containsExactly(at("2026-03-29T01:30:00Z"), at("2026-03-30T00:30:00Z"));
    }

    @Test
    void givenDailyAt0230InCopenhagen_whenDstEnds_thenTheRepeatedTimeRunsOnlyOnce() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.DAYS).at(2, 30).timeZone(COPENHAGEN).build();

      // 02:30 CEST on the 24th; the first 02:30 (CEST) on the 25th; 02:30 CET on the 26th
      assertThat(runsAfter(schedule, at("2026-10-24T00:30:00Z"), 2))
          .containsExactly(at("2026-10-25T00:30:00Z"), at("2026-10-26T01:30:00Z"));
    }

    @Test
    void givenDailyAnyTimeInCopenhagen_whenDstStarts_thenTheLocalTimeOfDayIsKept() {
      Schedule schedule = schedule().every(1, FrequencyUnit.DAYS).timeZone(COPENHAGEN).build();

      // 10:17 CET, then 10:17 CEST: 23 hours later
      assertThat(schedule.nextEvent(at("2026-03-28T09:17:00Z"), 1))
          .contains(at("2026-03-29T08:17:00Z"));
    }
  }

  @Nested
  class Weeks {
    private final Schedule mondays =
        schedule().every(1, FrequencyUnit.WEEKS).onWeekday(DayOfWeek.MONDAY).at(2, 0).build();

    @Test
    void givenWeeklyOnMondayAt0200_whenFirstEvent_thenTheNextMondayAtOrAfterNow() {
      // Wednesday 7 January 2026
      assertThat(mondays.firstEvent(at("2026-01-07T12:00:00Z")))
          .contains(at("2026-01-12T02:00:00Z"));
      // Monday before 02:00: that day
      assertThat(mondays.firstEvent(at("2026-01-12T01:00:00Z")))
          .contains(at("2026-01-12T02:00:00Z"));
      // Monday after 02:00: a week later
      assertThat(mondays.firstEvent(at("2026-01-12T03:00:00Z")))
          .contains(at("2026-01-19T02:00:00Z"));
    }

    @Test
    void givenWeeklyOnMonday_whenNextEvent_thenTheMondayAfter() {
      assertThat(mondays.nextEvent(at("2026-01-12T02:00:00Z"), 1))
          .contains(at("2026-01-19T02:00:00Z"));
    }

    @Test
    void givenEvery2WeeksOnFriday_whenNextEvent_thenTheFridayTwoWeeksLater() {
      Schedule schedule =
          schedule().every(2, FrequencyUnit.WEEKS).onWeekday(DayOfWeek.FRIDAY).at(18, 30).build();

      assertThat(runsAfter(schedule, at("2026-01-02T18:30:00Z"), 2))
          .containsExactly(at("2026-01-16T18:30:00Z"), at("2026-01-30T18:30:00Z"));
    }

    @Test
    void givenWeeklyAnyTime_whenNextEvent_thenSevenDaysLater() {
      Schedule schedule = schedule().every(1, FrequencyUnit.WEEKS).build();

      assertThat(schedule.nextEvent(at("2026-01-07T12:34:56Z"), 1))
          .contains(at("2026-01-14T12:34:56Z"));
    }
  }

  @Nested
  class Months {
    @Test
    void givenMonthlyOnThe1stAt0200_whenFirstEvent_thenTheNext1st() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.MONTHS).onDayOfMonth(1).at(2, 0).build();

      assertThat(schedule.firstEvent(at("2026-01-15T00:00:00Z")))
          .contains(at("2026-02-01T02:00:00Z"));
      assertThat(schedule.firstEvent(at("2026-02-01T01:59:00Z")))
          .contains(at("2026-02-01T02:00:00Z"));
    }

    @Test
    void givenMonthlyOnThe31st_whenNextEvent_thenShorterMonthsUseTheirLastDay() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.MONTHS).onDayOfMonth(31).at(2, 0).build();

      assertThat(runsAfter(schedule, at("2026-01-31T02:00:00Z"), 3))
          .containsExactly(
              at("2026-02-28T02:00:00Z"), at("2026-03-31T02:00:00Z"), at("2026-04-30T02:00:00Z"));
      assertThat(schedule.nextEvent(at("2028-01-31T02:00:00Z"), 1))
          .as("leap year")
          .contains(at("2028-02-29T02:00:00Z"));
    }

    @Test
    void givenMonthlyOnThe31st_whenFirstEventInFebruary_thenFebruarysLastDayOrElseMarch31st() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.MONTHS).onDayOfMonth(31).at(2, 0).build();

      assertThat(schedule.firstEvent(at("2026-02-10T00:00:00Z")))
          .contains(at("2026-02-28T02:00:00Z"));
      assertThat(schedule.firstEvent(at("2026-02-28T03:00:00Z")))
          .contains(at("2026-03-31T02:00:00Z"));
    }

    @Test
    void givenEvery3MonthsOnThe30th_whenPassingFebruary_thenTheDayDoesNotDrift() {
      Schedule schedule =
          schedule().every(3, FrequencyUnit.MONTHS).onDayOfMonth(30).at(23, 0).build();

      assertThat(runsAfter(schedule, at("2026-11-30T23:00:00Z"), 2))
          .containsExactly(at("2027-02-28T23:00:00Z"), at("2027-05-30T23:00:00Z"));
    }

    @Test
    void givenMonthlyOnThe1stInCopenhagen_whenFirstEvent_thenLocalMidnightIsTheDayBeforeInUtc() {
      Schedule schedule =
          schedule()
              .every(1, FrequencyUnit.MONTHS)
              .onDayOfMonth(1)
              .at(0, 30)
              .timeZone(COPENHAGEN)
              .build();

      // 00:30 CEST on 1 May is 22:30 UTC on 30 April
      assertThat(schedule.firstEvent(at("2026-04-15T00:00:00Z")))
          .contains(at("2026-04-30T22:30:00Z"));
    }

    @Test
    void givenMonthlyAnyTime_whenNextEvent_thenSameDayAndTimeNextMonth() {
      Schedule schedule = schedule().every(1, FrequencyUnit.MONTHS).build();

      assertThat(schedule.nextEvent(at("2026-01-15T10:00:00Z"), 1))
          .contains(at("2026-02-15T10:00:00Z"));
    }
  }

  @Nested
  class StartAndEnd {
    private final Schedule.Builder daily = schedule().every(1, FrequencyUnit.DAYS).at(2, 0);

    @Test
    void givenStartInTheFuture_whenFirstEvent_thenTheFirstRunAtOrAfterTheStart() {
      Schedule schedule = daily.startingAt(at("2026-05-01T12:00:00Z")).build();

      assertThat(schedule.firstEvent(at("2026-01-01T00:00:00Z")))
          .contains(at("2026-05-02T02:00:00Z"));
    }

    @Test
    void givenStartInThePast_whenFirstEvent_thenFromNow() {
      Schedule schedule = daily.startingAt(at("2025-05-01T12:00:00Z")).build();

      assertThat(schedule.firstEvent(at("2026-01-01T12:00:00Z")))
          .contains(at("2026-01-02T02:00:00Z"));
    }

    @Test
    void givenAnyTimeWithAStartInTheFuture_whenFirstEvent_thenTheStartItself() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.DAYS).startingAt(at("2026-05-01T12:00:00Z")).build();

      assertThat(schedule.firstEvent(at("2026-01-01T00:00:00Z")))
          .contains(at("2026-05-01T12:00:00Z"));
    }

    @Test
    void givenAPreviousRunBeforeALaterStart_whenNextEvent_thenRunsResumeFromTheStart() {
      Schedule schedule = daily.startingAt(at("2026-05-01T12:00:00Z")).build();

      assertThat(schedule.nextEvent(at("2026-01-01T02:00:00Z"), 1))
          .contains(at("2026-05-02T02:00:00Z"));
    }

    @Test
    void givenAnEndDate_whenTheNextRunWouldBeAfterIt_thenTheScheduleHasEnded() {
      Schedule schedule = daily.endingAt(at("2026-01-03T02:00:00Z")).build();

      assertThat(schedule.nextEvent(at("2026-01-02T02:00:00Z"), 1))
          .as("a run exactly at the end date is the last one")
          .contains(at("2026-01-03T02:00:00Z"));
      assertThat(schedule.nextEvent(at("2026-01-03T02:00:00Z"), 2)).isEmpty();
    }

    @Test
    void givenAnEndDateBeforeTheFirstRun_whenFirstEvent_thenEmpty() {
      Schedule schedule = daily.endingAt(at("2026-01-10T01:00:00Z")).build();

      assertThat(schedule.firstEvent(at("2026-01-10T00:30:00Z"))).isEmpty();
    }

    @Test
    void givenAnEndAfter3Runs_whenAskedAfterEachRun_thenNoFourthRun() {
      Schedule schedule = daily.endingAfterRuns(3).build();
      Instant first = schedule.firstEvent(at("2026-01-01T00:00:00Z")).orElseThrow();

      assertThat(first).isEqualTo(at("2026-01-01T02:00:00Z"));
      assertThat(schedule.nextEvent(first, 1)).contains(at("2026-01-02T02:00:00Z"));
      assertThat(schedule.nextEvent(at("2026-01-02T02:00:00Z"), 2))
          .contains(at("2026-01-03T02:00:00Z"));
      assertThat(schedule.nextEvent(at("2026-01-03T02:00:00Z"), 3)).isEmpty();
    }
  }

  @Nested
  class Once {
    @Test
    void givenRunOnceWithoutStart_whenFirstEvent_thenNow() {
      Schedule schedule = schedule().once().build();
      Instant now = at("2026-01-01T12:34:56Z");

      assertThat(schedule.firstEvent(now)).contains(now);
    }

    @Test
    void givenRunOnceWithAStart_whenFirstEvent_thenTheStartOrNowIfItHasPassed() {
      Schedule schedule = schedule().once().startingAt(at("2026-06-01T10:00:00Z")).build();

      assertThat(schedule.firstEvent(at("2026-01-01T00:00:00Z")))
          .contains(at("2026-06-01T10:00:00Z"));
      assertThat(schedule.firstEvent(at("2026-07-01T00:00:00Z")))
          .contains(at("2026-07-01T00:00:00Z"));
    }

    @Test
    void givenRunOnce_whenAskedForTheNextRun_thenItHasEnded() {
      Schedule schedule = schedule().once().build();
      Instant first = at("2026-01-01T00:00:00Z");

      assertThat(schedule.nextEvent(first, 1)).isEmpty();
      assertThat(schedule.nextEventAfter(first, 1, at("2026-02-01T00:00:00Z"))).isEmpty();
    }
  }

  @Nested
  class SkippingPastRuns {
    private final Schedule daily = schedule().every(1, FrequencyUnit.DAYS).at(2, 0).build();

    @Test
    void givenServerDownForDays_whenNextEventAfter_thenTheFirstRunNotInThePast() {
      Instant previous = at("2026-01-01T02:00:00Z");
      Instant now = at("2026-01-10T12:00:00Z");

      assertThat(daily.nextEvent(previous, 1)).contains(at("2026-01-02T02:00:00Z"));
      assertThat(daily.nextEventAfter(previous, 1, now)).contains(at("2026-01-11T02:00:00Z"));
    }

    @Test
    void givenARunDueExactlyNow_whenNextEventAfter_thenItIsKept() {
      assertThat(daily.nextEventAfter(at("2026-01-01T02:00:00Z"), 1, at("2026-01-10T02:00:00Z")))
          .contains(at("2026-01-10T02:00:00Z"));
    }

    @Test
    void givenTheNextRunInTheFuture_whenNextEventAfter_thenTheSameAsNextEvent() {
      Instant previous = at("2026-01-01T02:00:00Z");

      assertThat(daily.nextEventAfter(previous, 1, at("2026-01-01T03:00:00Z")))
          .isEqualTo(daily.nextEvent(previous, 1));
    }

    @Test
    void givenEvery2Days_whenSkipping_thenTheRunsKeepTheirRhythm() {
      Schedule schedule = schedule().every(2, FrequencyUnit.DAYS).at(2, 0).build();

      // 3 January has passed; 5 January is next
      assertThat(schedule.nextEventAfter(at("2026-01-01T02:00:00Z"), 1, at("2026-01-04T12:00:00Z")))
          .contains(at("2026-01-05T02:00:00Z"));
    }

    @Test
    void givenTheEndDatePassedWhileDown_whenNextEventAfter_thenTheScheduleHasEnded() {
      Schedule schedule =
          schedule()
              .every(1, FrequencyUnit.DAYS)
              .at(2, 0)
              .endingAt(at("2026-01-05T00:00:00Z"))
              .build();

      assertThat(schedule.nextEventAfter(at("2026-01-01T02:00:00Z"), 1, at("2026-01-10T12:00:00Z")))
          .isEmpty();
    }

    @Test
    void givenSkippedRuns_whenNextEventAfter_thenTheyDoNotCountAsRuns() {
      Schedule schedule =
          schedule().every(1, FrequencyUnit.DAYS).at(2, 0).endingAfterRuns(2).build();

      assertThat(schedule.nextEventAfter(at("2026-01-01T02:00:00Z"), 1, at("2026-01-10T12:00:00Z")))
          .contains(at("2026-01-11T02:00:00Z"));
      assertThat(schedule.nextEventAfter(at("2026-01-11T02:00:00Z"), 2, at("2026-01-20T12:00:00Z")))
          .isEmpty();
    }

    @Test
    void givenTenYearsDown_whenNextEventAfter_thenTheNextRunAfterNow() {
      Schedule hourly = schedule().every(1, FrequencyUnit.HOURS).atMinute(0).build();

      assertThat(hourly.nextEventAfter(at("2016-01-01T00:00:00Z"), 1, at("2026-01-01T00:30:00Z")))
          .contains(at("2026-01-01T01:00:00Z"));
    }
  }
}
