package org.netarchive.ee.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InputsTest {

  @Test
  void givenNothingOrOnlyWhiteSpace_whenRead_thenAbsent() {
    assertThat(Inputs.blankToNull(null)).isNull();
    assertThat(Inputs.blankToNull("")).isNull();
    assertThat(Inputs.blankToNull(" \t\n")).isNull();
  }

  @Test
  void givenAText_whenRead_thenItWithoutSurroundingWhiteSpace() {
    assertThat(Inputs.blankToNull("  kb.dk \n")).isEqualTo("kb.dk");
    assertThat(Inputs.blankToNull("a b")).isEqualTo("a b");
  }
}
