package org.netarchive.ee.scheduler.domain.model.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CrawlerTrapsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "(a+)+; (a+)+",
        "^(a|a)*$; (a|a)*",
        ".*(.*x)+y; (.*x)+",
        "(\\w+\\s?)*$; (\\w+\\s?)*",
        "((ab)*c)+; ((ab)*c)+",
        "(?:/[^/]+)*/x{2,}.*; (?:/[^/]+)*",
        "(.|x){3,}; (.|x){3,}",
        "(?<p>/[a-z]+)+/end; (?<p>/[a-z]+)+",
      })
  void givenNestedRepetition_whenChecked_thenTheGroupIsNamed(String expression, String shape) {
    assertThat(CrawlerTraps.backtrackingShape(expression)).isEqualTo(shape);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".*calendar.*",
        ".*/(calendar|kalender)/.*",
        "(a|b)*",
        "(foo|bar)+baz",
        ".*(/[^/]+)\\1\\1.*",
        "(a+)++",
        "(?>a+)+",
        "[(a+)+]",
        "\\(a+\\)+",
        "\\Q(a+)+\\E",
        "(?i)(foo|bar)+",
        "(a+){3}",
      })
  void givenExpressionWithoutNestedRepetition_whenChecked_thenAccepted(String expression) {
    assertThat(CrawlerTraps.backtrackingShape(expression)).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"(a+)+", "^(a|a)*$"})
  void givenCatastrophicTrap_whenValidated_thenRefusedNamingTheExpression(String expression) {
    assertThatThrownBy(() -> CrawlerTraps.validate("domain 'kb.dk'", List.of(expression)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + expression + "'")
        .hasMessageContaining("exponential time");
  }
}
