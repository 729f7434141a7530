package org.netarchive.ee.scheduler.application.imports;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.KindCount;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.Problem;

class ImportTallyTest {

  @Test
  void givenAChunksCountsAndProblems_whenDrained_thenHandedOverWholeAndTheTallyStartsAfresh() {
    ImportTally tally = new ImportTally();
    tally.kind("aliases");
    tally.created("domains", 3);
    tally.existing("domains");
    tally.refused("domains", "domains", "not a domain (5)", "not a domain name");
    tally.note("ordertemplates", "t (1)", "used by 2 configurations");

    ImportTally.Drained first = tally.drain();
    tally.created("history");
    ImportTally.Drained second = tally.drain();

    assertThat(first.counts())
        .containsExactly(new KindCount("aliases", 0, 0, 0), new KindCount("domains", 3, 1, 1));
    assertThat(first.problems())
        .containsExactly(
            new Problem("domains", "not a domain (5)", "not a domain name"),
            new Problem("ordertemplates", "t (1)", "used by 2 configurations"));
    assertThat(second.counts()).containsExactly(new KindCount("history", 1, 0, 0));
    assertThat(second.problems()).isEmpty();
  }

  @Test
  void givenMoreProblemsThanListed_whenDrained_thenTheRestAreCountedInOneLine() {
    ImportTally tally = new ImportTally();
    IntStream.range(0, ImportTally.MAX_PROBLEMS + 5)
        .forEach(i -> tally.refused("history", "historyinfo", Integer.toString(i), "no job"));

    ImportTally.Drained drained = tally.drain();

    assertThat(drained.problems()).hasSize(ImportTally.MAX_PROBLEMS + 1);
    assertThat(drained.problems().get(ImportTally.MAX_PROBLEMS).reason())
        .isEqualTo("5 more problems, not listed");
    assertThat(drained.counts()).containsExactly(new KindCount("history", 0, 0, 100_005));
  }
}
