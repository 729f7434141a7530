package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
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

  @Nested
  class Check1SameDomain {

    @Test
    void givenAConfigurationOfTheDomainInTheJob_whenAnotherOfTheSameDomain_thenSameDomain() {
      JobPacker packer = packerWith(NONE, candidate(1, 100));

      assertThat(packer.check(candidate(1, 100))).isEqualTo(Fit.SAME_DOMAIN);
    }

    @Test
    void givenAConfigurationOfTheDomainInTheJob_whenOneOfAnotherDomain_thenFits() {
      JobPacker packer = packerWith(NONE, candidate(1, 100));

      assertThat(packer.check(candidate(2, 100))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenTheSameDomainAndEveryOtherCheckFailing_whenChecked_thenSameDomainComesFirst() {
      JobPacker packer = packerWith(1000, candidate(1, 1, 500, 100), candidate(2, 1, 500, 100));
      packer.add(candidate(3, 1, 500, 100));

      assertThat(packer.check(candidate(1, 2, 7, 100_000))).isEqualTo(Fit.SAME_DOMAIN);
    }
  }

  @Nested
  class Check2TooManyConfigurations {

    @Test
    void givenConfigChunkSizeMinusOneConfigurations_whenOneMore_thenFits() {
      JobPacker packer = packerWith(NONE, candidate(1, 100), candidate(2, 100));

      assertThat(packer.check(candidate(3, 100))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenConfigChunkSizeConfigurations_whenOneMore_thenTooMany() {
      JobPacker packer = packerWith(NONE, candidate(1, 100), candidate(2, 100), candidate(3, 100));

      assertThat(packer.check(candidate(4, 100))).isEqualTo(Fit.TOO_MANY_CONFIGURATIONS);
    }

    @Test
    void givenAFullJobAndAnotherTemplate_whenChecked_thenTooManyComesBeforeTemplate() {
      JobPacker packer = packerWith(NONE, candidate(1, 100), candidate(2, 100), candidate(3, 100));

      assertThat(packer.check(candidate(4, 2, NONE, 100))).isEqualTo(Fit.TOO_MANY_CONFIGURATIONS);
    }

    @Test
    void givenAChunkSizeOfOne_whenASecondConfiguration_thenTooMany() {
      JobPacker packer = new JobPacker(new SplitSettings(1, 1000, 10, 20, 10, 2, 1, 1), NONE);
      packer.add(candidate(1, 100));

      assertThat(packer.check(candidate(2, 100))).isEqualTo(Fit.TOO_MANY_CONFIGURATIONS);
    }
  }

  @Nested
  class Check3Template {

    @Test
    void givenAJobOfTemplate1_whenAConfigurationOfTemplate2_thenOtherTemplate() {
      JobPacker packer = packerWith(NONE, candidate(1, 1, NONE, 100));

      assertThat(packer.check(candidate(2, 2, NONE, 100))).isEqualTo(Fit.OTHER_TEMPLATE);
      assertThat(packer.check(candidate(2, 1, NONE, 100))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenAnotherTemplateAndAnotherByteLimit_whenChecked_thenTemplateComesFirst() {
      JobPacker packer = packerWith(NONE, candidate(1, 1, 500, 100));

      assertThat(packer.check(candidate(2, 2, 600, 100))).isEqualTo(Fit.OTHER_TEMPLATE);
    }

    @Test
    void givenAJob_whenSnapshotTaken_thenItsTemplateIsTheFirstConfigurations() {
      JobPacker packer = packerWith(NONE, candidate(1, 4, NONE, 100));

      assertThat(packer.openJob().templateId()).isEqualTo(4);
    }
  }

  @Nested
  class Check4ByteLimit {

    @Test
    void givenAHarvestLimitAndAnUnlimitedFirstConfiguration_whenStarted_thenTheHarvestSetsIt() {
      OpenJob job = packerWith(1000, candidate(1, 1, NONE, 100)).openJob();

      assertThat(job.byteLimit()).isEqualTo(1000);
      assertThat(job.byteLimitSource()).isEqualTo(ByteLimitSource.HARVEST);
      assertThat(job.byteLimitSetByHarvest()).isTrue();
    }

    @Test
    void givenAHarvestLimitAndAFirstConfigurationWithALargerLimit_whenStarted_thenTheHarvests() {
      OpenJob job = packerWith(1000, candidate(1, 1, 5000, 100)).openJob();

      assertThat(job.byteLimit()).isEqualTo(1000);
      assertThat(job.byteLimitSource()).isEqualTo(ByteLimitSource.HARVEST);
    }

    @Test
    void givenAHarvestLimitAndAFirstConfigurationWithTheSameLimit_whenStarted_thenTheHarvests() {
      OpenJob job = packerWith(1000, candidate(1, 1, 1000, 100)).openJob();

      assertThat(job.byteLimit()).isEqualTo(1000);
      assertThat(job.byteLimitSource()).isEqualTo(ByteLimitSource.HARVEST);
    }

    @Test
    void givenAJobLimitedByTheHarvest_whenConfigurationsAtLeastAsLarge_thenFit() {
      JobPacker packer = packerWith(1000, candidate(1, 1, NONE, 100));

      assertThat(packer.check(candidate(2, 1, NONE, 100))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 1, 5000, 100))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 1, 1000, 100))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenAJobLimitedByTheHarvest_whenAConfigurationWithASmallerLimit_thenByteLimit() {
      JobPacker packer = packerWith(1000, candidate(1, 1, 5000, 100));

      assertThat(packer.check(candidate(2, 1, 999, 100))).isEqualTo(Fit.BYTE_LIMIT);
    }

    @Test
    void givenAHarvestLimitAndAFirstConfigurationBelowIt_whenStarted_thenTheConfigurationSetsIt() {
      OpenJob job = packerWith(1000, candidate(1, 1, 500, 100)).openJob();

      assertThat(job.byteLimit()).isEqualTo(500);
      assertThat(job.byteLimitSource()).isEqualTo(ByteLimitSource.CONFIGURATIONS);
      assertThat(job.byteLimitSetByHarvest()).isFalse();
    }

    @Test
    void givenAJobLimitedByItsConfigurations_whenTheSameLimit_thenFits() {
      JobPacker packer = packerWith(1000, candidate(1, 1, 500, 100));

      assertThat(packer.check(candidate(2, 1, 500, 100))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenAJobLimitedByItsConfigurations_whenAnyOtherLimit_thenByteLimit() {
      JobPacker packer = packerWith(1000, candidate(1, 1, 500, 100));

      assertThat(packer.check(candidate(2, 1, 499, 100))).isEqualTo(Fit.BYTE_LIMIT);
      assertThat(packer.check(candidate(2, 1, 501, 100))).isEqualTo(Fit.BYTE_LIMIT);
      assertThat(packer.check(candidate(2, 1, 1000, 100))).isEqualTo(Fit.BYTE_LIMIT);
      assertThat(packer.check(candidate(2, 1, NONE, 100))).isEqualTo(Fit.BYTE_LIMIT);
    }

    @Test
    void givenNoHarvestLimit_whenStartedByAnUnlimitedConfiguration_thenOnlyUnlimitedOnesFit() {
      JobPacker packer = packerWith(NONE, candidate(1, 1, NONE, 100));

      assertThat(packer.openJob().byteLimit()).isEqualTo(NONE);
      assertThat(packer.openJob().byteLimitSource()).isEqualTo(ByteLimitSource.CONFIGURATIONS);
      assertThat(packer.check(candidate(2, 1, NONE, 100))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 1, 1000, 100))).isEqualTo(Fit.BYTE_LIMIT);
    }

    @Test
    void givenNoHarvestLimit_whenStartedByALimitedConfiguration_thenOnlyThatLimitFits() {
      JobPacker packer = packerWith(NONE, candidate(1, 1, 1000, 100));

      assertThat(packer.openJob().byteLimit()).isEqualTo(1000);
      assertThat(packer.openJob().byteLimitSource()).isEqualTo(ByteLimitSource.CONFIGURATIONS);
      assertThat(packer.check(candidate(2, 1, 1000, 100))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 1, NONE, 100))).isEqualTo(Fit.BYTE_LIMIT);
      assertThat(packer.check(candidate(2, 1, 2000, 100))).isEqualTo(Fit.BYTE_LIMIT);
    }

    @Test
    void givenAnotherByteLimitAndTooManyObjects_whenChecked_thenByteLimitComesFirst() {
      JobPacker packer = packerWith(NONE, candidate(1, 1, 1000, 900));

      assertThat(packer.check(candidate(2, 1, 2000, 900))).isEqualTo(Fit.BYTE_LIMIT);
    }
  }

  @Nested
  class Check5TotalSize {

    @Test
    void givenAJobOf600_whenA400_thenExactlyMaxTotalSizeFits() {
      JobPacker packer = packerWith(NONE, candidate(1, 600));

      assertThat(packer.check(candidate(2, 400))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenAJobOf600_whenA401_thenTotalSize() {
      JobPacker packer = packerWith(NONE, candidate(1, 600));

      assertThat(packer.check(candidate(2, 401))).isEqualTo(Fit.TOTAL_SIZE);
    }

    @Test
    void givenTwoConfigurations_whenTheThirdTipsTheTotal_thenTotalSize() {
      JobPacker packer = packerWith(NONE, candidate(1, 400), candidate(2, 350));

      assertThat(packer.check(candidate(3, 250))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(3, 251))).isEqualTo(Fit.TOTAL_SIZE);
    }

    @Test
    void givenTooManyObjectsAndTooLargeADifference_whenChecked_thenTotalSizeComesFirst() {
      JobPacker packer = packerWith(NONE, candidate(1, 5));

      assertThat(packer.check(candidate(2, 996))).isEqualTo(Fit.TOTAL_SIZE);
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

    @Test
    void givenHugeExpectations_whenChecked_thenNoOverflowLetsThemIn() {
      JobPacker packer =
          new JobPacker(new SplitSettings(10, Long.MAX_VALUE, 10, 0, 10, 2, 1, 1), NONE);
      packer.add(candidate(1, Long.MAX_VALUE - 10));

      assertThat(packer.check(candidate(2, Long.MAX_VALUE - 10))).isEqualTo(Fit.TOTAL_SIZE);
    }
  }

  @Nested
  class Check6RelativeSize {

    @Test
    void givenAJobOf100_whenA1000_thenAFactorOf10Fits() {
      JobPacker packer = new JobPacker(new SplitSettings(3, 5000, 10, 20, 10, 2, 1, 1), NONE);
      packer.add(candidate(1, 100));

      assertThat(packer.check(candidate(2, 1000))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenAJobOf100_whenAnotherWithMoreThan10Times_thenRelativeSize() {
      JobPacker packer = new JobPacker(new SplitSettings(3, 5000, 10, 20, 10, 2, 1, 1), NONE);
      packer.add(candidate(1, 100));

      assertThat(packer.check(candidate(2, 1001))).isEqualTo(Fit.RELATIVE_SIZE);
    }

    @Test
    void givenAJobOf900_whenASmallerOneBelowATenth_thenRelativeSize() {
      JobPacker packer = packerWith(NONE, candidate(1, 900));

      assertThat(packer.check(candidate(2, 90))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 89))).isEqualTo(Fit.RELATIVE_SIZE);
    }

    @Test
    void givenCountsFarApartRelativelyButCloserThanMinAbsolute_whenChecked_thenFits() {
      JobPacker packer = packerWith(NONE, candidate(1, 1));

      // 20 times as many, but only 19 more: less than minAbsoluteSizeDifference 20
      assertThat(packer.check(candidate(2, 20))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenCountsExactlyMinAbsoluteApart_whenRelativelyTooFar_thenFits() {
      // DefaultJobGenerator: "absDiff <= LIM_MIN_ABS_SIZE" is "difference too small to matter"
      JobPacker packer = packerWith(NONE, candidate(1, 1));

      // 21 times as many, but exactly 20 more
      assertThat(packer.check(candidate(2, 21))).isEqualTo(Fit.FITS);
    }

    @Test
    void givenCountsOneMoreThanMinAbsoluteApart_whenRelativelyTooFar_thenRelativeSize() {
      JobPacker packer = packerWith(NONE, candidate(1, 1));

      // 22 times as many and 21 more: the relative rule applies again
      assertThat(packer.check(candidate(2, 22))).isEqualTo(Fit.RELATIVE_SIZE);
    }

    @Test
    void givenAJobWithNoExpectedObjects_whenCheckedAgainstZero_thenZeroCountsAsOne() {
      // DefaultJobGenerator: "if (yminCountObjects == 0) yminCountObjects = 1"
      JobPacker packer = packerWith(NONE, candidate(1, 0));

      assertThat(packer.check(candidate(2, 0))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 20))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 21))).isEqualTo(Fit.RELATIVE_SIZE);
    }

    @Test
    void givenNoMinAbsoluteDifference_whenZeroAndUpToTheFactor_thenFitsAndMoreDoesNot() {
      JobPacker packer =
          new JobPacker(new SplitSettings(3, 1000, 10, 0, 10, 2, 38_000, 5000), NONE);
      packer.add(candidate(1, 0));

      assertThat(packer.check(candidate(2, 0))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 1))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 10))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 11))).isEqualTo(Fit.RELATIVE_SIZE);
    }

    @Test
    void givenARatioThatIsNoWholeNumber_whenChecked_thenComparedExactly() {
      JobPacker packer = new JobPacker(new SplitSettings(3, 1_000_000, 10, 0, 10, 2, 1, 1), NONE);
      packer.add(candidate(1, 33));

      // 330 / 33 = 10 exactly; 331 / 33 = 10.03, which integer division would round to 10
      assertThat(packer.check(candidate(2, 330))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 331))).isEqualTo(Fit.RELATIVE_SIZE);
    }

    @Test
    void givenAJobSpanningTheRatio_whenAnInBetweenCount_thenFits() {
      JobPacker packer = packerWith(NONE, candidate(1, 50), candidate(2, 500));

      assertThat(packer.check(candidate(3, 120))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(3, 49))).isEqualTo(Fit.RELATIVE_SIZE);
    }

    @Test
    void givenAHugeRatioLimit_whenChecked_thenNoOverflow() {
      JobPacker packer =
          new JobPacker(new SplitSettings(3, Long.MAX_VALUE, Long.MAX_VALUE, 0, 10, 2, 1, 1), NONE);
      packer.add(candidate(1, 1));

      assertThat(packer.check(candidate(2, Long.MAX_VALUE / 2))).isEqualTo(Fit.FITS);
    }
  }

  /** NetarchiveSuite's job-splitting tests, with their figures. */
  @Nested
  class NetarchiveSuiteFigures {

    // DefaultJobGeneratorTest.testCanAcceptByteLimit: a job whose byte limit the harvest sets
    @Test
    void givenAHarvestLimitOf2MbAndAFirstConfigurationOf5Mb_whenChecked_thenAtLeast2MbFits() {
      JobPacker packer = packerWith(2_000_000, candidate(1, 1, 5_000_000, 100));

      assertThat(packer.check(candidate(1, 1, 2_000_000, 100))).isEqualTo(Fit.SAME_DOMAIN);
      assertThat(packer.check(candidate(2, 1, 2_000_000, 100))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 1, 1_000_000, 100))).isEqualTo(Fit.BYTE_LIMIT);
      assertThat(packer.check(candidate(2, 1, 3_000_000, 100))).isEqualTo(Fit.FITS);
    }

    // DefaultJobGeneratorTest.testCanAcceptByteLimit: a job whose byte limit the first
    // configuration sets
    @Test
    void givenAHarvestLimitOf5MbAndAFirstConfigurationOf2Mb_whenChecked_thenOnly2MbFits() {
      JobPacker packer = packerWith(5_000_000, candidate(1, 1, 2_000_000, 100));

      assertThat(packer.check(candidate(2, 1, 2_000_000, 100))).isEqualTo(Fit.FITS);
      assertThat(packer.check(candidate(2, 1, 1_000_000, 100))).isEqualTo(Fit.BYTE_LIMIT);
      assertThat(packer.check(candidate(2, 1, 3_000_000, 100))).isEqualTo(Fit.BYTE_LIMIT);
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
