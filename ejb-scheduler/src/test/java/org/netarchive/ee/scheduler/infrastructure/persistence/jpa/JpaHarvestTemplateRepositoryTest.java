package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class JpaHarvestTemplateRepositoryTest {

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
