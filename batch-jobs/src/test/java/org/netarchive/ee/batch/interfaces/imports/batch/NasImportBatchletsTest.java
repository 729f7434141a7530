package org.netarchive.ee.batch.interfaces.imports.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.batch.testing.FakeBatchContext;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

class NasImportBatchletsTest {

  private final FakeNasImportSteps steps = new FakeNasImportSteps(List.of(), 10);

  @Test
  void givenAPhase_whenRunTwice_thenItRunsOnceAndItsSessionIsClosed() {
    NasImportPhaseBatchlet batchlet =
        Injection.inject(
            new NasImportPhaseBatchlet(),
            "runId",
            "3",
            "phase",
            NasImportSteps.TEMPLATES,
            "steps",
            steps);

    assertThat(batchlet.process()).isEqualTo("DONE");
    assertThat(batchlet.process()).isEqualTo("DONE");

    assertThat(steps.phases).containsExactly(NasImportSteps.TEMPLATES);
    assertThat(steps.closed).isEqualTo(2);
  }

  @Test
  void givenTheLastStep_whenRun_thenTheImportIsFinished() {
    Injection.inject(new NasImportFinishBatchlet(), "runId", "3", "steps", steps).process();

    assertThat(steps.finished).isTrue();
  }

  @Test
  void givenAFailedStep_whenItEnds_thenTheImportFailsWithTheInnermostReason() {
    failureListener(
            new FakeBatchContext("domains", 1)
                .failedWith(
                    new IllegalStateException(
                        null, new SQLException("connection to the source was closed"))))
        .afterStep();

    assertThat(steps.failures)
        .containsExactly("3: step domains: connection to the source was closed");
  }

  @Test
  void givenAStepThatEndedWell_whenItEnds_thenTheImportGoesOn() {
    failureListener(new FakeBatchContext("domains", 1)).afterStep();

    assertThat(steps.failures).isEmpty();
  }

  /** The failure listener of run 3 after {@code step}. */
  private NasImportFailureListener failureListener(FakeBatchContext step) {
    return Injection.inject(
        new NasImportFailureListener(), "runId", "3", "steps", steps, "step", step);
  }
}
