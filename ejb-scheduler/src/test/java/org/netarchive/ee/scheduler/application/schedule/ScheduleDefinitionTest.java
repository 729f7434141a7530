package org.netarchive.ee.scheduler.application.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.netarchive.ee.scheduler.application.schedule.Definitions.named;

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
    return named("Nightly").repeating(FrequencyUnit.DAYS, 1).at(hour, minute).definition();
  }

  private static ScheduleDefinition once() {
    return named("Now").once(NEW_YEAR).definition();
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
        named("Weekly news")
            .comments("news sites")
            .unit(FrequencyUnit.WEEKS)
            .at(3, 0)
            .weekday(DayOfWeek.SUNDAY)
            .anyTime(false)
            .maxRuns(4)
            .timeZone("Europe/Copenhagen")
            .definition();

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
        named("Now").kind(ScheduleKind.ONCE).unit(FrequencyUnit.DAYS).definition();
    ScheduleDefinition withMinute = named("Now").kind(ScheduleKind.ONCE).minute(5).definition();

    assertThat(refused(withUnit).field()).isEqualTo(ScheduleField.UNIT);
    assertThat(refused(withUnit))
        .hasMessage("Schedule 'Now': a schedule that runs once has no frequency; remove unit DAYS");
    assertThat(refused(withMinute).field()).isEqualTo(ScheduleField.MINUTE);
  }

  @Test
  void givenAnyTimeWithAnchors_whenBuilt_thenAnyTimeIsNamed() {
    ScheduleDefinition contradiction =
        named("Nightly").repeating(FrequencyUnit.DAYS, 1).at(2, 30).anyTime(true).definition();

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
        named("Monthly").repeating(FrequencyUnit.MONTHS, 1).anyTime(false).definition();

    InvalidScheduleException e = refused(missing);

    assertThat(e.field()).isEqualTo(ScheduleField.ANY_TIME);
    assertThat(e).hasMessageContaining("need the dayOfMonth, the hour and the minute");
  }

  @Test
  void givenBothEnds_whenBuilt_thenRefusedInsteadOfKeepingOne() {
    ScheduleDefinition both =
        named("Nightly").repeating(FrequencyUnit.DAYS, 1).end(NEW_YEAR).maxRuns(3).definition();

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
    ScheduleDefinition nothing = named("Nightly").definition();

    assertThat(refused(nothing).field()).isEqualTo(ScheduleField.KIND);
  }
}
