package org.netarchive.ee.scheduler.domain.model.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.DayOfWeek;
import java.time.Instant;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A refused definition names the part of it to correct, as forms and requests call it. */
class ScheduleFieldTest {

  private static final Instant NEW_YEAR = Instant.parse("2026-01-01T00:00:00Z");

  private static Schedule.Builder nightly() {
    return Schedule.builder("nightly");
  }

  private static Arguments refused(ScheduleField field, Supplier<Schedule.Builder> definition) {
    return Arguments.of(field, definition);
  }

  static Stream<Arguments> invalidDefinitions() {
    return Stream.of(
        refused(ScheduleField.NAME, () -> Schedule.builder(null).once()),
        refused(ScheduleField.NAME, () -> Schedule.builder(" ").once()),
        refused(ScheduleField.COMMENTS, () -> nightly().once().comments("c".repeat(4001))),
        refused(ScheduleField.KIND, ScheduleFieldTest::nightly),
        refused(ScheduleField.UNIT, () -> nightly().every(1, null)),
        refused(ScheduleField.EVERY, () -> nightly().every(0, FrequencyUnit.DAYS)),
        refused(ScheduleField.MINUTE, () -> nightly().every(1, FrequencyUnit.DAYS).at(2, 75)),
        refused(ScheduleField.HOUR, () -> nightly().every(1, FrequencyUnit.DAYS).at(24, 0)),
        refused(
            ScheduleField.DAY_OF_MONTH,
            () -> nightly().every(1, FrequencyUnit.MONTHS).onDayOfMonth(32).at(2, 0)),
        refused(ScheduleField.HOUR, () -> nightly().every(1, FrequencyUnit.HOURS).at(3, 0)),
        refused(
            ScheduleField.WEEKDAY,
            () -> nightly().every(1, FrequencyUnit.DAYS).onWeekday(DayOfWeek.MONDAY).at(2, 0)),
        refused(ScheduleField.HOUR, () -> nightly().every(1, FrequencyUnit.DAYS).atMinute(5)),
        refused(ScheduleField.WEEKDAY, () -> nightly().every(1, FrequencyUnit.WEEKS).at(2, 0)),
        refused(ScheduleField.MINUTE, () -> nightly().once().atMinute(5)),
        refused(ScheduleField.END, () -> nightly().once().endingAt(NEW_YEAR)),
        refused(ScheduleField.MAX_RUNS, () -> nightly().once().endingAfterRuns(3)),
        refused(
            ScheduleField.MAX_RUNS,
            () -> nightly().every(1, FrequencyUnit.DAYS).endingAfterRuns(0)),
        refused(
            ScheduleField.END,
            () -> nightly().every(1, FrequencyUnit.DAYS).startingAt(NEW_YEAR).endingAt(NEW_YEAR)),
        refused(ScheduleField.TIME_ZONE, () -> nightly().once().timeZone("Mars/Olympus_Mons")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidDefinitions")
  void givenAnInvalidDefinition_whenBuilding_thenTheExceptionNamesTheField(
      ScheduleField field, Supplier<Schedule.Builder> definition) {
    InvalidScheduleException refused =
        catchThrowableOfType(InvalidScheduleException.class, () -> definition.get().build());

    assertThat(refused).isNotNull();
    assertThat(refused.field()).isEqualTo(field);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidDefinitions")
  void givenAnInvalidDefinition_whenRedefining_thenTheSameField(
      ScheduleField field, Supplier<Schedule.Builder> definition) {
    Schedule schedule = Schedule.builder("kept").once().build();

    InvalidScheduleException refused =
        catchThrowableOfType(
            InvalidScheduleException.class, () -> schedule.redefine(definition.get()));

    assertThat(refused.field()).isEqualTo(field);
    assertThat(schedule.name()).isEqualTo("kept");
  }
}
