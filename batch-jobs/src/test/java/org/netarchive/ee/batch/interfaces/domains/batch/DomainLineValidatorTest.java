package org.netarchive.ee.batch.interfaces.domains.batch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.netarchive.ee.batch.interfaces.lists.batch.ListLine;

class DomainLineValidatorTest {

  private final DomainLineValidator validator = new DomainLineValidator();

  @Test
  void givenDomainNames_whenValidating_thenTheyArePassedOnNormalised() {
    DomainLine plain = (DomainLine) validator.processItem(new ListLine(3, "KB.dk"));
    DomainLine international = (DomainLine) validator.processItem(new ListLine(4, "bølle.dk"));

    assertThat(plain).isEqualTo(new DomainLine(3, "KB.dk", plain.name(), null));
    assertThat(plain.name().ascii()).isEqualTo("kb.dk");
    assertThat(international.name().ascii()).isEqualTo("xn--blle-gra.dk");
    assertThat(international.name().unicode()).isEqualTo("bølle.dk");
    assertThat(international.problem()).isNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "7 | www.kb.dk    | it is a host name below the domain 'kb.dk'",
        "8 | co.uk        | co.uk",
        "9 | not a domain | ''",
      })
  void givenABadLine_whenValidating_thenItIsPassedOnWithItsLineAndReason(
      long lineNumber, String text, String reasonPart) {
    DomainLine line = (DomainLine) validator.processItem(new ListLine(lineNumber, text));

    assertThat(line.name()).isNull();
    assertThat(line.lineNumber()).isEqualTo(lineNumber);
    assertThat(line.text()).isEqualTo(text);
    assertThat(line.problem()).isNotBlank().contains(reasonPart);
  }
}
