package org.netarchive.ee.web.interfaces.definitions.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.DayOfWeek;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.schedule.ScheduleDefinition;
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
}
