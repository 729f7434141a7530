package org.netarchive.ee.scheduler.domain.model.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ScheduleDescriptionTest {

  private static Schedule.Builder schedule() {
    return Schedule.builder("test");
  }

  @Test
  void givenEvery2DaysWithStartAndRuns_whenDescribed_thenOneSentence() {
    Schedule schedule =
        schedule()
            .every(2, FrequencyUnit.DAYS)
            .at(3, 15)
            .startingAt(Instant.parse("2026-01-01T00:00:00Z"))
            .endingAfterRuns(10)
            .build();

    assertThat(schedule.describe())
        .isEqualTo("every 2 days at 03:15 (UTC), from 2026-01-01T00:00Z, 10 runs");
  }

  @Test
  void givenAnyTime_whenDescribed_thenNoTimeAndNoZone() {
    assertThat(schedule().every(1, FrequencyUnit.HOURS).build().describe())
        .isEqualTo("every hour, any time");
    assertThat(schedule().every(3, FrequencyUnit.MONTHS).endingAfterRuns(1).build().describe())
        .isEqualTo("every 3 months, any time, 1 run");
  }

  @Test
  void givenHoursAtAMinute_whenDescribed_thenTheMinute() {
    assertThat(schedule().every(6, FrequencyUnit.HOURS).atMinute(15).build().describe())
        .isEqualTo("every 6 hours at minute 15 (UTC)");
  }

  @Test
  void givenWeeksInCopenhagenWithEndDate_whenDescribed_thenWeekdayAndLocalTimes() {
    Schedule schedule =
        schedule()
            .every(2, FrequencyUnit.WEEKS)
            .onWeekday(DayOfWeek.FRIDAY)
            .at(18, 30)
            .endingAt(Instant.parse("2026-12-31T22:59:00Z"))
            .timeZone("Europe/Copenhagen")
            .build();

    assertThat(schedule.describe())
        .isEqualTo(
            "every 2 weeks on Friday at 18:30 (Europe/Copenhagen), until 2026-12-31T23:59+01:00");
  }

  @Test
  void givenALateDayOfMonth_whenDescribed_thenSaysWhatShortMonthsDo() {
    assertThat(schedule().repeating(Frequency.months(1, 31, 2, 0)).build().describe())
        .isEqualTo("every month on day 31 (or the last day of a shorter month) at 02:00 (UTC)");
    assertThat(schedule().repeating(Frequency.months(1, 28, 2, 0)).build().describe())
        .isEqualTo("every month on day 28 at 02:00 (UTC)");
  }

  @Test
  void givenRunOnce_whenDescribed_thenOnceAndTheStartInTheZone() {
    assertThat(schedule().once().build().describe()).isEqualTo("once");
    assertThat(
            schedule()
                .once()
                .startingAt(Instant.parse("2026-06-01T10:00:00Z"))
                .timeZone("Europe/Copenhagen")
                .build()
                .describe())
        .isEqualTo("once, from 2026-06-01T12:00+02:00");
  }

  @Test
  void givenTheInstalledDefaults_whenDescribed_thenAsTheMigrationDefinesThem() {
    assertThat(Schedule.builder("Hourly").every(1, FrequencyUnit.HOURS).build().describe())
        .isEqualTo("every hour, any time");
    assertThat(Schedule.builder("Daily").repeating(Frequency.days(1, 2, 0)).build().describe())
        .isEqualTo("every day at 02:00 (UTC)");
    assertThat(
            Schedule.builder("Weekly")
                .repeating(Frequency.weeks(1, DayOfWeek.MONDAY, 2, 0))
                .build()
                .describe())
        .isEqualTo("every week on Monday at 02:00 (UTC)");
    assertThat(
            Schedule.builder("Monthly").repeating(Frequency.months(1, 1, 2, 0)).build().describe())
        .isEqualTo("every month on day 1 at 02:00 (UTC)");
  }

  @Test
  void givenASchedule_whenPrinted_thenNameAndDescription() {
    assertThat(Schedule.builder("Daily").repeating(Frequency.days(1, 2, 0)).build())
        .hasToString("Schedule 'Daily' (every day at 02:00 (UTC))");
  }
}
