package org.netarchive.ee.scheduler.application.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.InvalidScheduleException;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleField;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;

class ScheduleDefinitionTest {

  private static final Instant NEW_YEAR = Instant.parse("2026-01-01T00:00:00Z");

  private static ScheduleDefinition daily(Integer hour, Integer minute) {
    return new ScheduleDefinition(
        "Nightly",
        null,
        ScheduleKind.REPEATING,
        FrequencyUnit.DAYS,
        1,
        minute,
        hour,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  private static ScheduleDefinition once() {
    return new ScheduleDefinition(
        "Now",
        null,
        ScheduleKind.ONCE,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        NEW_YEAR,
        null,
        null,
        null);
  }

  private static InvalidScheduleException refused(ScheduleDefinition definition) {
    return catchThrowableOfType(
        InvalidScheduleException.class, () -> definition.toBuilder().build());
  }

  @Test
  void givenADailyDefinition_whenBuilt_thenAnchoredInUtcByDefault() {
    Schedule schedule = daily(2, 30).toBuilder().build();

    assertThat(schedule.describe()).isEqualTo("every day at 02:30 (UTC)");
    assertThat(schedule.timeZone()).isEqualTo(ZoneId.of("UTC"));
  }

  @Test
  void givenNoKindAndNoEvery_whenBuiltWithAUnit_thenRepeatingEveryOneUnit() {
    ScheduleDefinition definition =
        new ScheduleDefinition(
            "Weekly news",
            "news sites",
            null,
            FrequencyUnit.WEEKS,
            null,
            0,
            3,
            DayOfWeek.SUNDAY,
            null,
            false,
            null,
            null,
            4,
            "Europe/Copenhagen");

    Schedule schedule = definition.toBuilder().build();

    assertThat(schedule.kind()).isEqualTo(ScheduleKind.REPEATING);
    assertThat(schedule.describe())
        .isEqualTo("every week on Sunday at 03:00 (Europe/Copenhagen), 4 runs");
  }

  @Test
  void givenAMinuteOutOfRange_whenBuilt_thenTheMinuteIsNamed() {
    InvalidScheduleException e = refused(daily(2, 75));

    assertThat(e.field()).isEqualTo(ScheduleField.MINUTE);
    assertThat(e).hasMessage("Schedule 'Nightly': minute of hour must be 0-59, not 75");
  }

  @Test
  void givenOnceWithAFrequency_whenBuilt_thenTheFrequencyPartIsNamedNotDropped() {
    ScheduleDefinition withUnit =
        new ScheduleDefinition(
            "Now",
            null,
            ScheduleKind.ONCE,
            FrequencyUnit.DAYS,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    ScheduleDefinition withMinute =
        new ScheduleDefinition(
            "Now",
            null,
            ScheduleKind.ONCE,
            null,
            null,
            5,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);

    assertThat(refused(withUnit).field()).isEqualTo(ScheduleField.UNIT);
    assertThat(refused(withUnit))
        .hasMessage("Schedule 'Now': a schedule that runs once has no frequency; remove unit DAYS");
    assertThat(refused(withMinute).field()).isEqualTo(ScheduleField.MINUTE);
  }

  @Test
  void givenAnyTimeWithAnchors_whenBuilt_thenAnyTimeIsNamed() {
    ScheduleDefinition contradiction =
        new ScheduleDefinition(
            "Nightly",
            null,
            ScheduleKind.REPEATING,
            FrequencyUnit.DAYS,
            1,
            30,
            2,
            null,
            null,
            true,
            null,
            null,
            null,
            null);

    InvalidScheduleException e = refused(contradiction);

    assertThat(e.field()).isEqualTo(ScheduleField.ANY_TIME);
    assertThat(e)
        .hasMessage(
            "Schedule 'Nightly': runs at any time have no fixed minute, hour, weekday or day of"
                + " month; remove hour 2, minute 30 or set anyTime to false");
  }

  @Test
  void givenNotAnyTimeWithoutAnchors_whenBuilt_thenTheAnchorsNeededAreSaid() {
    ScheduleDefinition missing =
        new ScheduleDefinition(
            "Monthly",
            null,
            ScheduleKind.REPEATING,
            FrequencyUnit.MONTHS,
            1,
            null,
            null,
            null,
            null,
            false,
            null,
            null,
            null,
            null);

    InvalidScheduleException e = refused(missing);

    assertThat(e.field()).isEqualTo(ScheduleField.ANY_TIME);
    assertThat(e).hasMessageContaining("need the dayOfMonth, the hour and the minute");
  }

  @Test
  void givenBothEnds_whenBuilt_thenRefusedInsteadOfKeepingOne() {
    ScheduleDefinition both =
        new ScheduleDefinition(
            "Nightly",
            null,
            ScheduleKind.REPEATING,
            FrequencyUnit.DAYS,
            1,
            null,
            null,
            null,
            null,
            null,
            null,
            NEW_YEAR,
            3,
            null);

    InvalidScheduleException e = refused(both);

    assertThat(e.field()).isEqualTo(ScheduleField.MAX_RUNS);
    assertThat(e).hasMessageContaining("give an end date or a number of runs, not both");
  }

  @Test
  void givenOnceWithAStart_whenBuilt_thenItRunsOnceFromTheStart() {
    Schedule schedule = once().toBuilder().build();

    assertThat(schedule.runsOnce()).isTrue();
    assertThat(schedule.describe()).isEqualTo("once, from 2026-01-01T00:00Z");
  }

  @Test
  void givenNeitherKindNorUnit_whenBuilt_thenTheKindIsNamed() {
    ScheduleDefinition nothing =
        new ScheduleDefinition(
            "Nightly", null, null, null, null, null, null, null, null, null, null, null, null,
            null);

    assertThat(refused(nothing).field()).isEqualTo(ScheduleField.KIND);
  }
}
