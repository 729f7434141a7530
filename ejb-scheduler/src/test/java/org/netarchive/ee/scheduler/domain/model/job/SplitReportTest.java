package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SplitReportTest {

  @Test
  void givenNothingMade_whenEmpty_thenAllZero() {
    SplitReport report = SplitReport.empty();

    assertThat(report.jobsMade()).isZero();
    assertThat(report.configurationsPlaced()).isZero();
    assertThat(report.jobsClosedBecause()).isEmpty();
    assertThat(report.summary()).isEqualTo("0 jobs, 0 configurations");
  }

  @Test
  void givenJobsClosedForReasons_whenReported_thenCountedPerReason() {
    SplitReport report =
        SplitReport.empty()
            .withJobClosedBecause(Fit.TOO_MANY_CONFIGURATIONS, 10)
            .withJobClosedBecause(Fit.TOO_MANY_CONFIGURATIONS, 10)
            .withJobClosedBecause(Fit.BYTE_LIMIT, 4)
            .withLastJob(1);

    assertThat(report.jobsMade()).isEqualTo(4);
    assertThat(report.configurationsPlaced()).isEqualTo(25);
    assertThat(report.jobsClosedBecause(Fit.TOO_MANY_CONFIGURATIONS)).isEqualTo(2);
    assertThat(report.jobsClosedBecause(Fit.BYTE_LIMIT)).isEqualTo(1);
    assertThat(report.jobsClosedBecause(Fit.SAME_DOMAIN)).isZero();
    assertThat(report.jobsClosedAtEnd()).isEqualTo(1);
    assertThat(report.summary())
        .isEqualTo(
            "4 jobs, 25 configurations; closed: 2 too many configurations, 1 byte limit, 1"
                + " at end");
  }

  @Test
  void givenAFittingReasonOrAnEmptyJob_whenReported_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitReport.empty().withJobClosedBecause(Fit.FITS, 3))
        .withMessageContaining("not because it fits");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitReport.empty().withLastJob(0))
        .withMessage("A job has at least 1 configuration, this one has 0");
  }

  @Test
  void givenCountsThatDoNotAddUp_whenMade_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new SplitReport(3, 30, Map.of(Fit.TOTAL_SIZE, 1L), 1))
        .withMessage("The jobs closed for each reason add up to 2, not the 3 made");
  }

  @Test
  void givenAReport_whenCheckpointed_thenReadBackEqual() throws Exception {
    SplitReport report = SplitReport.empty().withJobClosedBecause(Fit.RELATIVE_SIZE, 7);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(report);
    }

    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertThat(in.readObject()).isEqualTo(report);
    }
  }
}
