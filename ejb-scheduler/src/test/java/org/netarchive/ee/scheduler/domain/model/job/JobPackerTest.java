package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

/**
 * The six checks of reference/000, each reached and not reached at its boundary, as
 * NetarchiveSuite's DefaultJobGenerator makes them. The settings are small: at most 3
 * configurations and 1000 expected objects per job, a relative difference of at most 10 unless the
 * counts differ by at most 20.
 */
class JobPackerTest {

  private static final long NONE = -1;
  private static final SplitSettings SMALL =
      new SplitSettings(3, 1000, 10, 20, 10, 2, 38_000, 5000);

  private static long nextConfigurationId = 1;

  /** A configuration of domain {@code domainId} with template 1 and no byte limit. */
  static JobCandidate candidate(long domainId, long expectedObjects) {
    return candidate(domainId, 1, NONE, expectedObjects);
  }

  static JobCandidate candidate(long domainId, long templateId, long maxBytes, long expected) {
    return new JobCandidate(
        nextConfigurationId++, domainId, "d" + domainId + ".dk", templateId, maxBytes, expected);
  }

  private static JobPacker packerWith(long harvestMaxBytes, JobCandidate... candidates) {
    JobPacker packer = new JobPacker(SMALL, harvestMaxBytes);
    for (JobCandidate candidate : candidates) {
      packer.add(candidate);
    }
    return packer;
  }

  @Nested
  class EmptyJob {

    @Test
    void givenAnEmptyJob_whenAnythingIsChecked_thenItFits() {
      JobPacker packer = new JobPacker(SMALL, 1000);

      assertThat(packer.isEmpty()).isTrue();
      assertThat(packer.check(candidate(1, 7, 5, 1_000_000))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(1, 1, NONE, 0))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenAnEmptyJob_whenAConfigurationLargerThanMaxTotalSizeIsAdded_thenItIsAlone() {
      JobPacker packer = new JobPacker(SMALL, NONE);
      packer.add(candidate(1, 5000));

      assertThat(packer.size()).isEqualTo(1);
      assertThat(packer.check(candidate(2, 5000))).isEqualTo(Fit.TOTAL_SIZE);
    }

    @Test
    void givenAnEmptyJob_whenSnapshotTaken_thenNoFiguresAndUndecidedByteLimit() {
      OpenJob job = new JobPacker(SMALL, 1000).openJob();

      assertThat(job).isEqualTo(OpenJob.empty());
      assertThat(job.isEmpty()).isTrue();
      assertThat(job.byteLimit()).isEqualTo(NONE);
      assertThat(job.byteLimitSource()).isEqualTo(ByteLimitSource.UNDECIDED);
      assertThatIllegalStateException().isThrownBy(job::templateId);
    }
  }

  /**
   * Configurations written "domain template maxBytes expectedObjects", separated by {@code ;}; the
   * settings "configChunkSize maxTotalSize maxRelativeSizeDifference minAbsoluteSizeDifference".
   */
  private static JobPacker packer(String settings, long harvestMaxBytes, String job) {
    long[] split = numbers(settings);
    JobPacker packer =
        new JobPacker(
            new SplitSettings(
                Math.toIntExact(split[0]), split[1], split[2], split[3], 10, 2, 38_000, 5000),
            harvestMaxBytes);
    for (String configuration : job.split(";")) {
      packer.add(configuration(configuration));
    }
    return packer;
  }

  private static JobCandidate configuration(String text) {
    long[] figures = numbers(text);
    return candidate(figures[0], figures[1], figures[2], figures[3]);
  }

  private static long[] numbers(String text) {
    return Arrays.stream(text.strip().split("\\s+")).mapToLong(Long::parseLong).toArray();
  }

  /**
   * The six checks in their order, each reached and not reached at its boundary: a job of the
   * configurations in the third column is asked whether the fourth fits. SMALL is "3 1000 10 20".
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          1 same domain: another of the domain in the job      | 3 1000 10 20 | -1   | 1 1 -1 100 | 1 1 -1 100 | SAME_DOMAIN
          1 same domain: one of another domain fits            | 3 1000 10 20 | -1   | 1 1 -1 100 | 2 1 -1 100 | FITS
          1 same domain comes first, every other check failing | 3 1000 10 20 | 1000 \
            | 1 1 500 100; 2 1 500 100; 3 1 500 100 | 1 2 7 100000 | SAME_DOMAIN
          2 configChunkSize minus one configurations, one more fits \
            | 3 1000 10 20 | -1 | 1 1 -1 100; 2 1 -1 100 | 3 1 -1 100 | FITS
          2 configChunkSize configurations, one more is too many \
            | 3 1000 10 20 | -1 | 1 1 -1 100; 2 1 -1 100; 3 1 -1 100 | 4 1 -1 100 | TOO_MANY_CONFIGURATIONS
          2 a full job and another template: too many comes before the template \
            | 3 1000 10 20 | -1 | 1 1 -1 100; 2 1 -1 100; 3 1 -1 100 | 4 2 -1 100 | TOO_MANY_CONFIGURATIONS
          2 a chunk size of one, a second configuration      | 1 1000 10 20 | -1   | 1 1 -1 100 | 2 1 -1 100 | TOO_MANY_CONFIGURATIONS
          3 a job of template 1, a configuration of template 2 | 3 1000 10 20 | -1   | 1 1 -1 100 | 2 2 -1 100 | OTHER_TEMPLATE
          3 a job of template 1, a configuration of template 1 | 3 1000 10 20 | -1   | 1 1 -1 100 | 2 1 -1 100 | FITS
          3 another template and byte limit: the template comes first \
            | 3 1000 10 20 | -1 | 1 1 500 100 | 2 2 600 100 | OTHER_TEMPLATE
          4 limited by the harvest, an unlimited one fits      | 3 1000 10 20 | 1000 | 1 1 -1 100  | 2 1 -1 100   | FITS
          4 limited by the harvest, a larger limit fits        | 3 1000 10 20 | 1000 | 1 1 -1 100  | 2 1 5000 100 | FITS
          4 limited by the harvest, the same limit fits        | 3 1000 10 20 | 1000 | 1 1 -1 100  | 2 1 1000 100 | FITS
          4 limited by the harvest, a smaller limit does not   | 3 1000 10 20 | 1000 | 1 1 5000 100 | 2 1 999 100 | BYTE_LIMIT
          4 limited by its configurations, the same limit fits | 3 1000 10 20 | 1000 | 1 1 500 100 | 2 1 500 100  | FITS
          4 limited by its configurations, a smaller limit     | 3 1000 10 20 | 1000 | 1 1 500 100 | 2 1 499 100  | BYTE_LIMIT
          4 limited by its configurations, a larger limit      | 3 1000 10 20 | 1000 | 1 1 500 100 | 2 1 501 100  | BYTE_LIMIT
          4 limited by its configurations, the harvest's limit | 3 1000 10 20 | 1000 | 1 1 500 100 | 2 1 1000 100 | BYTE_LIMIT
          4 limited by its configurations, no limit            | 3 1000 10 20 | 1000 | 1 1 500 100 | 2 1 -1 100   | BYTE_LIMIT
          4 no harvest limit, started unlimited: unlimited fits | 3 1000 10 20 | -1  | 1 1 -1 100  | 2 1 -1 100   | FITS
          4 no harvest limit, started unlimited: a limit does not | 3 1000 10 20 | -1 | 1 1 -1 100 | 2 1 1000 100 | BYTE_LIMIT
          4 no harvest limit, started limited: that limit fits | 3 1000 10 20 | -1   | 1 1 1000 100 | 2 1 1000 100 | FITS
          4 no harvest limit, started limited: no limit does not | 3 1000 10 20 | -1 | 1 1 1000 100 | 2 1 -1 100  | BYTE_LIMIT
          4 no harvest limit, started limited: another does not | 3 1000 10 20 | -1  | 1 1 1000 100 | 2 1 2000 100 | BYTE_LIMIT
          4 another byte limit and too many objects: the byte limit comes first \
            | 3 1000 10 20 | -1 | 1 1 1000 900 | 2 1 2000 900 | BYTE_LIMIT
          5 a job of 600, a 400: exactly maxTotalSize fits     | 3 1000 10 20 | -1   | 1 1 -1 600 | 2 1 -1 400 | FITS
          5 a job of 600, a 401: too large a total             | 3 1000 10 20 | -1   | 1 1 -1 600 | 2 1 -1 401 | TOTAL_SIZE
          5 two configurations, a third that fits the total    | 3 1000 10 20 | -1   | 1 1 -1 400; 2 1 -1 350 | 3 1 -1 250 | FITS
          5 two configurations, a third that tips the total    | 3 1000 10 20 | -1   | 1 1 -1 400; 2 1 -1 350 | 3 1 -1 251 | TOTAL_SIZE
          5 too many objects and too large a difference: the total comes first \
            | 3 1000 10 20 | -1 | 1 1 -1 5 | 2 1 -1 996 | TOTAL_SIZE
          5 huge expectations: no overflow lets them in \
            | 10 9223372036854775807 10 0 | -1 | 1 1 -1 9223372036854775797 | 2 1 -1 9223372036854775797 | TOTAL_SIZE
          6 a job of 100, a 1000: a factor of 10 fits          | 3 5000 10 20 | -1   | 1 1 -1 100 | 2 1 -1 1000 | FITS
          6 a job of 100, more than 10 times as many           | 3 5000 10 20 | -1   | 1 1 -1 100 | 2 1 -1 1001 | RELATIVE_SIZE
          6 a job of 900, a tenth of it fits                   | 3 1000 10 20 | -1   | 1 1 -1 900 | 2 1 -1 90   | FITS
          6 a job of 900, below a tenth of it                  | 3 1000 10 20 | -1   | 1 1 -1 900 | 2 1 -1 89   | RELATIVE_SIZE
          6 20 times as many but only 19 more, below minAbsoluteSizeDifference \
            | 3 1000 10 20 | -1 | 1 1 -1 1 | 2 1 -1 20 | FITS
          6 21 times as many but exactly minAbsoluteSizeDifference more: absDiff <= LIM_MIN_ABS_SIZE \
            | 3 1000 10 20 | -1 | 1 1 -1 1 | 2 1 -1 21 | FITS
          6 22 times as many and 21 more: the relative rule applies again \
            | 3 1000 10 20 | -1 | 1 1 -1 1 | 2 1 -1 22 | RELATIVE_SIZE
          6 a job expecting no objects, zero counts as one: 0 fits | 3 1000 10 20 | -1 | 1 1 -1 0 | 2 1 -1 0  | FITS
          6 a job expecting no objects, zero counts as one: 20 fits | 3 1000 10 20 | -1 | 1 1 -1 0 | 2 1 -1 20 | FITS
          6 a job expecting no objects, zero counts as one: 21 does not \
            | 3 1000 10 20 | -1 | 1 1 -1 0 | 2 1 -1 21 | RELATIVE_SIZE
          6 no minAbsoluteSizeDifference, zero and 0 fit       | 3 1000 10 0 | -1    | 1 1 -1 0  | 2 1 -1 0   | FITS
          6 no minAbsoluteSizeDifference, zero and 1 fit       | 3 1000 10 0 | -1    | 1 1 -1 0  | 2 1 -1 1   | FITS
          6 no minAbsoluteSizeDifference, zero and 10 fit      | 3 1000 10 0 | -1    | 1 1 -1 0  | 2 1 -1 10  | FITS
          6 no minAbsoluteSizeDifference, zero and 11 do not   | 3 1000 10 0 | -1    | 1 1 -1 0  | 2 1 -1 11  | RELATIVE_SIZE
          6 a ratio of exactly 10: 330 / 33                    | 3 1000000 10 0 | -1 | 1 1 -1 33 | 2 1 -1 330 | FITS
          6 a ratio of 10.03, which integer division would round to 10: 331 / 33 \
            | 3 1000000 10 0 | -1 | 1 1 -1 33 | 2 1 -1 331 | RELATIVE_SIZE
          6 a job spanning the ratio, an in-between count fits | 3 1000 10 20 | -1   | 1 1 -1 50; 2 1 -1 500 | 3 1 -1 120 | FITS
          6 a job spanning the ratio, below a tenth of its largest \
            | 3 1000 10 20 | -1 | 1 1 -1 50; 2 1 -1 500 | 3 1 -1 49 | RELATIVE_SIZE
          6 a huge ratio limit: no overflow \
            | 3 9223372036854775807 9223372036854775807 0 | -1 | 1 1 -1 1 | 2 1 -1 4611686018427387903 | FITS
          """)
  void givenAJob_whenAConfigurationIsChecked_thenTheFirstCheckItFailsOrFits(
      String what, String settings, long harvestMaxBytes, String job, String candidate, Fit fit) {
    assertThat(packer(settings, harvestMaxBytes, job).check(configuration(candidate)))
        .isEqualTo(fit);
  }

  /** The first configuration and the harvest decide the job's byte limit. */
  @ParameterizedTest(name = "harvest limit {0}, first configuration {1}: {2} set by {3}")
  @CsvSource({
    "1000, -1, 1000, HARVEST",
    "1000, 5000, 1000, HARVEST",
    "1000, 1000, 1000, HARVEST",
    "1000, 500, 500, CONFIGURATIONS",
    "-1, -1, -1, CONFIGURATIONS",
    "-1, 1000, 1000, CONFIGURATIONS"
  })
  void givenAHarvestLimit_whenAJobIsStarted_thenTheTighterOfItAndTheFirstConfigurationsLimit(
      long harvestMaxBytes, long firstMaxBytes, long byteLimit, ByteLimitSource source) {
    OpenJob job = packerWith(harvestMaxBytes, candidate(1, 1, firstMaxBytes, 100)).openJob();

    assertThat(job.byteLimit()).isEqualTo(byteLimit);
    assertThat(job.byteLimitSource()).isEqualTo(source);
    assertThat(job.byteLimitSetByHarvest()).isEqualTo(source == ByteLimitSource.HARVEST);
  }

  @Test
  void givenAJob_whenSnapshotTaken_thenItsTemplateIsTheFirstConfigurations() {
    JobPacker packer = packerWith(NONE, candidate(1, 4, NONE, 100));

    assertThat(packer.openJob().templateId()).isEqualTo(4);
  }

  @Test
  void givenAJobExpectingNoObjects_whenMoreThanMaxTotalSize_thenTotalSizeDoesNotStopIt() {
    // DefaultJobGenerator.checkSpecificAcceptConditions checks the total only when the job's
    // total count is above 0: like a first configuration, the large one may stand alone
    JobPacker packer =
        new JobPacker(new SplitSettings(3, 1000, Long.MAX_VALUE, 0, 10, 2, 1, 1), NONE);
    packer.add(candidate(1, 0));

    assertThat(packer.check(candidate(2, 5000))).isEqualTo(Fit.FITS);
    packer.add(candidate(2, 5000));
    assertThat(packer.check(candidate(3, 1))).isEqualTo(Fit.TOTAL_SIZE);
  }

  /** NetarchiveSuite's job-splitting tests, with their figures. */
  @Nested
  class NetarchiveSuiteFigures {

    // DefaultJobGeneratorTest.testCanAcceptByteLimit: a job whose byte limit the harvest sets
    // (2 MB, first configuration 5 MB) and one whose byte limit the first configuration sets
    // (5 MB, first configuration 2 MB)
    @ParameterizedTest(name = "harvest {0}, first {1}: configuration {2} of {3} bytes {4}")
    @CsvSource({
      "2000000, 5000000, 1, 2000000, SAME_DOMAIN",
      "2000000, 5000000, 2, 2000000, FITS",
      "2000000, 5000000, 2, 1000000, BYTE_LIMIT",
      "2000000, 5000000, 2, 3000000, FITS",
      "5000000, 2000000, 2, 2000000, FITS",
      "5000000, 2000000, 2, 1000000, BYTE_LIMIT",
      "5000000, 2000000, 2, 3000000, BYTE_LIMIT"
    })
    void givenAHarvestLimitAndAFirstConfiguration_whenChecked_thenTestCanAcceptByteLimits(
        long harvestMaxBytes, long firstMaxBytes, long domain, long maxBytes, Fit fit) {
      JobPacker packer = packerWith(harvestMaxBytes, candidate(1, 1, firstMaxBytes, 100));

      assertThat(packer.check(candidate(domain, 1, maxBytes, 100))).isEqualTo(fit);
    }

    // AbstractJobGeneratorTest.testAddConfigurationMinCountObjects: configurations limited to 4000
    // objects and no bytes, each harvested completely (1 byte) with 112, 1112 and 2223 objects,
    // expect 500, 1400 and 2400; with maxRelativeSizeDifference 3 and minAbsoluteSizeDifference 0
    // the first two share a job and the third does not fit
    @Test
    void givenExpectationsOf500And1400_whenA2400WithAFactorOf3_thenRelativeSize() {
      SplitSettings settings = new SplitSettings(10_000, 2_000_000, 3, 0, 10, 2, 38_000, 5000);
      long[] expected = new long[3];
      long[] objects = {112, 1112, 2223};
      for (int i = 0; i < objects.length; i++) {
        PastHarvest complete =
            new PastHarvest(
                objects[i], 1, StopReason.DOWNLOAD_COMPLETE, Instant.parse("2025-01-10T02:00:00Z"));
        expected[i] =
            ObjectEstimate.expectedObjects(settings, Optional.of(complete), 4000, NONE, NONE, NONE);
      }
      assertThat(expected).containsExactly(500, 1400, 2400);

      JobPacker packer = new JobPacker(settings, NONE);
      packer.add(candidate(1, expected[0]));
      packer.add(candidate(2, expected[1]));

      assertThat(packer.check(candidate(3, expected[2]))).isEqualTo(Fit.RELATIVE_SIZE);
    }
  }

  @Nested
  class AddingAndClosing {

    @Test
    void givenAConfigurationThatDoesNotFit_whenAdded_thenRefusedWithTheReason() {
      JobPacker packer = packerWith(NONE, candidate(1, 1, NONE, 100));
      JobCandidate other = new JobCandidate(77, 2, "kb.dk", 2, NONE, 100);

      assertThatIllegalStateException()
          .isThrownBy(() -> packer.add(other))
          .withMessage(
              "Cannot add configuration 77 of domain 'kb.dk' to the job: the configuration uses"
                  + " another harvest template than the job");
      assertThat(packer.size()).isEqualTo(1);
    }

    @Test
    void givenConfigurationsAdded_whenSnapshotTaken_thenItHasThemAndTheirFigures() {
      JobCandidate first = candidate(1, 1, 5000, 300);
      JobCandidate second = candidate(2, 1, NONE, 100);
      JobCandidate third = candidate(3, 1, 2000, 200);
      JobPacker packer = packerWith(1000, first, second, third);

      OpenJob job = packer.openJob();

      assertThat(job.candidates()).containsExactly(first, second, third);
      assertThat(job.size()).isEqualTo(3);
      assertThat(job.totalExpectedObjects()).isEqualTo(600);
      assertThat(job.minExpectedObjects()).isEqualTo(100);
      assertThat(job.maxExpectedObjects()).isEqualTo(300);
      assertThat(job.byteLimit()).isEqualTo(1000);
      assertThat(job.templateId()).isEqualTo(1);
    }

    @Test
    void givenASnapshot_whenThePackerGoesOn_thenTheSnapshotDoesNotChange() {
      JobPacker packer = packerWith(NONE, candidate(1, 100));
      OpenJob before = packer.openJob();

      packer.add(candidate(2, 200));

      assertThat(before.size()).isEqualTo(1);
      assertThat(before.totalExpectedObjects()).isEqualTo(100);
      assertThatThrownBy(() -> before.candidates().add(candidate(3, 1)))
          .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void givenAJob_whenClosed_thenItIsReturnedAndTheNextJobStartsEmpty() {
      JobCandidate first = candidate(1, 1, 500, 100);
      JobPacker packer = packerWith(1000, first);

      OpenJob closed = packer.close();

      assertThat(closed.candidates()).containsExactly(first);
      assertThat(closed.byteLimitSource()).isEqualTo(ByteLimitSource.CONFIGURATIONS);
      assertThat(packer.isEmpty()).isTrue();
      assertThat(packer.openJob()).isEqualTo(OpenJob.empty());
    }

    @Test
    void givenAClosedJob_whenTheNextStarts_thenNothingOfTheOldJobCounts() {
      JobPacker packer = packerWith(1000, candidate(1, 1, 500, 900));
      packer.close();

      JobCandidate sameDomainOtherEverything = candidate(1, 2, NONE, 5);
      packer.add(sameDomainOtherEverything);

      OpenJob job = packer.openJob();
      assertThat(job.candidates()).containsExactly(sameDomainOtherEverything);
      assertThat(job.totalExpectedObjects()).isEqualTo(5);
      assertThat(job.minExpectedObjects()).isEqualTo(5);
      assertThat(job.maxExpectedObjects()).isEqualTo(5);
      assertThat(job.byteLimit()).isEqualTo(1000);
      assertThat(job.byteLimitSource()).isEqualTo(ByteLimitSource.HARVEST);
      assertThat(job.templateId()).isEqualTo(2);
    }

    @Test
    void givenAnEmptyPacker_whenClosed_thenAnEmptyJob() {
      JobPacker packer = new JobPacker(SMALL, NONE);

      assertThat(packer.close().isEmpty()).isTrue();
      assertThat(packer.isEmpty()).isTrue();
    }

    @Test
    void givenAHarvestLimitThatIsNoLimit_whenAPackerIsMade_thenErrorNamesIt() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new JobPacker(SMALL, 0))
          .withMessage("harvestMaxBytes must be a positive number or -1 (no limit), was 0");
    }

    @Test
    void givenAnInconsistentSnapshot_whenMade_thenRefused() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new OpenJob(List.of(), 0, 0, 0, NONE, ByteLimitSource.HARVEST))
          .withMessageContaining("UNDECIDED exactly when it is empty");
    }
  }
}
