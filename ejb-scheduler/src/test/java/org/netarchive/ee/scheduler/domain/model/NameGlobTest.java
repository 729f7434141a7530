package org.netarchive.ee.scheduler.domain.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NameGlobTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "NULL",
      value = {
        "NULL             | %",
        "'  '             | %",
        "*                | %",
        "default*         | default%",
        "Default?orderxml | default_orderxml",
        "*snapshot*       | %snapshot%",
        "' Daily '        | daily",
        "100%_done!       | 100!%!_done!!",
        "KØBENHAVN*       | københavn%",
      })
  void givenANameGlob_whenTurnedIntoALikePattern_thenWildcardsMapAndLiteralsAreEscaped(
      String glob, String pattern) {
    assertThat(NameGlob.toLikePattern(glob)).isEqualTo(pattern);
  }
}
