package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.DOWNLOAD_COMPLETE;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.DOWNLOAD_UNFINISHED;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.OBJECT_LIMIT;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.SIZE_LIMIT;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.TIME_LIMIT;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

/**
 * The estimate of reference/000 as NetarchiveSuite's tests pin it, on concrete cases, with the
 * default settings: 38000 bytes per object, maxDomainSize 5000, errorFactorPrevResult 10,
 * errorFactorBestGuess 2. {@link NetarchiveSuiteFigures} repeats NetarchiveSuite's own cases.
 */
class ObjectEstimateTest {

  private static final SplitSettings DEFAULTS = SplitSettings.defaults();
  private static final long NONE = -1;
  private static final long GB = 1_000_000_000L;
  private static final Instant JAN = Instant.parse("2025-01-10T02:00:00Z");
  private static final Instant FEB = Instant.parse("2025-02-10T02:00:00Z");
  private static final Instant MAR = Instant.parse("2025-03-10T02:00:00Z");

  private static PastHarvest harvest(long objects, long bytes, StopReason reason, Instant at) {
    return new PastHarvest(objects, bytes, reason, at);
  }

  private static long expected(PastHarvest best, long configBytes) {
    return ObjectEstimate.expectedObjects(
        DEFAULTS, Optional.ofNullable(best), NONE, configBytes, NONE, NONE);
  }

  @Nested
  class Step1BestHarvest {

    @Test
    void givenNoHistory_whenBest_thenEmpty() {
      assertThat(ObjectEstimate.best(List.of())).isEmpty();
    }

    @Test
    void givenTwoCompleteHarvests_whenBest_thenTheMostRecentEvenWithFewerObjects() {
      PastHarvest older = harvest(900, 9_000_000, DOWNLOAD_COMPLETE, JAN);
      PastHarvest recent = harvest(300, 3_000_000, DOWNLOAD_COMPLETE, FEB);

      assertThat(ObjectEstimate.best(List.of(older, recent))).contains(recent);
      assertThat(ObjectEstimate.best(List.of(recent, older))).contains(recent);
    }

    @Test
    void givenACompleteAndALargerMoreRecentIncompleteHarvest_whenBest_thenTheIncompleteOne() {
      PastHarvest complete = harvest(100, 1_000_000, DOWNLOAD_COMPLETE, JAN);
      PastHarvest incomplete = harvest(5000, 90_000_000, SIZE_LIMIT, MAR);

      assertThat(ObjectEstimate.best(List.of(incomplete, complete))).contains(incomplete);
      assertThat(ObjectEstimate.best(List.of(complete, incomplete))).contains(incomplete);
    }

    @Test
    void givenACompleteAndASmallerMoreRecentIncompleteHarvest_whenBest_thenTheCompleteOne() {
      PastHarvest complete = harvest(100, 1_000_000, DOWNLOAD_COMPLETE, JAN);
      PastHarvest incomplete = harvest(99, 90_000_000, SIZE_LIMIT, MAR);

      assertThat(ObjectEstimate.best(List.of(incomplete, complete))).contains(complete);
    }

    @Test
    void givenALargerIncompleteHarvestBeforeTheLastComplete_whenBest_thenTheComplete() {
      PastHarvest older = harvest(5000, 90_000_000, SIZE_LIMIT, JAN);
      PastHarvest complete = harvest(100, 1_000_000, DOWNLOAD_COMPLETE, FEB);

      assertThat(ObjectEstimate.best(List.of(older, complete))).contains(complete);
    }

    @Test
    void givenAnIncompleteHarvestAsLargeAsANewerComplete_whenBest_thenTheComplete() {
      PastHarvest complete = harvest(100, 1_000_000, DOWNLOAD_COMPLETE, JAN);
      PastHarvest incomplete = harvest(100, 9_000_000, SIZE_LIMIT, MAR);

      assertThat(ObjectEstimate.best(List.of(incomplete, complete))).contains(complete);
    }

    @Test
    void givenNoCompleteHarvest_whenBest_thenTheOneWithMostObjectsEvenIfOlder() {
      PastHarvest most = harvest(7000, 10, TIME_LIMIT, JAN);
      PastHarvest recent = harvest(6999, 99_000_000, SIZE_LIMIT, MAR);
      PastHarvest unfinished = harvest(10, 1000, DOWNLOAD_UNFINISHED, FEB);

      assertThat(ObjectEstimate.best(List.of(recent, unfinished, most))).contains(most);
    }

    @Test
    void givenCompleteHarvestsStartedAtTheSameTime_whenBest_thenMoreObjectsThenMoreBytes() {
      PastHarvest fewer = harvest(10, 5000, DOWNLOAD_COMPLETE, FEB);
      PastHarvest more = harvest(11, 100, DOWNLOAD_COMPLETE, FEB);
      PastHarvest moreAndBigger = harvest(11, 200, DOWNLOAD_COMPLETE, FEB);

      assertThat(ObjectEstimate.best(List.of(fewer, more))).contains(more);
      assertThat(ObjectEstimate.best(List.of(moreAndBigger, more, fewer))).contains(moreAndBigger);
    }

    @Test
    void givenIncompleteHarvestsWithAsManyObjects_whenBest_thenOlderThenMoreBytes() {
      PastHarvest older = harvest(500, 1_000, SIZE_LIMIT, JAN);
      PastHarvest olderBigger = harvest(500, 2_000, TIME_LIMIT, JAN);
      PastHarvest recent = harvest(500, 9_000_000, TIME_LIMIT, FEB);

      // NetarchiveSuite scans newest first and keeps the last of equals: the older one
      assertThat(ObjectEstimate.best(List.of(older, recent))).contains(older);
      assertThat(ObjectEstimate.best(List.of(recent, olderBigger, older))).contains(olderBigger);
    }

    @Test
    void givenIncompleteHarvestsEqualButForTheStopReason_whenBest_thenTheReasonDeclaredFirst() {
      PastHarvest objectLimit = harvest(500, 1000, OBJECT_LIMIT, JAN);
      PastHarvest timeLimit = harvest(500, 1000, TIME_LIMIT, JAN);

      assertThat(ObjectEstimate.best(List.of(timeLimit, objectLimit))).contains(objectLimit);
      assertThat(ObjectEstimate.best(List.of(objectLimit, timeLimit))).contains(objectLimit);
    }

    @Test
    void givenAnyOrderOfTheHistory_whenBest_thenTheSameChoice() {
      List<PastHarvest> history = new ArrayList<>();
      for (StopReason reason : StopReason.values()) {
        history.add(harvest(100, 1000, reason, JAN));
        history.add(harvest(100, 2000, reason, FEB));
        history.add(harvest(200, 1000, reason, JAN));
      }
      PastHarvest expected = harvest(100, 2000, DOWNLOAD_COMPLETE, FEB);
      Random random = new Random(4);
      for (int i = 0; i < 50; i++) {
        Collections.shuffle(history, random);
        assertThat(ObjectEstimate.best(history)).contains(expected);
      }
    }
  }

  @Nested
  class Step2BytesPerObject {

    @Test
    void givenNeverHarvested_whenBytesPerObject_thenTheSetting() {
      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.empty())).isEqualTo(38_000);
    }

    @Test
    void givenFewerThan50SmallObjects_whenBytesPerObject_thenTheSetting() {
      PastHarvest small = harvest(49, 49 * 37_999L, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(small))).isEqualTo(38_000);
    }

    @Test
    void givenFewerThan50LargeObjects_whenBytesPerObject_thenTheirAverage() {
      PastHarvest big = harvest(1, 1_000_000, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(big))).isEqualTo(1_000_000);
    }

    @Test
    void given50SmallObjects_whenBytesPerObject_thenTheirAverage() {
      PastHarvest small = harvest(50, 50 * 20L, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(small))).isEqualTo(20);
    }

    @Test
    void givenNoObjects_whenBytesPerObject_thenTheSetting() {
      PastHarvest empty = harvest(0, 5000, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(empty))).isEqualTo(38_000);
    }

    @Test
    void givenManyObjectsAndATotalSizeOfZero_whenBytesPerObject_thenOneByte() {
      PastHarvest weightless = harvest(100, 0, DOWNLOAD_COMPLETE, JAN);
      PastHarvest fewerBytesThanObjects = harvest(100, 99, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(weightless))).isEqualTo(1);
      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(fewerBytesThanObjects)))
          .isEqualTo(1);
    }

    @Test
    void givenFewObjectsAndATotalSizeOfZero_whenBytesPerObject_thenTheSetting() {
      PastHarvest weightless = harvest(49, 0, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(weightless)))
          .isEqualTo(38_000);
    }

    @Test
    void given50LargeObjects_whenBytesPerObject_thenTheirAverage() {
      PastHarvest big = harvest(50, 50 * 1_000_000L, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(big))).isEqualTo(1_000_000);
    }

    @Test
    void givenAnAverageBelowTheSettingOfManyObjects_whenBytesPerObject_thenTheAverage() {
      PastHarvest small = harvest(1000, 20_000_000, DOWNLOAD_COMPLETE, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(small))).isEqualTo(20_000);
    }

    @Test
    void givenAnAverageThatIsNoWholeNumber_whenBytesPerObject_thenRoundedDown() {
      PastHarvest odd = harvest(300, 300 * 40_000L + 299, SIZE_LIMIT, JAN);

      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(odd))).isEqualTo(40_000);
    }
  }

  @Nested
  class Step3Maximum {

    private long maximum(
        long configObjects, long configBytes, long harvestObjects, long harvestBytes) {
      return ObjectEstimate.maximumObjects(
          DEFAULTS, 38_000, configObjects, configBytes, harvestObjects, harvestBytes);
    }

    @Test
    void givenNoLimitsAtAll_whenMaximum_thenMaxDomainSize() {
      assertThat(maximum(NONE, NONE, NONE, NONE)).isEqualTo(5000);
      SplitSettings larger = new SplitSettings(10_000, 8_000_000, 100, 2000, 10, 2, 38_000, 7000);
      assertThat(ObjectEstimate.maximumObjects(larger, 38_000, NONE, NONE, NONE, NONE))
          .isEqualTo(7000);
    }

    @Test
    void givenOnlyTheConfigurationsByteLimit_whenMaximum_thenLimitByBytesPerObjectRoundedDown() {
      assertThat(maximum(NONE, GB, NONE, NONE)).isEqualTo(26_315);
    }

    @Test
    void givenOnlyTheConfigurationsObjectLimit_whenMaximum_thenThatLimit() {
      assertThat(maximum(500, NONE, NONE, NONE)).isEqualTo(500);
    }

    @Test
    void givenOnlyTheHarvestsLimits_whenMaximum_thenTheTighterOfThem() {
      assertThat(maximum(NONE, NONE, 3000, NONE)).isEqualTo(3000);
      assertThat(maximum(NONE, NONE, NONE, 380_000_000)).isEqualTo(10_000);
      assertThat(maximum(NONE, NONE, 3000, 380_000_000)).isEqualTo(3000);
      assertThat(maximum(NONE, NONE, 30_000, 380_000_000)).isEqualTo(10_000);
    }

    @Test
    void givenConfigurationAndHarvestLimits_whenMaximum_thenTheTightestWins() {
      // harvest byte limit tighter than the configuration's
      assertThat(maximum(NONE, GB, NONE, 190_000_000)).isEqualTo(5000);
      // configuration byte limit tighter than the harvest's
      assertThat(maximum(NONE, 190_000_000, NONE, GB)).isEqualTo(5000);
      // configuration object limit tighter than both byte limits
      assertThat(maximum(2000, GB, NONE, GB)).isEqualTo(2000);
      // harvest object limit tighter than the configuration's object limit
      assertThat(maximum(2000, GB, 1500, GB)).isEqualTo(1500);
    }

    @Test
    void givenAByteLimitBelowOneObject_whenMaximum_thenZero() {
      assertThat(maximum(NONE, 37_999, NONE, NONE)).isZero();
    }

    @Test
    void givenLargerObjects_whenMaximum_thenFewerFitTheByteLimit() {
      assertThat(ObjectEstimate.maximumObjects(DEFAULTS, 100_000, NONE, GB, NONE, NONE))
          .isEqualTo(10_000);
    }

    @Test
    void givenALimitThatIsNeitherPositiveNorMinusOne_whenMaximum_thenErrorNamesIt() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> maximum(NONE, 0, NONE, NONE))
          .withMessage("configMaxBytes must be a positive number or -1 (no limit), was 0");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> maximum(-2, NONE, NONE, NONE))
          .withMessage("configMaxObjects must be a positive number or -1 (no limit), was -2");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> maximum(NONE, NONE, 0, NONE))
          .withMessageStartingWith("harvestMaxObjects must be");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> maximum(NONE, NONE, NONE, -5))
          .withMessageStartingWith("harvestMaxBytes must be");
    }

    @Test
    void givenNoBytesPerObject_whenMaximum_thenRefused() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> ObjectEstimate.maximumObjects(DEFAULTS, 0, NONE, GB, NONE, NONE))
          .withMessage("bytesPerObject must be at least 1, was 0");
    }
  }

  @Nested
  class Steps4To6Estimate {

    @Test
    void givenNeverHarvestedWithTheDefaultByteLimit_whenEstimated_thenMaxDomainSize() {
      assertThat(expected(null, GB)).isEqualTo(5000);
    }

    @Test
    void givenNeverHarvestedAndNoLimits_whenEstimated_thenMaxDomainSize() {
      assertThat(expected(null, NONE)).isEqualTo(5000);
    }

    @Test
    void givenNeverHarvestedWithALimitBelowMaxDomainSize_whenEstimated_thenCappedByTheMaximum() {
      // 100 MB / 38000 = 2631 objects
      assertThat(expected(null, 100_000_000)).isEqualTo(2631);
    }

    @Test
    void givenACompleteHarvest_whenEstimated_thenMinimumPlusATenthOfTheRoomRoundedDown() {
      PastHarvest complete = harvest(1000, 38_000_000, DOWNLOAD_COMPLETE, JAN);

      // maximum 26315; 1000 + (26315 - 1000) / 10 = 1000 + 2531
      assertThat(expected(complete, GB)).isEqualTo(3531);
    }

    @Test
    void givenOnlyIncompleteHarvests_whenEstimated_thenMinimumPlusHalfTheRoom() {
      PastHarvest incomplete = harvest(1000, 38_000_000, SIZE_LIMIT, JAN);

      // 1000 + (26315 - 1000) / 2 = 1000 + 12657
      assertThat(expected(incomplete, GB)).isEqualTo(13_657);
    }

    @Test
    void givenAnOlderCompleteAndALargerIncompleteHarvest_whenEstimated_thenFromTheIncomplete() {
      List<PastHarvest> history =
          List.of(
              harvest(1000, 38_000_000, DOWNLOAD_COMPLETE, JAN),
              harvest(9000, 342_000_000, SIZE_LIMIT, FEB));

      long estimate =
          ObjectEstimate.expectedObjects(
              DEFAULTS, ObjectEstimate.best(history), NONE, GB, NONE, NONE);

      // 38000 bytes per object: maximum 26315; 9000 + (26315 - 9000) / 2 = 9000 + 8657
      assertThat(estimate).isEqualTo(17_657);
    }

    @Test
    void givenLargeObjectsInTheBestHarvest_whenEstimated_thenTheMaximumUsesTheirAverage() {
      PastHarvest complete = harvest(2000, 200_000_000, DOWNLOAD_COMPLETE, JAN);

      // 100000 bytes per object: maximum 10000; 2000 + 8000 / 10
      assertThat(expected(complete, GB)).isEqualTo(2800);
    }

    @Test
    void givenFewerThan50Objects_whenEstimated_thenOnlyALargeAverageIsBelieved() {
      PastHarvest fewSmall = harvest(49, 49 * 1000L, DOWNLOAD_COMPLETE, JAN);
      PastHarvest fewLarge = harvest(49, 49 * 1_000_000L, DOWNLOAD_COMPLETE, JAN);

      // 38000 bytes per object: 49 + (26315 - 49) / 10 = 49 + 2626
      assertThat(expected(fewSmall, GB)).isEqualTo(2675);
      // 1 MB per object: maximum 1000; 49 + 951 / 10
      assertThat(expected(fewLarge, GB)).isEqualTo(144);
    }

    @Test
    void givenHistoryAndNoLimits_whenEstimated_thenMaxDomainSizeIsTheMaximum() {
      PastHarvest complete = harvest(1000, 1_000_000, DOWNLOAD_COMPLETE, JAN);

      // 1000 + (5000 - 1000) / 10
      assertThat(expected(complete, NONE)).isEqualTo(1400);
    }

    @Test
    void givenHarvestLimitsOnly_whenEstimated_thenTheyGiveTheMaximum() {
      PastHarvest complete = harvest(1000, 38_000_000, DOWNLOAD_COMPLETE, JAN);

      long estimate =
          ObjectEstimate.expectedObjects(DEFAULTS, Optional.of(complete), NONE, NONE, 3000, NONE);

      // 1000 + (3000 - 1000) / 10
      assertThat(estimate).isEqualTo(1200);
    }

    @Test
    void givenConfigurationAndHarvestLimits_whenEstimated_thenTheHarvestsGiveTheRoom() {
      PastHarvest complete = harvest(1000, 38_000_000, DOWNLOAD_COMPLETE, JAN);

      long harvestTighter =
          ObjectEstimate.expectedObjects(
              DEFAULTS, Optional.of(complete), NONE, GB, NONE, 190_000_000);
      long configurationTighter =
          ObjectEstimate.expectedObjects(
              DEFAULTS, Optional.of(complete), 2000, GB, NONE, 190_000_000);
      long configurationCaps =
          ObjectEstimate.expectedObjects(
              DEFAULTS, Optional.of(complete), 1200, GB, NONE, 190_000_000);

      // room 5000 (190 MB / 38000) either way: 1000 + 4000 / 10
      assertThat(harvestTighter).isEqualTo(1400);
      assertThat(configurationTighter).isEqualTo(1400);
      // capped by the configuration's 1200 objects
      assertThat(configurationCaps).isEqualTo(1200);
    }

    @Test
    void givenMoreObjectsThanTheLimitsAllowNow_whenEstimated_thenCappedByTheMaximum() {
      PastHarvest large = harvest(30_000, 30_000 * 38_000L, SIZE_LIMIT, JAN);
      PastHarvest completeLarge = harvest(30_000, 30_000 * 38_000L, DOWNLOAD_COMPLETE, JAN);

      // 30000 + (26315 - 30000) / 2 = 28158, more than the maximum 26315
      assertThat(expected(large, GB)).isEqualTo(26_315);
      assertThat(expected(completeLarge, GB)).isEqualTo(26_315);
    }

    @Test
    void givenExactlyTheMaximumHarvested_whenEstimated_thenTheMaximum() {
      PastHarvest full = harvest(26_315, 26_315 * 38_000L, SIZE_LIMIT, JAN);

      assertThat(expected(full, GB)).isEqualTo(26_315);
    }

    @Test
    void givenAnEmptyButCompleteHarvest_whenEstimated_thenATenthOfTheMaximum() {
      PastHarvest empty = harvest(0, 0, DOWNLOAD_COMPLETE, JAN);

      assertThat(expected(empty, GB)).isEqualTo(2631);
    }

    @Test
    void givenOtherErrorFactors_whenEstimated_thenTheyDivideTheRoom() {
      SplitSettings settings = new SplitSettings(10_000, 8_000_000, 100, 2000, 4, 3, 38_000, 5000);
      PastHarvest complete = harvest(1000, 38_000_000, DOWNLOAD_COMPLETE, JAN);
      PastHarvest incomplete = harvest(1000, 38_000_000, OBJECT_LIMIT, JAN);

      // maximum 5000 (no limits): 1000 + 4000 / 4 and 1000 + 4000 / 3 rounded down
      assertThat(
              ObjectEstimate.expectedObjects(
                  settings, Optional.of(complete), NONE, NONE, NONE, NONE))
          .isEqualTo(2000);
      assertThat(
              ObjectEstimate.expectedObjects(
                  settings, Optional.of(incomplete), NONE, NONE, NONE, NONE))
          .isEqualTo(2333);
    }
  }

  @Nested
  class Step3Room {

    private long room(
        long configObjects, long configBytes, long harvestObjects, long harvestBytes) {
      return ObjectEstimate.roomObjects(
          DEFAULTS, 38_000, configObjects, configBytes, harvestObjects, harvestBytes);
    }

    @Test
    void givenHarvestLimits_whenRoom_thenTheHarvestsEvenIfTheConfigurationsAreTighter() {
      assertThat(room(1100, GB, 2100, NONE)).isEqualTo(2100);
      assertThat(room(NONE, 190_000_000, NONE, GB)).isEqualTo(26_315);
      assertThat(room(NONE, GB, 3000, 380_000_000)).isEqualTo(3000);
    }

    @Test
    void givenNoHarvestLimits_whenRoom_thenTheConfigurationsOrMaxDomainSize() {
      assertThat(room(1100, GB, NONE, NONE)).isEqualTo(1100);
      assertThat(room(NONE, 190_000_000, NONE, NONE)).isEqualTo(5000);
      assertThat(room(NONE, NONE, NONE, NONE)).isEqualTo(5000);
    }
  }

  /**
   * NetarchiveSuite's DomainConfigurationTest (harvester-core, dk.netarkivet.harvester.datamodel),
   * one test here per test there, with its figures. Its default configuration has a byte limit of 1
   * GB and no object limit; its history entries of one harvest are dated 1970, the "second" ones
   * 1980. The harvest's limits are its getExpectedNumberOfObjects(objectLimit, byteLimit)
   * arguments.
   */
  @Nested
  class NetarchiveSuiteFigures {

    private static final Instant Y1970 = Instant.parse("1970-02-01T00:00:00Z");
    private static final Instant Y1980 = Instant.parse("1980-02-01T00:00:00Z");

    private long expect(
        List<PastHarvest> history, long configMaxObjects, long harvestObjects, long harvestBytes) {
      return ObjectEstimate.expectedObjects(
          DEFAULTS,
          ObjectEstimate.best(history),
          configMaxObjects,
          GB,
          harvestObjects,
          harvestBytes);
    }

    // testExpectedNumberOfObjectsDefaults
    @Test
    void givenNoHistory_whenEstimated_thenMaxDomainSize() {
      assertThat(expect(List.of(), NONE, NONE, NONE)).isEqualTo(5000);
    }

    // testExpectedNumberOfObjectsWithSetMaxObjects
    @Test
    void givenNoHistoryAndAnObjectLimit_whenEstimated_thenThatLimit() {
      assertThat(expect(List.of(), 4000, NONE, NONE)).isEqualTo(4000);
      assertThat(expect(List.of(), 4000, 6000, NONE)).isEqualTo(4000);
    }

    // testExpectedNumberOfObjectsDownloadComplete: the example
    @Test
    void givenACompleteHarvest_whenAHarvestLimitIsSet_thenItGivesTheRoom() {
      List<PastHarvest> history = List.of(harvest(100, 1, DOWNLOAD_COMPLETE, Y1970));

      assertThat(expect(history, 1100, NONE, NONE)).isEqualTo(200);
      assertThat(expect(history, 1100, 2100, NONE)).isEqualTo(300);
    }

    // testExpectedNumberOfObjectsObjectLimit
    @Test
    void givenAnIncompleteHarvest_whenEstimated_thenHalfTheRoom() {
      List<PastHarvest> history = List.of(harvest(100, 1, OBJECT_LIMIT, Y1970));

      assertThat(expect(history, 1100, NONE, NONE)).isEqualTo(600);
    }

    // testExpectedNumberOfObjectsOverrideflag
    @Test
    void givenAHarvestLimit_whenTheConfigurationsLimitChanges_thenItOnlyCapsTheResult() {
      List<PastHarvest> history = List.of(harvest(100, 1, OBJECT_LIMIT, Y1970));

      assertThat(expect(history, 1100, NONE, NONE)).isEqualTo(600);
      assertThat(expect(history, 5000, 2200, NONE)).isEqualTo(1150);
      assertThat(expect(history, 200, 2200, NONE)).isEqualTo(200);
      assertThat(expect(history, 1000, 2200, NONE)).isEqualTo(1000);
    }

    // testExpectedNumberOfObjects
    @Test
    void givenASizeLimitedHarvestAndAHarvestLimit_whenEstimated_thenCappedByTheConfiguration() {
      List<PastHarvest> history = List.of(harvest(100, 1, SIZE_LIMIT, Y1970));

      assertThat(expect(history, 1100, 2100, NONE)).isEqualTo(1100);
    }

    // testExpectedNumberOfObjectsNewerSmallUnfinishedHarvest
    @Test
    void givenANewerSmallerIncompleteHarvest_whenEstimated_thenTheCompleteOneCounts() {
      List<PastHarvest> history =
          List.of(harvest(200, 1, DOWNLOAD_COMPLETE, Y1970), harvest(100, 1, SIZE_LIMIT, Y1980));

      assertThat(expect(history, NONE, 2200, NONE)).isEqualTo(400);
    }

    // testExpectedNumberOfObjectsNewerLargeUnfinishedHarvest
    @Test
    void givenANewerLargerIncompleteHarvest_whenEstimated_thenItDefinesTheExpectation() {
      List<PastHarvest> history =
          List.of(harvest(200, 1, DOWNLOAD_COMPLETE, Y1970), harvest(300, 1, SIZE_LIMIT, Y1980));

      assertThat(expect(history, 2300, NONE, NONE)).isEqualTo(1300);
    }

    // testExpectedNumberOfObjectsOlderLargeUnfinishedHarvest
    @Test
    void givenAnOlderLargerIncompleteHarvest_whenEstimated_thenTheNewerCompleteOneCounts() {
      List<PastHarvest> history =
          List.of(harvest(300, 1, SIZE_LIMIT, Y1970), harvest(200, 1, DOWNLOAD_COMPLETE, Y1980));

      assertThat(expect(history, NONE, 2200, NONE)).isEqualTo(400);
    }

    // testExpectedNumberOfObjects40ObjectsHarvested
    @Test
    void given40SmallObjects_whenEstimated_thenTheSettingsBytesPerObject() {
      List<PastHarvest> history = List.of(harvest(40, 400, SIZE_LIMIT, Y1970));

      assertThat(expect(history, NONE, NONE, 5_000_000)).isEqualTo(85);
    }

    // testExpectedNumberOfObjects100ObjectsHarvested
    @Test
    void given100SmallObjects_whenEstimated_thenTheirAverageOf10Bytes() {
      List<PastHarvest> history = List.of(harvest(100, 1000, SIZE_LIMIT, Y1970));

      assertThat(expect(history, NONE, NONE, 5_000_000)).isEqualTo(250_050);
    }

    // testExpectedNumberOfObjectsHeritrix1On1
    @Test
    void givenOneObjectOfOneByte_whenEstimated_thenTheSettingsBytesPerObject() {
      List<PastHarvest> history = List.of(harvest(1, 1, SIZE_LIMIT, Y1970));

      assertThat(expect(history, NONE, NONE, 5_000_000)).isEqualTo(66);
    }

    // testExpectedNumberOfObjectsLargeExpectation
    @Test
    void givenTenLargeObjects_whenEstimated_thenTheirLargeAverageIsTrusted() {
      List<PastHarvest> history = List.of(harvest(10, 10_000_000, SIZE_LIMIT, Y1970));

      assertThat(expect(history, NONE, NONE, 5_000_000)).isEqualTo(5);
    }
  }

  @Test
  void givenNegativeFigures_whenAPastHarvestIsMade_thenErrorNamesThem() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest(-1, 0, DOWNLOAD_COMPLETE, JAN))
        .withMessage("Objects of a past harvest must be 0 or more, was -1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest(0, -7, DOWNLOAD_COMPLETE, JAN))
        .withMessage("Bytes of a past harvest must be 0 or more, was -7");
  }

  @Test
  void givenStopReasons_whenAskedIfComplete_thenOnlyDownloadComplete() {
    for (StopReason reason : StopReason.values()) {
      assertThat(harvest(1, 1, reason, JAN).isComplete())
          .as(reason.name())
          .isEqualTo(reason == DOWNLOAD_COMPLETE);
    }
  }
}
