package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.item;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.netarchive.ee.batch.testing.FakeBatchContext;
import org.netarchive.ee.batch.testing.Injection;

class SplitFailureListenerTest {

  @RegisterExtension final SplitDataDirectory data = new SplitDataDirectory();

  private final FakeScheduling scheduling = FakeScheduling.ofDefaultSplit();

  @BeforeEach
  void writeARun() throws IOException {
    SortedRuns.of(42).write(List.of(item(1, 5)), 1, 1);
  }

  private void stepEnded(FakeBatchContext step) throws Exception {
    Injection.inject(
            new SplitFailureListener(), "splitId", "42", "step", step, "scheduling", scheduling)
        .afterStep();
  }

  @Test
  void givenAFailedStep_whenItEnds_thenTheSplitFailsWithTheCausesAndItsRunsAreDeleted()
      throws Exception {
    stepEnded(
        new FakeBatchContext("pack", 1)
            .failedWith(
                new IllegalStateException(
                    "packing stopped", new SQLException("connection refused"))));

    assertThat(scheduling.failures)
        .containsExactly(
            "42: step pack: IllegalStateException: packing stopped; caused by SQLException:"
                + " connection refused");
    assertThat(SortedRuns.of(42).directory()).doesNotExist();
  }

  @Test
  void givenAStepThatDidNotFail_whenItEnds_thenNothingHappens() throws Exception {
    stepEnded(new FakeBatchContext("estimate", 1));

    assertThat(scheduling.failures).isEmpty();
    assertThat(SortedRuns.of(42).itemCount()).isEqualTo(1);
  }

  @Test
  void givenTheFinishStep_whenItRuns_thenTheSplitIsFinishedAndItsRunsDeleted() throws Exception {
    String exit =
        Injection.inject(new FinishSplitBatchlet(), "splitId", "42", "scheduling", scheduling)
            .process();

    assertThat(exit).isEqualTo("DONE");
    assertThat(scheduling.finished).containsExactly(42L);
    assertThat(SortedRuns.of(42).directory()).doesNotExist();
  }
}
