package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.DOWNLOAD_COMPLETE;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.OBJECT_LIMIT;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.SIZE_LIMIT;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

/**
 * The estimate of reference/000 as NetarchiveSuite's tests pin it, on concrete cases, with the
 * default settings: 38000 bytes per object, maxDomainSize 5000, errorFactorPrevResult 10,
 * errorFactorBestGuess 2. {@link
 * #givenNetarchiveSuitesFigures_whenEstimated_thenNetarchiveSuitesExpectation} repeats
 * NetarchiveSuite's own cases.
 */
class ObjectEstimateTest {

  private static final SplitSettings DEFAULTS = SplitSettings.defaults();
  private static final long NONE = -1;
  private static final long GB = 1_000_000_000L;
  private static final Instant JAN = Instant.parse("2025-01-10T02:00:00Z");
  private static final Instant FEB = Instant.parse("2025-02-10T02:00:00Z");
  private static final Instant MAR = Instant.parse("2025-03-10T02:00:00Z");

  private static final Map<String, Instant> WHEN =
      Map.of(
          "JAN", JAN,
          "FEB", FEB,
          "MAR", MAR,
          "1970", Instant.parse("1970-02-01T00:00:00Z"),
          "1980", Instant.parse("1980-02-01T00:00:00Z"));

  private static PastHarvest harvest(long objects, long bytes, StopReason reason, Instant at) {
    return new PastHarvest(objects, bytes, reason, at);
  }

  /**
   * A history written as harvests separated by {@code ;}, each "objects bytes REASON when" with
   * when one of JAN, FEB, MAR (2025) or 1970, 1980 (NetarchiveSuite's dates); {@code -} is none.
   */
  static List<PastHarvest> history(String text) {
    if (text.isBlank() || text.strip().equals("-")) {
      return List.of();
    }
    List<PastHarvest> history = new ArrayList<>();
    for (String entry : text.split(";")) {
      String[] parts = entry.strip().split("\\s+");
      history.add(
          harvest(
              Long.parseLong(parts[0]),
              Long.parseLong(parts[1]),
              StopReason.valueOf(parts[2]),
              WHEN.get(parts[3])));
    }
    return history;
  }

  @Nested
  class Step1BestHarvest {

    @Test
    void givenNoHistory_whenBest_thenEmpty() {
      assertThat(ObjectEstimate.best(List.of())).isEmpty();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '"',
        textBlock =
            """
            two complete: the most recent even with fewer objects \
              | 900 9000000 DOWNLOAD_COMPLETE JAN; 300 3000000 DOWNLOAD_COMPLETE FEB \
              | 300 3000000 DOWNLOAD_COMPLETE FEB
            two complete: the most recent even with fewer objects \
              | 300 3000000 DOWNLOAD_COMPLETE FEB; 900 9000000 DOWNLOAD_COMPLETE JAN \
              | 300 3000000 DOWNLOAD_COMPLETE FEB
            a complete and a larger more recent incomplete: the incomplete \
              | 5000 90000000 SIZE_LIMIT MAR; 100 1000000 DOWNLOAD_COMPLETE JAN \
              | 5000 90000000 SIZE_LIMIT MAR
            a complete and a larger more recent incomplete: the incomplete \
              | 100 1000000 DOWNLOAD_COMPLETE JAN; 5000 90000000 SIZE_LIMIT MAR \
              | 5000 90000000 SIZE_LIMIT MAR
            a complete and a smaller more recent incomplete: the complete \
              | 99 90000000 SIZE_LIMIT MAR; 100 1000000 DOWNLOAD_COMPLETE JAN \
              | 100 1000000 DOWNLOAD_COMPLETE JAN
            a larger incomplete before the last complete: the complete \
              | 5000 90000000 SIZE_LIMIT JAN; 100 1000000 DOWNLOAD_COMPLETE FEB \
              | 100 1000000 DOWNLOAD_COMPLETE FEB
            an incomplete as large as a newer complete: the complete \
              | 100 9000000 SIZE_LIMIT MAR; 100 1000000 DOWNLOAD_COMPLETE JAN \
              | 100 1000000 DOWNLOAD_COMPLETE JAN
            no complete harvest: the one with most objects even if older \
              | 6999 99000000 SIZE_LIMIT MAR; 10 1000 DOWNLOAD_UNFINISHED FEB; 7000 10 TIME_LIMIT JAN \
              | 7000 10 TIME_LIMIT JAN
            complete ones started at the same time: more objects \
              | 10 5000 DOWNLOAD_COMPLETE FEB; 11 100 DOWNLOAD_COMPLETE FEB \
              | 11 100 DOWNLOAD_COMPLETE FEB
            complete ones started at the same time: more objects, then more bytes \
              | 11 200 DOWNLOAD_COMPLETE FEB; 11 100 DOWNLOAD_COMPLETE FEB; 10 5000 DOWNLOAD_COMPLETE FEB \
              | 11 200 DOWNLOAD_COMPLETE FEB
            incomplete ones with as many objects: NetarchiveSuite scans newest first, keeps the older \
              | 500 1000 SIZE_LIMIT JAN; 500 9000000 TIME_LIMIT FEB \
              | 500 1000 SIZE_LIMIT JAN
            incomplete ones with as many objects: the older, then more bytes \
              | 500 9000000 TIME_LIMIT FEB; 500 2000 TIME_LIMIT JAN; 500 1000 SIZE_LIMIT JAN \
              | 500 2000 TIME_LIMIT JAN
            incomplete ones equal but for the stop reason: the reason declared first \
              | 500 1000 TIME_LIMIT JAN; 500 1000 OBJECT_LIMIT JAN \
              | 500 1000 OBJECT_LIMIT JAN
            incomplete ones equal but for the stop reason: the reason declared first \
              | 500 1000 OBJECT_LIMIT JAN; 500 1000 TIME_LIMIT JAN \
              | 500 1000 OBJECT_LIMIT JAN
            """)
    void givenAHistory_whenBest_thenTheHarvestNetarchiveSuiteWouldChoose(
        String what, String harvests, String best) {
      assertThat(ObjectEstimate.best(history(harvests))).contains(history(best).getFirst());
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

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '"',
        textBlock =
            """
            fewer than 50 small objects: the setting          | 49 1861951 DOWNLOAD_COMPLETE JAN    | 38000
            fewer than 50 large objects: their average        | 1 1000000 DOWNLOAD_COMPLETE JAN     | 1000000
            50 small objects: their average                   | 50 1000 DOWNLOAD_COMPLETE JAN       | 20
            no objects: the setting                           | 0 5000 DOWNLOAD_COMPLETE JAN        | 38000
            many objects and a total size of zero: one byte   | 100 0 DOWNLOAD_COMPLETE JAN         | 1
            many objects, fewer bytes than objects: one byte  | 100 99 DOWNLOAD_COMPLETE JAN        | 1
            few objects and a total size of zero: the setting | 49 0 DOWNLOAD_COMPLETE JAN          | 38000
            50 large objects: their average                   | 50 50000000 DOWNLOAD_COMPLETE JAN   | 1000000
            an average below the setting of many objects      | 1000 20000000 DOWNLOAD_COMPLETE JAN | 20000
            an average that is no whole number: rounded down  | 300 12000299 SIZE_LIMIT JAN         | 40000
            """)
    void givenTheBestHarvest_whenBytesPerObject_thenTheAverageIfBelievedOrTheSetting(
        String what, String best, long bytesPerObject) {
      assertThat(ObjectEstimate.bytesPerObject(DEFAULTS, Optional.of(history(best).getFirst())))
          .isEqualTo(bytesPerObject);
    }
  }

  @Nested
  class Step3Maximum {

    @Test
    void givenNoLimitsAtAll_whenMaximum_thenMaxDomainSize() {
      SplitSettings larger = new SplitSettings(10_000, 8_000_000, 100, 2000, 10, 2, 38_000, 7000);
      assertThat(ObjectEstimate.maximumObjects(larger, 38_000, NONE, NONE, NONE, NONE))
          .isEqualTo(7000);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '"',
        textBlock =
            """
            no limits at all: maxDomainSize                              | -1   | -1         | -1   | -1         | 5000
            only the configuration's byte limit: by bytes per object     | -1   | 1000000000 | -1   | -1         | 26315
            only the configuration's object limit: that limit            | 500  | -1         | -1   | -1         | 500
            only the harvest's object limit                              | -1   | -1         | 3000 | -1         | 3000
            only the harvest's byte limit                                | -1   | -1         | -1   | 380000000  | 10000
            the harvest's limits: the object limit the tighter           | -1   | -1         | 3000 | 380000000  | 3000
            the harvest's limits: the byte limit the tighter             | -1   | -1         | 30000| 380000000  | 10000
            harvest byte limit tighter than the configuration's          | -1   | 1000000000 | -1   | 190000000  | 5000
            configuration byte limit tighter than the harvest's          | -1   | 190000000  | -1   | 1000000000 | 5000
            configuration object limit tighter than both byte limits     | 2000 | 1000000000 | -1   | 1000000000 | 2000
            harvest object limit tighter than the configuration's        | 2000 | 1000000000 | 1500 | 1000000000 | 1500
            a byte limit below one object: zero                          | -1   | 37999      | -1   | -1         | 0
            """)
    void givenLimits_whenMaximum_thenTheTightestOfThemOrMaxDomainSize(
        String what,
        long configObjects,
        long configBytes,
        long harvestObjects,
        long harvestBytes,
        long maximum) {
      assertThat(
              ObjectEstimate.maximumObjects(
                  DEFAULTS, 38_000, configObjects, configBytes, harvestObjects, harvestBytes))
          .isEqualTo(maximum);
    }

    @Test
    void givenLargerObjects_whenMaximum_thenFewerFitTheByteLimit() {
      assertThat(ObjectEstimate.maximumObjects(DEFAULTS, 100_000, NONE, GB, NONE, NONE))
          .isEqualTo(10_000);
    }

    @ParameterizedTest(name = "{4}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '"',
        textBlock =
            """
            -1 | 0  | -1 | -1 | configMaxBytes must be a positive number or -1 (no limit), was 0
            -2 | -1 | -1 | -1 | configMaxObjects must be a positive number or -1 (no limit), was -2
            -1 | -1 | 0  | -1 | harvestMaxObjects must be a positive number or -1 (no limit), was 0
            -1 | -1 | -1 | -5 | harvestMaxBytes must be a positive number or -1 (no limit), was -5
            """)
    void givenALimitThatIsNeitherPositiveNorMinusOne_whenMaximum_thenErrorNamesIt(
        long configObjects,
        long configBytes,
        long harvestObjects,
        long harvestBytes,
        String message) {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  ObjectEstimate.maximumObjects(
                      DEFAULTS, 38_000, configObjects, configBytes, harvestObjects, harvestBytes))
          .withMessage(message);
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

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '"',
        textBlock =
            """
            never harvested, the default byte limit: maxDomainSize              | -                                    | 1000000000 | 5000
            never harvested, no limits: maxDomainSize                           | -                                    | -1         | 5000
            never harvested, a limit below maxDomainSize: 100 MB / 38000        | -                                    | 100000000  | 2631
            complete: maximum 26315; 1000 + (26315 - 1000) / 10                 | 1000 38000000 DOWNLOAD_COMPLETE JAN  | 1000000000 | 3531
            only incomplete: 1000 + (26315 - 1000) / 2                          | 1000 38000000 SIZE_LIMIT JAN         | 1000000000 | 13657
            large objects, 100000 bytes each: maximum 10000; 2000 + 8000 / 10   | 2000 200000000 DOWNLOAD_COMPLETE JAN | 1000000000 | 2800
            fewer than 50 small objects, 38000 bytes each: 49 + (26315 - 49) / 10 | 49 49000 DOWNLOAD_COMPLETE JAN     | 1000000000 | 2675
            fewer than 50 large objects, 1 MB each: maximum 1000; 49 + 951 / 10 | 49 49000000 DOWNLOAD_COMPLETE JAN    | 1000000000 | 144
            history and no limits: 1000 + (5000 - 1000) / 10                    | 1000 1000000 DOWNLOAD_COMPLETE JAN   | -1         | 1400
            more than the limits allow now: 30000 + (26315 - 30000) / 2 capped  | 30000 1140000000 SIZE_LIMIT JAN      | 1000000000 | 26315
            more than the limits allow now, complete: capped by the maximum     | 30000 1140000000 DOWNLOAD_COMPLETE JAN | 1000000000 | 26315
            exactly the maximum harvested: the maximum                          | 26315 999970000 SIZE_LIMIT JAN       | 1000000000 | 26315
            an empty but complete harvest: a tenth of the maximum               | 0 0 DOWNLOAD_COMPLETE JAN            | 1000000000 | 2631
            """)
    void givenTheBestHarvestAndTheConfigurationsByteLimit_whenEstimated_thenTheExpectation(
        String what, String best, long configBytes, long expected) {
      assertThat(
              ObjectEstimate.expectedObjects(
                  DEFAULTS, history(best).stream().findFirst(), NONE, configBytes, NONE, NONE))
          .isEqualTo(expected);
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

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '"',
        textBlock =
            """
            harvest object limit, even if the configuration's is tighter | 1100 | 1000000000 | 2100 | -1         | 2100
            harvest byte limit, even if the configuration's is tighter   | -1   | 190000000  | -1   | 1000000000 | 26315
            harvest limits: the tighter                                  | -1   | 1000000000 | 3000 | 380000000  | 3000
            no harvest limits: the configuration's object limit          | 1100 | 1000000000 | -1   | -1         | 1100
            no harvest limits: the configuration's byte limit            | -1   | 190000000  | -1   | -1         | 5000
            no limits at all: maxDomainSize                              | -1   | -1         | -1   | -1         | 5000
            """)
    void givenLimits_whenRoom_thenTheHarvestsOrElseTheConfigurationsOrMaxDomainSize(
        String what,
        long configObjects,
        long configBytes,
        long harvestObjects,
        long harvestBytes,
        long room) {
      assertThat(
              ObjectEstimate.roomObjects(
                  DEFAULTS, 38_000, configObjects, configBytes, harvestObjects, harvestBytes))
          .isEqualTo(room);
    }
  }

  /**
   * NetarchiveSuite's DomainConfigurationTest (harvester-core, dk.netarkivet.harvester.datamodel),
   * each of its tests here by name, with its figures. Its default configuration has a byte limit of
   * 1 GB and no object limit; its history entries of one harvest are dated 1970, the "second" ones
   * 1980. The harvest's limits are its getExpectedNumberOfObjects(objectLimit, byteLimit)
   * arguments.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          testExpectedNumberOfObjectsDefaults                      | -                                                 | -1   | -1   | -1      | 5000
          testExpectedNumberOfObjectsWithSetMaxObjects             | -                                                 | 4000 | -1   | -1      | 4000
          testExpectedNumberOfObjectsWithSetMaxObjects             | -                                                 | 4000 | 6000 | -1      | 4000
          testExpectedNumberOfObjectsDownloadComplete              | 100 1 DOWNLOAD_COMPLETE 1970                      | 1100 | -1   | -1      | 200
          testExpectedNumberOfObjectsDownloadComplete              | 100 1 DOWNLOAD_COMPLETE 1970                      | 1100 | 2100 | -1      | 300
          testExpectedNumberOfObjectsObjectLimit                   | 100 1 OBJECT_LIMIT 1970                           | 1100 | -1   | -1      | 600
          testExpectedNumberOfObjectsOverrideflag                  | 100 1 OBJECT_LIMIT 1970                           | 1100 | -1   | -1      | 600
          testExpectedNumberOfObjectsOverrideflag                  | 100 1 OBJECT_LIMIT 1970                           | 5000 | 2200 | -1      | 1150
          testExpectedNumberOfObjectsOverrideflag                  | 100 1 OBJECT_LIMIT 1970                           | 200  | 2200 | -1      | 200
          testExpectedNumberOfObjectsOverrideflag                  | 100 1 OBJECT_LIMIT 1970                           | 1000 | 2200 | -1      | 1000
          testExpectedNumberOfObjects                              | 100 1 SIZE_LIMIT 1970                             | 1100 | 2100 | -1      | 1100
          testExpectedNumberOfObjectsNewerSmallUnfinishedHarvest   | 200 1 DOWNLOAD_COMPLETE 1970; 100 1 SIZE_LIMIT 1980 | -1 | 2200 | -1      | 400
          testExpectedNumberOfObjectsNewerLargeUnfinishedHarvest   | 200 1 DOWNLOAD_COMPLETE 1970; 300 1 SIZE_LIMIT 1980 | 2300 | -1 | -1      | 1300
          testExpectedNumberOfObjectsOlderLargeUnfinishedHarvest   | 300 1 SIZE_LIMIT 1970; 200 1 DOWNLOAD_COMPLETE 1980 | -1 | 2200 | -1      | 400
          testExpectedNumberOfObjects40ObjectsHarvested            | 40 400 SIZE_LIMIT 1970                            | -1   | -1   | 5000000 | 85
          testExpectedNumberOfObjects100ObjectsHarvested           | 100 1000 SIZE_LIMIT 1970                          | -1   | -1   | 5000000 | 250050
          testExpectedNumberOfObjectsHeritrix1On1                  | 1 1 SIZE_LIMIT 1970                               | -1   | -1   | 5000000 | 66
          testExpectedNumberOfObjectsLargeExpectation              | 10 10000000 SIZE_LIMIT 1970                       | -1   | -1   | 5000000 | 5
          """)
  void givenNetarchiveSuitesFigures_whenEstimated_thenNetarchiveSuitesExpectation(
      String netarchiveSuiteTest,
      String harvests,
      long configMaxObjects,
      long harvestObjects,
      long harvestBytes,
      long expected) {
    assertThat(
            ObjectEstimate.expectedObjects(
                DEFAULTS,
                ObjectEstimate.best(history(harvests)),
                configMaxObjects,
                GB,
                harvestObjects,
                harvestBytes))
        .isEqualTo(expected);
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
