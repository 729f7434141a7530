package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobDocumentTest {

  private static JobDomain domain(long id, String name, List<String> seeds, List<String> traps) {
    return new JobDomain(
        id, id + 100, name, "defaultconfig", 2000, -1, -1, 1_000_000_000, 5000, seeds, traps);
  }

  @Test
  void givenDomainsWithAwkwardTexts_whenWrittenAndRead_thenTheyComeBackExactly() {
    List<JobDomain> domains =
        List.of(
            domain(1, "kb.dk", List.of("http://www.kb.dk/", "https://kb.dk/a b"), List.of()),
            domain(
                2,
                "bibliotek.dk",
                List.of("http://bibliotek.dk/"),
                List.of(".*\\?session=.*", "tab\there", "new\nline", "back\\slash\\t")),
            domain(3, "empty.dk", List.of(), List.of("")));
    StringBuilder document = new StringBuilder();
    domains.forEach(d -> JobDocument.append(document, d));

    assertThat(JobDocument.read(JobDocument.parts(document))).isEqualTo(domains);
  }

  @Test
  void givenALongDocument_whenSplitIntoParts_thenEachPartEndsAtALineAndFitsTheColumn() {
    List<JobDomain> domains = new ArrayList<>();
    StringBuilder document = new StringBuilder();
    for (int i = 1; i <= 30_000; i++) {
      JobDomain d =
          domain(
              i,
              "domain-number-" + i + ".dk",
              List.of("http://www.domain-number-" + i + ".dk/"),
              List.of());
      domains.add(d);
      JobDocument.append(document, d);
    }

    List<String> parts = JobDocument.parts(document);

    assertThat(document.length()).isGreaterThan(2 * JobDocument.MAX_PART_LENGTH);
    assertThat(parts).hasSizeGreaterThanOrEqualTo(3);
    assertThat(parts)
        .allSatisfy(
            p -> {
              assertThat(p.length()).isLessThanOrEqualTo(JobDocument.MAX_PART_LENGTH);
              assertThat(p).endsWith("\n");
            });
    assertThat(String.join("", parts)).isEqualTo(document.toString());
    assertThat(JobDocument.read(parts)).isEqualTo(domains);
  }

  @Test
  void givenALineThatIsNotADomain_whenRead_thenRefusedShowingTheLine() {
    assertThatThrownBy(() -> JobDocument.read(List.of("1\t2\tkb.dk\n")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Not a job domain line")
        .hasMessageContaining("kb.dk");
  }

  @Test
  void givenLimits_whenTheTighterIsTaken_thenMinusOneMeansNone() {
    assertThat(JobDomain.tighter(-1, -1)).isEqualTo(-1);
    assertThat(JobDomain.tighter(-1, 7)).isEqualTo(7);
    assertThat(JobDomain.tighter(9, -1)).isEqualTo(9);
    assertThat(JobDomain.tighter(9, 7)).isEqualTo(7);
  }
}
