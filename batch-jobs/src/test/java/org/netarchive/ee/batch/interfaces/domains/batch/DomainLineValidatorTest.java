package org.netarchive.ee.batch.interfaces.domains.batch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.batch.interfaces.lists.batch.ListLine;

class DomainLineValidatorTest {

  private final DomainLineValidator validator = new DomainLineValidator();

  private DomainLine validate(long lineNumber, String text) {
    return (DomainLine) validator.processItem(new ListLine(lineNumber, text));
  }

  @Test
  void givenADomainName_whenValidating_thenItIsPassedOnNormalised() {
    DomainLine line = validate(3, "KB.dk");

    assertThat(line.lineNumber()).isEqualTo(3);
    assertThat(line.text()).isEqualTo("KB.dk");
    assertThat(line.name().ascii()).isEqualTo("kb.dk");
    assertThat(line.problem()).isNull();
  }

  @Test
  void givenAnInternationalisedName_whenValidating_thenItsAsciiFormIsKept() {
    DomainLine line = validate(1, "bølle.dk");

    assertThat(line.name().ascii()).isEqualTo("xn--blle-gra.dk");
    assertThat(line.name().unicode()).isEqualTo("bølle.dk");
  }

  @Test
  void givenBadLines_whenValidating_thenEachIsPassedOnWithItsLineAndReason() {
    DomainLine host = validate(7, "www.kb.dk");
    DomainLine suffix = validate(8, "co.uk");
    DomainLine garbage = validate(9, "not a domain");

    assertThat(host.name()).isNull();
    assertThat(host.lineNumber()).isEqualTo(7);
    assertThat(host.text()).isEqualTo("www.kb.dk");
    assertThat(host.problem()).contains("below the domain 'kb.dk'");
    assertThat(suffix.name()).isNull();
    assertThat(suffix.problem()).isNotBlank();
    assertThat(garbage.name()).isNull();
    assertThat(garbage.lineNumber()).isEqualTo(9);
    assertThat(garbage.problem()).isNotBlank();
  }
}
