package org.netarchive.ee.scheduler.domain.model.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScheduleValidationTest {

  private static final Instant NEW_YEAR = Instant.parse("2026-01-01T00:00:00Z");

  private static Schedule.Builder nightly() {
    return Schedule.builder("nightly");
  }

  private static Arguments refused(String message, Supplier<Schedule.Builder> definition) {
    return Arguments.of(message, definition);
  }

  static Stream<Arguments> invalidDefinitions() {
    return Stream.of(
        refused(
            "Schedule 'nightly': start +999999999-01-01T00:00:00Z must be in the years 1970 to"
                + " 9999",
            () ->
                nightly()
                    .every(1, FrequencyUnit.DAYS)
                    .startingAt(Instant.parse("+999999999-01-01T00:00:00Z"))),
        refused(
            "Schedule 'nightly': end 1969-12-31T00:00:00Z must be in the years 1970 to 9999",
            () ->
                nightly()
                    .every(1, FrequencyUnit.DAYS)
                    .endingAt(Instant.parse("1969-12-31T00:00:00Z"))),
        refused(
            "Schedule name is missing; give 1-128 characters", () -> Schedule.builder(null).once()),
        refused(
            "Schedule name '   ' is blank; give 1-128 characters",
            () -> Schedule.builder("   ").once()),
        refused(
            "Schedule name '"
                + "n".repeat(40)
                + "…' is 129 characters long; at most 128 are allowed",
            () -> Schedule.builder("n".repeat(129)).once()),
        refused(
            "Schedule 'nightly': comments are 4001 characters long; at most 4000 are allowed",
            () -> nightly().once().comments("c".repeat(4001))),
        refused(
            "Schedule 'nightly': say how it runs: every N HOURS, DAYS, WEEKS or MONTHS, or once",
            ScheduleValidationTest::nightly),
        refused(
            "Schedule 'nightly': frequency unit is missing; choose one of HOURS, DAYS, WEEKS,"
                + " MONTHS",
            () -> nightly().every(1, null)),
        refused(
            "Schedule 'nightly': number of days between runs must be 1-1000, not 0",
            () -> nightly().every(0, FrequencyUnit.DAYS)),
        refused(
            "Schedule 'nightly': number of hours between runs must be 1-1000, not 1001",
            () -> nightly().every(1001, FrequencyUnit.HOURS)),
        refused(
            "Schedule 'nightly': minute of hour must be 0-59, not 75",
            () -> nightly().every(1, FrequencyUnit.DAYS).at(2, 75)),
        refused(
            "Schedule 'nightly': minute of hour must be 0-59, not -1",
            () -> nightly().every(1, FrequencyUnit.HOURS).atMinute(-1)),
        refused(
            "Schedule 'nightly': hour of day must be 0-23, not 24",
            () -> nightly().every(1, FrequencyUnit.DAYS).at(24, 0)),
        refused(
            "Schedule 'nightly': day of month must be 1-31, not 0",
            () -> nightly().every(1, FrequencyUnit.MONTHS).onDayOfMonth(0).at(2, 0)),
        refused(
            "Schedule 'nightly': day of month must be 1-31, not 32",
            () -> nightly().every(1, FrequencyUnit.MONTHS).onDayOfMonth(32).at(2, 0)),
        refused(
            "Schedule 'nightly': hour of day does not apply to a frequency in HOURS (it applies to"
                + " DAYS, WEEKS and MONTHS); remove hour of day 3",
            () -> nightly().every(1, FrequencyUnit.HOURS).at(3, 0)),
        refused(
            "Schedule 'nightly': weekday does not apply to a frequency in DAYS (it applies to"
                + " WEEKS); remove weekday MONDAY",
            () -> nightly().every(1, FrequencyUnit.DAYS).onWeekday(DayOfWeek.MONDAY).at(2, 0)),
        refused(
            "Schedule 'nightly': weekday does not apply to a frequency in MONTHS (it applies to"
                + " WEEKS); remove weekday FRIDAY",
            () ->
                nightly()
                    .every(1, FrequencyUnit.MONTHS)
                    .onDayOfMonth(1)
                    .onWeekday(DayOfWeek.FRIDAY)
                    .at(2, 0)),
        refused(
            "Schedule 'nightly': day of month does not apply to a frequency in WEEKS (it applies"
                + " to MONTHS); remove day of month 5",
            () ->
                nightly()
                    .every(1, FrequencyUnit.WEEKS)
                    .onWeekday(DayOfWeek.MONDAY)
                    .onDayOfMonth(5)
                    .at(2, 0)),
        refused(
            "Schedule 'nightly': a frequency in DAYS at a fixed time needs hour of day, minute of"
                + " hour (or none of them, for any time); missing: hour of day",
            () -> nightly().every(1, FrequencyUnit.DAYS).atMinute(5)),
        refused(
            "Schedule 'nightly': a frequency in WEEKS at a fixed time needs weekday, hour of day,"
                + " minute of hour (or none of them, for any time); missing: weekday",
            () -> nightly().every(1, FrequencyUnit.WEEKS).at(2, 0)),
        refused(
            "Schedule 'nightly': a frequency in MONTHS at a fixed time needs day of month, hour of"
                + " day, minute of hour (or none of them, for any time); missing: hour of day,"
                + " minute of hour",
            () -> nightly().every(1, FrequencyUnit.MONTHS).onDayOfMonth(15)),
        refused(
            "Schedule 'nightly': a schedule that runs once has no frequency and no end (it ends"
                + " after its one run); remove minute of hour 5",
            () -> nightly().once().atMinute(5)),
        refused(
            "Schedule 'nightly': a schedule that runs once has no frequency and no end (it ends"
                + " after its one run); remove end 2026-01-01T00:00:00Z",
            () -> nightly().once().endingAt(NEW_YEAR)),
        refused(
            "Schedule 'nightly': a schedule that runs once has no frequency and no end (it ends"
                + " after its one run); remove maximum of 3 runs",
            () -> nightly().once().endingAfterRuns(3)),
        refused(
            "Schedule 'nightly': number of runs must be at least 1, not 0",
            () -> nightly().every(1, FrequencyUnit.DAYS).endingAfterRuns(0)),
        refused(
            "Schedule 'nightly': end 2026-01-01T00:00:00Z must be after the start"
                + " 2026-01-01T00:00:00Z",
            () -> nightly().every(1, FrequencyUnit.DAYS).startingAt(NEW_YEAR).endingAt(NEW_YEAR)),
        refused(
            "Schedule 'nightly': end 2025-12-31T00:00:00Z must be after the start"
                + " 2026-01-01T00:00:00Z",
            () ->
                nightly()
                    .every(1, FrequencyUnit.DAYS)
                    .startingAt(NEW_YEAR)
                    .endingAt(Instant.parse("2025-12-31T00:00:00Z"))),
        refused(
            "Schedule 'nightly': time zone must be a region such as Europe/Copenhagen or an"
                + " offset such as +01:00, not 'Mars/Olympus_Mons'",
            () -> nightly().once().timeZone("Mars/Olympus_Mons")),
        refused(
            "Schedule 'nightly': time zone is missing; use e.g. UTC or Europe/Copenhagen",
            () -> nightly().once().timeZone((ZoneId) null)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidDefinitions")
  void givenAnInvalidDefinition_whenBuilding_thenTheMessageNamesScheduleFieldAndValue(
      String message, Supplier<Schedule.Builder> definition) {
    Schedule.Builder builder = definition.get();

    assertThatIllegalArgumentException().isThrownBy(builder::build).withMessage(message);
  }

  @Test
  void givenANameWithSurroundingSpace_whenBuilding_thenItIsStripped() {
    Schedule schedule = Schedule.builder("  Nightly harvest \t").once().build();

    assertThat(schedule.name()).isEqualTo("Nightly harvest");
  }

  @Test
  void givenANameOf128Characters_whenBuilding_thenAccepted() {
    assertThat(Schedule.builder("n".repeat(128)).once().build().name()).hasSize(128);
  }

  @Test
  void givenBlankComments_whenBuilding_thenThereAreNone() {
    assertThat(nightly().once().comments("  ").build().comments()).isEmpty();
    assertThat(nightly().once().comments("for the news sites").build().comments())
        .contains("for the news sites");
  }

  @Test
  void givenNoTimeZone_whenBuilding_thenUtc() {
    assertThat(nightly().once().build().timeZone()).isEqualTo(ZoneId.of("UTC"));
  }

  @Test
  void givenAnOffsetTimeZone_whenBuilding_thenAccepted() {
    assertThat(nightly().once().timeZone("+01:00").build().timeZone())
        .isEqualTo(ZoneId.of("+01:00"));
  }

  @Test
  void givenOneEnd_whenSettingTheOther_thenItReplacesTheFirst() {
    Schedule byRuns =
        nightly().every(1, FrequencyUnit.DAYS).endingAt(NEW_YEAR).endingAfterRuns(5).build();
    Schedule byDate =
        nightly().every(1, FrequencyUnit.DAYS).endingAfterRuns(5).endingAt(NEW_YEAR).build();

    assertThat(byRuns.end()).isEmpty();
    assertThat(byRuns.maxRuns()).hasValue(5);
    assertThat(byDate.end()).contains(NEW_YEAR);
    assertThat(byDate.maxRuns()).isEmpty();
  }

  @Test
  void givenARepeatingDefinition_whenSwitchedToOnce_thenTheFrequencyIsDropped() {
    Schedule schedule = nightly().every(1, FrequencyUnit.DAYS).at(2, 0).once().build();

    assertThat(schedule.runsOnce()).isTrue();
    assertThat(schedule.frequency()).isEmpty();
  }

  @Test
  void givenNegativeRunsSoFar_whenNextEvent_thenRefused() {
    Schedule schedule = nightly().every(1, FrequencyUnit.DAYS).build();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> schedule.nextEvent(NEW_YEAR, -1))
        .withMessage("Schedule 'nightly': runs so far must be 0 or more, not -1");
  }

  @Test
  void givenAFrequencyOnItsOwn_whenInvalid_thenTheMessageNamesFieldAndValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Frequency.days(1, 2, 75))
        .withMessage("minute of hour must be 0-59, not 75");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Frequency.anyTime(0, FrequencyUnit.WEEKS))
        .withMessage("number of weeks between runs must be 1-1000, not 0");
  }

  @Test
  void givenFrequencies_whenMadeByTheShortcutsOrByParts_thenEqual() {
    assertThat(Frequency.weeks(2, DayOfWeek.MONDAY, 2, 0))
        .isEqualTo(Frequency.of(FrequencyUnit.WEEKS, 2, 0, 2, DayOfWeek.MONDAY, null))
        .hasSameHashCodeAs(Frequency.of(FrequencyUnit.WEEKS, 2, 0, 2, DayOfWeek.MONDAY, null))
        .isNotEqualTo(Frequency.weeks(2, DayOfWeek.TUESDAY, 2, 0));
    assertThat(Frequency.months(1, 31, 2, 0).dayOfMonth()).hasValue(31);
    assertThat(Frequency.hours(1, 15).isAnyTime()).isFalse();
    assertThat(Frequency.anyTime(1, FrequencyUnit.HOURS).isAnyTime()).isTrue();
  }

  @Test
  void givenASchedule_whenRebuiltFromItsBuilder_thenTheSameDefinition() {
    Schedule original =
        nightly()
            .comments("news")
            .repeating(Frequency.months(3, 31, 23, 30))
            .startingAt(NEW_YEAR)
            .endingAfterRuns(4)
            .timeZone("Europe/Copenhagen")
            .build();

    Schedule copy = original.toBuilder().build();

    assertThat(copy.name()).isEqualTo("nightly");
    assertThat(copy.comments()).contains("news");
    assertThat(copy.frequency()).isEqualTo(original.frequency());
    assertThat(copy.start()).contains(NEW_YEAR);
    assertThat(copy.maxRuns()).hasValue(4);
    assertThat(copy.timeZone()).isEqualTo(ZoneId.of("Europe/Copenhagen"));
    assertThat(copy.describe()).isEqualTo(original.describe());
  }

  @Test
  void givenASchedule_whenRedefinedValidly_thenEverythingChanges() {
    Schedule schedule = nightly().every(1, FrequencyUnit.DAYS).at(2, 0).build();

    schedule.redefine(schedule.toBuilder().name("weekly news").once().startingAt(NEW_YEAR));

    assertThat(schedule.name()).isEqualTo("weekly news");
    assertThat(schedule.runsOnce()).isTrue();
    assertThat(schedule.start()).contains(NEW_YEAR);
  }

  @Test
  void givenASchedule_whenRedefinedInvalidly_thenNothingChanges() {
    Schedule schedule = nightly().every(1, FrequencyUnit.DAYS).at(2, 0).build();
    String before = schedule.describe();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> schedule.redefine(schedule.toBuilder().name("other").at(2, 75)))
        .withMessage("Schedule 'other': minute of hour must be 0-59, not 75");
    assertThat(schedule.name()).isEqualTo("nightly");
    assertThat(schedule.describe()).isEqualTo(before);
  }

  @Test
  void givenASchedule_whenRenamedOrCommented_thenValidatedLikeABuild() {
    Schedule schedule = nightly().once().build();

    schedule.rename("  Nightly ");
    schedule.changeComments("runs at night");

    assertThat(schedule.name()).isEqualTo("Nightly");
    assertThat(schedule.comments()).contains("runs at night");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> schedule.rename(""))
        .withMessage("Schedule name '' is blank; give 1-128 characters");
  }
}
