package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.PastHarvest;
import org.netarchive.ee.scheduler.domain.model.job.SplitConfiguration;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;
import org.netarchive.ee.scheduler.domain.model.job.SplitSettings;

class EstimateProcessorTest {

  private static final Instant THEN = Instant.parse("2026-01-05T10:00:00Z");

  private static SplitConfiguration configuration(
      long maxObjects,
      long maxBytes,
      List<String> seeds,
      List<SplitConfiguration.History> history) {
    return new SplitConfiguration(
        12,
        3,
        "kb.dk",
        "defaultconfig",
        1,
        maxObjects,
        maxBytes,
        seeds,
        List.of(".*/calendar/.*"),
        history);
  }

  private static SplitConfiguration.History harvested(
      Long harvestId, long objects, StopReason reason) {
    return new SplitConfiguration.History(
        harvestId, new PastHarvest(objects, objects * 40_000, reason, THEN));
  }

  /** An unlimited configuration with a seed and one earlier harvest. */
  private static SplitConfiguration seeded(SplitConfiguration.History history) {
    return configuration(-1, -1, List.of("https://kb.dk/"), List.of(history));
  }

  private static FakeScheduling scheduling(
      long harvestMaxObjects, long harvestMaxBytes, OptionalLong previousSnapshotId) {
    return new FakeScheduling(
        FakeScheduling.split42(
            harvestMaxObjects, harvestMaxBytes, previousSnapshotId, SplitSettings.defaults()));
  }

  /** What a processor of a split with {@code scheduling}'s context makes of a configuration. */
  private static SplitItem estimate(FakeScheduling scheduling, SplitConfiguration configuration) {
    return (SplitItem) processor(scheduling).processItem(configuration);
  }

  private static EstimateProcessor processor(FakeScheduling scheduling) {
    return Injection.inject(new EstimateProcessor(), "splitId", "42", "scheduling", scheduling);
  }

  @Test
  void givenANeverHarvestedConfiguration_whenEstimated_thenItBecomesAnItemWithEveryField() {
    SplitItem item =
        estimate(
            scheduling(500, -1, OptionalLong.empty()),
            configuration(1000, 100_000_000, List.of("https://kb.dk/"), List.of()));

    assertThat(item.candidate()).isEqualTo(new JobCandidate(12, 3, "kb.dk", 1, 100_000_000, 500));
    assertThat(item.domain())
        .isEqualTo(
            new JobDomain(
                3,
                12,
                "kb.dk",
                "defaultconfig",
                500,
                100_000_000,
                1000,
                100_000_000,
                500,
                List.of("https://kb.dk/"),
                List.of(".*/calendar/.*")));
  }

  @Test
  void givenNoLimitsAndNoHistory_whenEstimated_thenTheMaxDomainSizeIsExpected() {
    SplitItem item =
        estimate(
            FakeScheduling.ofDefaultSplit(),
            configuration(-1, -1, List.of("https://kb.dk/"), List.of()));

    assertThat(item.candidate().expectedObjects()).isEqualTo(5000);
    assertThat(item.domain().maxObjects()).isEqualTo(-1);
    assertThat(item.domain().maxBytes()).isEqualTo(-1);
  }

  @Test
  void givenAHarvestByteLimitTighterThanTheConfigurations_whenEstimated_thenTheJobGetsTheTighter() {
    SplitItem item =
        estimate(
            scheduling(-1, 1_000_000, OptionalLong.empty()),
            configuration(-1, 5_000_000, List.of("https://kb.dk/"), List.of()));

    assertThat(item.domain().maxBytes()).isEqualTo(1_000_000);
    assertThat(item.domain().configMaxBytes()).isEqualTo(5_000_000);
    assertThat(item.candidate().maxBytes()).isEqualTo(5_000_000);
  }

  @Test
  void givenAHistory_whenEstimated_thenTheBestHarvestIsGrownByTheErrorFactor() {
    SplitItem item =
        estimate(
            FakeScheduling.ofDefaultSplit(),
            configuration(
                1000,
                -1,
                List.of("https://kb.dk/"),
                List.of(
                    harvested(1L, 100, StopReason.DOWNLOAD_COMPLETE),
                    harvested(null, 400, StopReason.DOWNLOAD_COMPLETE))));

    // the best harvest got 400 of the 1000 the configuration allows: 400 + (1000 - 400) / 10
    assertThat(item.candidate().expectedObjects()).isEqualTo(460);
    assertThat(item.domain().expectedObjects()).isEqualTo(460);
  }

  @Test
  void givenADomainTheContinuedSnapshotFinished_whenEstimated_thenItIsLeftOut() {
    FakeScheduling scheduling = scheduling(-1, -1, OptionalLong.of(9));
    EstimateProcessor processor = processor(scheduling);

    Object finished =
        processor.processItem(seeded(harvested(9L, 100, StopReason.DOWNLOAD_COMPLETE)));
    Object stoppedByTheHarvestLimit =
        processor.processItem(seeded(harvested(9L, 100, StopReason.OBJECT_LIMIT)));
    Object finishedInAnotherHarvest =
        processor.processItem(seeded(harvested(8L, 100, StopReason.DOWNLOAD_COMPLETE)));

    assertThat(finished).isNull();
    assertThat(stoppedByTheHarvestLimit).isInstanceOf(SplitItem.class);
    assertThat(finishedInAnotherHarvest).isInstanceOf(SplitItem.class);
    assertThat(scheduling.contextsAsked).isEqualTo(1);
  }

  @Test
  void givenAConfigurationWithoutSeeds_whenEstimated_thenItIsLeftOut() {
    FakeScheduling scheduling = FakeScheduling.ofDefaultSplit();

    assertThat(processor(scheduling).processItem(configuration(-1, -1, List.of(), List.of())))
        .isNull();
  }
}
