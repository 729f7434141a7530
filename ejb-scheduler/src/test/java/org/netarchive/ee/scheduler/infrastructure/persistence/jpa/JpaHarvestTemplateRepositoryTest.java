package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JpaHarvestTemplateRepositoryTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "NULL",
      value = {
        "NULL           | %",
        "'  '           | %",
        "*              | %",
        "default*       | default%",
        "Default?orderxml | default_orderxml",
        "*snapshot*     | %snapshot%",
        "100%_done!     | 100!%!_done!!",
      })
  void givenANameGlob_whenTurnedIntoALikePattern_thenWildcardsMapAndLiteralsAreEscaped(
      String glob, String pattern) {
    assertThat(JpaHarvestTemplateRepository.likePattern(glob)).isEqualTo(pattern);
  }

  @Test
  void givenAPageOutOfRange_whenListing_thenErrorNamesTheValues() {
    JpaHarvestTemplateRepository repository = new JpaHarvestTemplateRepository();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> repository.list("*", -1, 10))
        .withMessageContaining("from -1, 10 at a time");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> repository.list("*", 0, 1001))
        .withMessageContaining("1 to 1000 at a time");
  }
}
