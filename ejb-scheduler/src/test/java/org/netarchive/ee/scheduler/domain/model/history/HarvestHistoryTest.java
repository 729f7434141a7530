package org.netarchive.ee.scheduler.domain.model.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HarvestHistoryTest {

  private static final Instant STARTED = Instant.parse("2026-05-02T02:00:00Z");

  @Test
  void givenAJobOfThisSystem_whenRecorded_thenItHasHarvestAndJobAndNoImportedNames() {
    HarvestHistory entry =
        HarvestHistory.ofJob(1, 11, 5, 42, STARTED, 1200, 5_000_000, StopReason.CONFIG_SIZE_LIMIT);

    assertThat(entry.isImported()).isFalse();
    assertThat(entry.domainId()).isEqualTo(1);
    assertThat(entry.configurationId()).isEqualTo(11);
    assertThat(entry.harvestId()).hasValue(5);
    assertThat(entry.jobId()).hasValue(42);
    assertThat(entry.importedHarvestName()).isEmpty();
    assertThat(entry.importedJobId()).isEmpty();
    assertThat(entry.startedAt()).isEqualTo(STARTED);
    assertThat(entry.objects()).isEqualTo(1200);
    assertThat(entry.bytes()).isEqualTo(5_000_000);
    assertThat(entry.stopReason()).isEqualTo(StopReason.CONFIG_SIZE_LIMIT);
  }

  @Test
  void givenAnEarlierSystemsJob_whenImported_thenItHasItsNamesAndNoHarvestOrJobHere() {
    HarvestHistory entry =
        HarvestHistory.imported(
            1, 11, "  Snapshot 2019 ", 4711, STARTED, 0, 0, StopReason.DOWNLOAD_UNFINISHED);

    assertThat(entry.isImported()).isTrue();
    assertThat(entry.importedHarvestName()).contains("Snapshot 2019");
    assertThat(entry.importedJobId()).hasValue(4711);
    assertThat(entry.harvestId()).isEmpty();
    assertThat(entry.jobId()).isEmpty();
  }

  @Test
  void givenNegativeCounts_whenRecorded_thenErrorNamesTheValues() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> HarvestHistory.ofJob(1, 11, 5, 42, STARTED, -1, 10, StopReason.TIME_LIMIT))
        .withMessage(
            "Harvest history of configuration 11: objects and bytes must be 0 or more, not -1 and"
                + " 10");
  }

  @Test
  void givenIdsThatAreNotPositive_whenRecorded_thenErrorNamesTheField() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HarvestHistory.ofJob(1, 11, 5, 0, STARTED, 1, 1, StopReason.TIME_LIMIT))
        .withMessage("Harvest history of configuration 11: the job id must be 1 or more, not 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HarvestHistory.ofJob(0, 11, 5, 1, STARTED, 1, 1, StopReason.TIME_LIMIT))
        .withMessageContaining("the domain id must be 1 or more, not 0");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> HarvestHistory.imported(1, 11, "Old", -3, STARTED, 1, 1, StopReason.TIME_LIMIT))
        .withMessageContaining("the job number must be 1 or more, not -3");
  }

  @Test
  void givenABlankOrTooLongHarvestName_whenImported_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> HarvestHistory.imported(1, 11, " ", 1, STARTED, 1, 1, StopReason.TIME_LIMIT))
        .withMessage(
            "Harvest name ' ' is not valid: use 1 to 256 characters without tabs or line breaks");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                HarvestHistory.imported(
                    1, 11, "x".repeat(257), 1, STARTED, 1, 1, StopReason.TIME_LIMIT));
  }

  @Test
  void givenTheStopReasons_thenTheyAreTheReferenceSeven() {
    assertThat(StopReason.values())
        .extracting(Enum::name)
        .containsExactly(
            "DOWNLOAD_COMPLETE",
            "OBJECT_LIMIT",
            "SIZE_LIMIT",
            "CONFIG_SIZE_LIMIT",
            "DOWNLOAD_UNFINISHED",
            "CONFIG_OBJECT_LIMIT",
            "TIME_LIMIT");
    assertThat(StopReason.CONFIG_SIZE_LIMIT.label()).isEqualTo("configuration byte limit");
  }
}
