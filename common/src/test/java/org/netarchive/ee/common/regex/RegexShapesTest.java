package org.netarchive.ee.common.regex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RegexShapesTest {

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
    assertThat(RegexShapes.backtrackingPart(expression)).isEqualTo(shape);
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
    assertThat(RegexShapes.backtrackingPart(expression)).isNull();
  }
}
