package org.netarchive.ee.batch.interfaces.seeds.batch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.batch.interfaces.lists.batch.ListLine;

class SeedLineValidatorTest {

  private final SeedLineValidator validator = new SeedLineValidator();

  private SeedLine validate(long lineNumber, String text) {
    return (SeedLine) validator.processItem(new ListLine(lineNumber, text));
  }

  @Test
  void givenASeed_whenValidating_thenItComesWithItsDomain() {
    SeedLine line = validate(12, "https://www.kb.dk/news");

    assertThat(line.lineNumber()).isEqualTo(12);
    assertThat(line.text()).isEqualTo("https://www.kb.dk/news");
    assertThat(line.seed()).isEqualTo("https://www.kb.dk/news");
    assertThat(line.domain().ascii()).isEqualTo("kb.dk");
    assertThat(line.problem()).isNull();
  }

  @Test
  void givenAnInternationalisedHost_whenValidating_thenTheSeedIsKeptInItsAsciiForm() {
    SeedLine line = validate(1, "http://bølle.dk/");

    assertThat(line.seed()).isEqualTo("http://xn--blle-gra.dk/");
    assertThat(line.domain().ascii()).isEqualTo("xn--blle-gra.dk");
  }

  @Test
  void givenBadLines_whenValidating_thenEachIsPassedOnWithItsLineAndReason() {
    SeedLine noDomain = validate(40, "http://co.uk/");
    SeedLine noUrl = validate(41, "ftp://kb.dk/");

    assertThat(noDomain.seed()).isNull();
    assertThat(noDomain.domain()).isNull();
    assertThat(noDomain.lineNumber()).isEqualTo(40);
    assertThat(noDomain.text()).isEqualTo("http://co.uk/");
    assertThat(noDomain.problem()).startsWith("its host has no valid domain: ");
    assertThat(noUrl.seed()).isNull();
    assertThat(noUrl.lineNumber()).isEqualTo(41);
    assertThat(noUrl.problem()).isNotBlank();
  }

  @Test
  void givenALineFarIntoTheList_whenRefused_thenTheReasonNamesThatLine() {
    SeedLine line = validate(123_456, "http:// spaces in host/");

    assertThat(line.problem()).contains("line 123456");
    assertThat(line.lineNumber()).isEqualTo(123_456);
  }
}
