package org.netarchive.ee.web.interfaces.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.InvalidFieldException;

class FieldProblemTest {

  @Test
  void givenAnIllegalArgument_whenChecked_thenAProblemOfTheGivenField() {
    FieldProblem problem =
        catchThrowableOfType(
            FieldProblem.class,
            () ->
                FieldProblem.check(
                    "name",
                    () -> {
                      throw new IllegalArgumentException("Domain 'x' is not valid");
                    }));

    assertThat(problem.field()).isEqualTo("name");
    assertThat(problem).hasMessage("Domain 'x' is not valid");
  }

  @Test
  void givenAServiceThatNamedTheField_whenChecked_thenItsFieldIsKept() {
    FieldProblem problem =
        catchThrowableOfType(
            FieldProblem.class,
            () ->
                FieldProblem.check(
                    "schedule",
                    () -> {
                      throw new InvalidFieldException("minute", "minute of hour must be 0-59");
                    }));

    assertThat(problem.field()).isEqualTo("minute");
  }

  @Test
  void givenAMissingValue_whenRequired_thenTheFieldIsNamed() {
    FieldProblem problem =
        catchThrowableOfType(FieldProblem.class, () -> FieldProblem.required("version", null));

    assertThat(problem.field()).isEqualTo("version");
    assertThat(problem).hasMessage("'version' is required");
  }
}
