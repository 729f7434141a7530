package org.netarchive.ee.scheduler.domain.model.harvest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.EntityIds;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;

class SnapshotHarvestTest {

  private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
  private static final HarvestChannel LOW =
      new HarvestChannel("LOWPRIORITY", HarvestKind.SNAPSHOT, null);
  private static final HarvestChannel HIGH =
      new HarvestChannel("HIGHPRIORITY", HarvestKind.SELECTIVE, null);

  private static SnapshotHarvest snapshot(String name) {
    return new SnapshotHarvest(name, LOW, SnapshotLimits.defaults(), NOW);
  }

  private static SnapshotHarvest stored(String name, long id) {
    return EntityIds.assign(snapshot(name), id);
  }

  @Test
  void givenDefaultLimits_whenCreated_thenNoObjectLimitTheDomainByteLimitAndNoTimeLimit() {
    SnapshotHarvest harvest = snapshot("Snapshot 2026");

    assertThat(harvest.kind()).isEqualTo(HarvestKind.SNAPSHOT);
    assertThat(harvest.limits())
        .isEqualTo(new SnapshotLimits(-1, CrawlSettings.DEFAULT_MAX_BYTES, Duration.ZERO));
    assertThat(harvest.limits().limitsJobRunningTime()).isFalse();
    assertThat(harvest.previousSnapshot()).isEmpty();
    assertThat(harvest.isActive()).isFalse();
  }

  @Test
  void givenLimits_whenChanged_thenKept() {
    SnapshotHarvest harvest = snapshot("Snapshot 2026");
    SnapshotLimits limits = new SnapshotLimits(10_000, -1, Duration.ofDays(7));

    harvest.changeLimits(limits);

    assertThat(harvest.limits()).isEqualTo(limits);
    assertThat(harvest.limits().limitsJobRunningTime()).isTrue();
  }

  @Test
  void givenZeroOrTooSmallLimits_whenChanged_thenErrorNamesLimitAndValue() {
    SnapshotHarvest harvest = snapshot("Snapshot 2026");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.changeLimits(new SnapshotLimits(0, -1, Duration.ZERO)))
        .withMessage(
            "Max objects per domain of snapshot harvest 'Snapshot 2026' must be a positive number"
                + " or -1 (no limit), not 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.changeLimits(new SnapshotLimits(-1, -2, Duration.ZERO)))
        .withMessage(
            "Max bytes per domain of snapshot harvest 'Snapshot 2026' must be a positive number"
                + " or -1 (no limit), not -2");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.changeLimits(new SnapshotLimits(-1, -1, Duration.ofSeconds(-1))))
        .withMessageContaining("Max job running time of snapshot harvest 'Snapshot 2026'")
        .withMessageEndingWith("not PT-1S");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.changeLimits(new SnapshotLimits(-1, -1, Duration.ofMillis(1500))))
        .withMessageContaining("whole seconds");
    assertThat(harvest.limits()).isEqualTo(SnapshotLimits.defaults());
  }

  @Test
  void givenInvalidLimits_whenCreating_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new SnapshotHarvest(
                    "Snapshot 2026", LOW, new SnapshotLimits(-7, -1, Duration.ZERO), NOW))
        .withMessageContaining("not -7");
  }

  @Test
  void givenASelectiveChannel_whenCreating_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> new SnapshotHarvest("Snapshot 2026", HIGH, SnapshotLimits.defaults(), NOW))
        .withMessage(
            "The snapshot harvest 'Snapshot 2026' cannot use harvest channel 'HIGHPRIORITY':"
                + " it carries selective harvests");
  }

  @Test
  void givenANewSnapshot_whenActivated_thenItIsDueUntilItHasRun() {
    SnapshotHarvest harvest = snapshot("Snapshot 2026");
    assertThat(harvest.isDue(NOW)).isFalse();

    harvest.activate(NOW);
    assertThat(harvest.isDue(NOW)).isTrue();

    harvest.recordRun(NOW);
    assertThat(harvest.runCount()).isEqualTo(1);
    assertThat(harvest.isDue(NOW.plusSeconds(3600))).isFalse();
  }

  @Test
  void givenAStoredEarlierSnapshot_whenContinuingFromIt_thenKeptAndClearable() {
    SnapshotHarvest first = stored("Snapshot 2025", 1);
    SnapshotHarvest second = stored("Snapshot 2026", 2);

    second.continueFrom(first);
    assertThat(second.previousSnapshot()).containsSame(first);

    second.continueFrom(null);
    assertThat(second.previousSnapshot()).isEmpty();
  }

  @Test
  void givenTheHarvestItself_whenContinuingFromIt_thenRefused() {
    SnapshotHarvest harvest = stored("Snapshot 2026", 2);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.continueFrom(harvest))
        .withMessage("snapshot harvest 'Snapshot 2026' cannot continue from itself");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.continueFrom(stored("Snapshot 2026 (copy)", 2)))
        .withMessageContaining("itself");
  }

  @Test
  void givenAnUnsavedSnapshot_whenContinuingFromIt_thenRefused() {
    SnapshotHarvest harvest = stored("Snapshot 2026", 2);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.continueFrom(snapshot("Snapshot 2025")))
        .withMessage(
            "snapshot harvest 'Snapshot 2025' is not saved yet, so snapshot harvest"
                + " 'Snapshot 2026' cannot continue from it");
  }

  @Test
  void givenASnapshotThatContinuesFromThisOne_whenContinuingFromIt_thenRefusedAsACycle() {
    SnapshotHarvest first = stored("Snapshot 2024", 1);
    SnapshotHarvest second = stored("Snapshot 2025", 2);
    SnapshotHarvest third = stored("Snapshot 2026", 3);
    second.continueFrom(first);
    third.continueFrom(second);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> first.continueFrom(third))
        .withMessage(
            "snapshot harvest 'Snapshot 2024' cannot continue from snapshot harvest"
                + " 'Snapshot 2026', which continues from it");
    assertThat(first.previousSnapshot()).isEmpty();
  }
}
