package org.netarchive.ee.web.interfaces.definitions.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.DayOfWeek;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.schedule.ScheduleDefinition;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

class ScheduleRequestTest {

  private static ScheduleRequest request(
      String kind, String unit, String weekday, String start, String end) {
    return new ScheduleRequest(
        "Weekly news",
        null,
        kind,
        unit,
        2,
        0,
        3,
        weekday,
        null,
        null,
        start,
        end,
        null,
        null,
        null);
  }

  @Test
  void givenNamesOfConstantsInAnyCase_whenRead_thenTheConstants() {
    ScheduleDefinition definition =
        request("repeating", "Weeks", " sunday ", null, null).definition();

    assertThat(definition.kind()).isEqualTo(ScheduleKind.REPEATING);
    assertThat(definition.unit()).isEqualTo(FrequencyUnit.WEEKS);
    assertThat(definition.weekday()).isEqualTo(DayOfWeek.SUNDAY);
    assertThat(definition.every()).isEqualTo(2);
  }

  @Test
  void givenTimesWithOffsets_whenRead_thenInstants() {
    ScheduleDefinition definition =
        request("REPEATING", "WEEKS", "SUNDAY", "2026-03-01T03:00:00+01:00", "2027-01-01T00:00:00Z")
            .definition();

    assertThat(definition.start()).isEqualTo(Instant.parse("2026-03-01T02:00:00Z"));
    assertThat(definition.end()).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
  }

  @Test
  void givenAnUnknownUnit_whenRead_thenTheFieldAndTheChoicesAreNamed() {
    FieldProblem problem =
        catchThrowableOfType(
            FieldProblem.class, () -> request("REPEATING", "YEARS", null, null, null).definition());

    assertThat(problem.field()).isEqualTo("unit");
    assertThat(problem).hasMessage("unit must be one of HOURS, DAYS, WEEKS, MONTHS, not 'YEARS'");
  }

  @Test
  void givenATimeWithoutOffset_whenRead_thenTheFieldIsNamed() {
    FieldProblem problem =
        catchThrowableOfType(
            FieldProblem.class,
            () -> request("ONCE", null, null, "2026-03-01T03:00", null).definition());

    assertThat(problem.field()).isEqualTo("start");
    assertThat(problem).hasMessageContaining("with an offset", "'2026-03-01T03:00'");
  }

  /** A weekly schedule as defined, with the comments given: the same but for them. */
  private static ScheduleDefinition weekly(String comments) {
    return new ScheduleDefinition(
        "Weekly news",
        comments,
        ScheduleKind.REPEATING,
        FrequencyUnit.WEEKS,
        1,
        0,
        3,
        DayOfWeek.SUNDAY,
        null,
        false,
        Instant.parse("2026-01-01T00:00:00Z"),
        null,
        4,
        "Europe/Copenhagen");
  }

  private static final ScheduleView WEEKLY = view(weekly("Sundays"));

  /** The view of a stored schedule as defined: version 7, no events ahead. */
  private static ScheduleView view(ScheduleDefinition d) {
    return new ScheduleView(
        d.name(),
        d.comments(),
        d.kind(),
        d.unit(),
        d.every(),
        d.minute(),
        d.hour(),
        d.weekday(),
        d.dayOfMonth(),
        d.anyTime(),
        d.start(),
        d.end(),
        d.maxRuns(),
        d.timeZone(),
        "every week",
        List.of(),
        7);
  }

  private static ScheduleRequest change(
      String comments, String unit, Integer every, String end, Integer maxRuns) {
    return new ScheduleRequest(
        null, comments, null, unit, every, null, null, null, null, null, null, end, maxRuns, null,
        7);
  }

  @Test
  void givenAChangeOfTheCommentsOnly_whenApplied_thenEveryOtherFieldIsKept() {
    ScheduleDefinition changed =
        change("Sundays at three", null, null, null, null).changing(WEEKLY);

    assertThat(changed).isEqualTo(weekly("Sundays at three"));
  }

  @Test
  void givenAPartOfTheTimingOrTheEnding_whenApplied_thenThatSettingIsReplacedAsAWhole() {
    ScheduleDefinition timing = change(null, "DAYS", 2, null, null).changing(WEEKLY);
    ScheduleDefinition ending = change(null, null, null, "", null).changing(WEEKLY);

    assertThat(timing.unit()).isEqualTo(FrequencyUnit.DAYS);
    assertThat(timing.every()).isEqualTo(2);
    assertThat(timing.weekday()).isNull();
    assertThat(timing.hour()).isNull();
    assertThat(timing.maxRuns()).isEqualTo(4);
    assertThat(ending.maxRuns()).isNull();
    assertThat(ending.end()).isNull();
    assertThat(ending.weekday()).isEqualTo(DayOfWeek.SUNDAY);
    assertThat(ending.comments()).isEqualTo("Sundays");
  }
}
