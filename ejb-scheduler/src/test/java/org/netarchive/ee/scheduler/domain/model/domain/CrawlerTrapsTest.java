package org.netarchive.ee.scheduler.domain.model.domain;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CrawlerTrapsTest {

  @ParameterizedTest
  @ValueSource(strings = {"(a+)+", "^(a|a)*$"})
  void givenCatastrophicTrap_whenValidated_thenRefusedNamingTheExpression(String expression) {
    assertThatThrownBy(() -> CrawlerTraps.validate("domain 'kb.dk'", List.of(expression)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + expression + "'")
        .hasMessageContaining("exponential time");
  }
}
