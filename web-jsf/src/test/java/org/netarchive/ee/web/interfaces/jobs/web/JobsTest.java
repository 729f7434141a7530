package org.netarchive.ee.web.interfaces.jobs.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.job.JobFilter;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;

class JobsTest {

  @Test
  void givenNoParts_whenFiltering_thenAllJobs() {
    assertThat(Jobs.filter(null, " ", null, "", null, null)).isEqualTo(JobFilter.all());
  }

  @Test
  void givenEveryPart_whenFiltering_thenTheDateRangeIsWholeUtcDaysAndNamesAreStripped() {
    JobFilter filter =
        Jobs.filter(
            "failed",
            " Nightly ",
            3,
            "HIGHPRIORITY",
            LocalDate.of(2026, 11, 1),
            LocalDate.of(2026, 11, 21));

    assertThat(filter)
        .isEqualTo(
            new JobFilter(
                JobStatus.FAILED,
                "Nightly",
                3,
                "HIGHPRIORITY",
                Instant.parse("2026-11-01T00:00:00Z"),
                Instant.parse("2026-11-22T00:00:00Z")));
  }

  @Test
  void givenOneDay_whenFilteringFromAndToIt_thenThatWholeDay() {
    LocalDate day = LocalDate.of(2026, 2, 28);

    JobFilter filter = Jobs.filter(null, null, null, null, day, day);

    assertThat(filter.createdFrom()).isEqualTo(Instant.parse("2026-02-28T00:00:00Z"));
    assertThat(filter.createdTo()).isEqualTo(Instant.parse("2026-03-01T00:00:00Z"));
  }

  @Test
  void givenAnUnknownStatus_whenFiltering_thenRefusedAtTheStatusNamingItAndTheStatuses() {
    assertThatThrownBy(() -> Jobs.filter("RUNNING", null, null, null, null, null))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("status"))
        .hasMessageContaining("'RUNNING'")
        .hasMessageContaining("SUBMITTED");
  }

  @Test
  void givenARunWithoutItsHarvest_whenFiltering_thenRefusedAtTheRun() {
    assertThatThrownBy(() -> Jobs.filter(null, "  ", 2, null, null, null))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("run"))
        .hasMessageContaining("Run 2");
    assertThatThrownBy(() -> Jobs.filter(null, "Nightly", -1, null, null, null))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("run"));
  }

  @Test
  void givenARangeThatEndsBeforeItStarts_whenFiltering_thenRefusedAtItsEnd() {
    assertThatThrownBy(
            () ->
                Jobs.filter(
                    null, null, null, null, LocalDate.of(2026, 11, 2), LocalDate.of(2026, 11, 1)))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("to"))
        .hasMessageContaining("2026-11-01")
        .hasMessageContaining("2026-11-02");
  }
}
