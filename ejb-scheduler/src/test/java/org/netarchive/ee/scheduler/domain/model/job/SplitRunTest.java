package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assertions.assertTimeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Whole splits: the input order, a split with the default settings, resuming, and scale. */
class SplitRunTest {

  private static final long NONE = -1;
  private static final long GB = 1_000_000_000L;

  /** The jobs of a split and why each was closed (FITS: the configurations ran out). */
  private record Split(List<List<JobCandidate>> jobs, List<Fit> closedBecause) {}

  private static Split pack(JobPacker packer, List<JobCandidate> sorted, Split soFar) {
    List<List<JobCandidate>> jobs = new ArrayList<>(soFar.jobs());
    List<Fit> reasons = new ArrayList<>(soFar.closedBecause());
    for (JobCandidate candidate : sorted) {
      Fit fit = packer.check(candidate);
      if (fit != Fit.FITS) {
        jobs.add(packer.close().candidates());
        reasons.add(fit);
      }
      packer.add(candidate);
    }
    return new Split(jobs, reasons);
  }

  private static Split finish(JobPacker packer, Split split) {
    List<List<JobCandidate>> jobs = new ArrayList<>(split.jobs());
    List<Fit> reasons = new ArrayList<>(split.closedBecause());
    if (!packer.isEmpty()) {
      jobs.add(packer.close().candidates());
      reasons.add(Fit.FITS);
    }
    return new Split(jobs, reasons);
  }

  @Test
  void givenConfigurationsInAnyOrder_whenSortedBySplitOrder_thenTemplateLimitDescendingObjects() {
    JobCandidate t1Unlimited = new JobCandidate(9, 1, "a.dk", 1, NONE, 10);
    JobCandidate t1UnlimitedLarger = new JobCandidate(8, 2, "b.dk", 1, NONE, 900);
    JobCandidate t1Large = new JobCandidate(7, 3, "c.dk", 1, 5 * GB, 5000);
    JobCandidate t1Gb = new JobCandidate(6, 4, "d.dk", 1, GB, 20);
    JobCandidate t1GbTieLowerId = new JobCandidate(2, 5, "e.dk", 1, GB, 20);
    JobCandidate t1Small = new JobCandidate(5, 6, "f.dk", 1, 1000, 99_999);
    JobCandidate t2Unlimited = new JobCandidate(4, 7, "g.dk", 2, NONE, 1);
    JobCandidate t2Small = new JobCandidate(3, 8, "h.dk", 2, 10, 1);
    List<JobCandidate> expected =
        List.of(
            t1UnlimitedLarger,
            t1Unlimited,
            t1Large,
            t1GbTieLowerId,
            t1Gb,
            t1Small,
            t2Unlimited,
            t2Small);

    Random random = new Random(7);
    for (int i = 0; i < 20; i++) {
      List<JobCandidate> shuffled = new ArrayList<>(expected);
      Collections.shuffle(shuffled, random);
      shuffled.sort(JobPacker.SPLIT_ORDER);
      assertThat(shuffled).containsExactlyElementsOf(expected);
    }
  }

  /**
   * A harvest with the default byte limit of 1 GB and the default settings: every rule that closes
   * a job with sensible numbers, in order.
   */
  @Test
  void givenAHarvestWithDefaultSettings_whenSplit_thenJobsAsTheRulesSay() {
    JobCandidate a = new JobCandidate(1, 1, "a.dk", 1, NONE, 20_000);
    JobCandidate c = new JobCandidate(3, 3, "c.dk", 1, 5 * GB, 150);
    JobCandidate b = new JobCandidate(2, 2, "b.dk", 1, GB, 5000);
    JobCandidate d = new JobCandidate(4, 4, "d.dk", 1, GB, 150);
    JobCandidate e = new JobCandidate(5, 5, "e.dk", 1, 500_000_000, 3000);
    JobCandidate f = new JobCandidate(6, 6, "f.dk", 1, 500_000_000, 100);
    JobCandidate g = new JobCandidate(7, 7, "g.dk", 1, 100_000_000, 100);
    JobCandidate h = new JobCandidate(8, 8, "h.dk", 2, NONE, 1500);
    JobCandidate j = new JobCandidate(10, 10, "j.dk", 2, NONE, 10);
    JobCandidate h2 = new JobCandidate(9, 8, "h.dk", 2, NONE, 5);
    List<JobCandidate> input = new ArrayList<>(List.of(h2, g, a, j, d, b, f, c, e, h));
    input.sort(JobPacker.SPLIT_ORDER);
    assertThat(input).containsExactly(a, c, b, d, e, f, g, h, j, h2);

    JobPacker packer = new JobPacker(SplitSettings.defaults(), GB);
    Split split = finish(packer, pack(packer, input, new Split(List.of(), List.of())));

    assertThat(split.jobs())
        .containsExactly(
            List.of(a), // c: 20000 / 150 is more than 100 times, and 2000 or more apart
            List.of(c, b, d), // limits of 5 GB and 1 GB are at least the harvest's 1 GB
            List.of(e, f), // e's 500 MB is below the harvest's: the configurations set it
            List.of(g), // 100 MB is another limit
            List.of(h, j), // another template; 1500 / 10 = 150 times but within 2000
            List.of(h2)); // h.dk is already in the job
    assertThat(split.closedBecause())
        .containsExactly(
            Fit.RELATIVE_SIZE,
            Fit.BYTE_LIMIT,
            Fit.BYTE_LIMIT,
            Fit.OTHER_TEMPLATE,
            Fit.SAME_DOMAIN,
            Fit.FITS);
  }

  private static List<JobCandidate> randomHarvest(long seed, int size) {
    Random random = new Random(seed);
    long[] byteLimits = {NONE, 500, 1000, 2000};
    List<JobCandidate> candidates = new ArrayList<>();
    for (int i = 1; i <= size; i++) {
      long domainId = 1 + random.nextInt(size / 4);
      long expected = random.nextInt(10) == 0 ? random.nextInt(3000) : random.nextInt(300);
      candidates.add(
          new JobCandidate(
              i,
              domainId,
              "d" + domainId + ".dk",
              1 + random.nextInt(3),
              byteLimits[random.nextInt(byteLimits.length)],
              expected));
    }
    candidates.sort(JobPacker.SPLIT_ORDER);
    return candidates;
  }

  @Test
  void givenASplitInterruptedAnywhere_whenResumedFromItsOpenJob_thenTheSameJobsAsWithout() {
    SplitSettings settings = new SplitSettings(20, 5000, 10, 50, 10, 2, 38_000, 5000);
    List<JobCandidate> input = randomHarvest(11, 3000);
    JobPacker uninterrupted = new JobPacker(settings, 1000);
    Split expected =
        finish(uninterrupted, pack(uninterrupted, input, new Split(List.of(), List.of())));
    Set<Fit> reasons = EnumSet.copyOf(expected.closedBecause());
    assertThat(reasons).as("the input reaches every check").containsAll(EnumSet.allOf(Fit.class));

    for (int stop = 0; stop <= input.size(); stop += 37) {
      JobPacker before = new JobPacker(settings, 1000);
      Split soFar = pack(before, input.subList(0, stop), new Split(List.of(), List.of()));
      List<JobCandidate> checkpoint = before.openJob().candidates();

      JobPacker after = JobPacker.resume(settings, 1000, checkpoint);
      assertThat(after.openJob()).isEqualTo(before.openJob());
      Split resumed = finish(after, pack(after, input.subList(stop, input.size()), soFar));

      assertThat(resumed).as("interrupted after %d configurations", stop).isEqualTo(expected);
    }
  }

  @Test
  void givenAnOpenJobThatBreaksTheRules_whenResumed_thenErrorNamesTheConfiguration() {
    List<JobCandidate> broken =
        List.of(
            new JobCandidate(1, 1, "a.dk", 1, NONE, 10),
            new JobCandidate(2, 2, "b.dk", 1, NONE, 10),
            new JobCandidate(3, 1, "a.dk", 1, NONE, 10));

    assertThatIllegalArgumentException()
        .isThrownBy(() -> JobPacker.resume(SplitSettings.defaults(), NONE, broken))
        .withMessage(
            "Cannot resume the job: configuration 3 of domain 'a.dk' (number 3 of 3) does not fit"
                + " the configurations before it: the job already has a configuration of the"
                + " domain");
  }

  @Test
  void givenAnEmptyCheckpoint_whenResumed_thenAnEmptyJob() {
    JobPacker packer = JobPacker.resume(SplitSettings.defaults(), GB, List.of());

    assertThat(packer.isEmpty()).isTrue();
    assertThat(packer.harvestMaxBytes()).isEqualTo(GB);
    assertThat(packer.settings()).isEqualTo(SplitSettings.defaults());
  }

  /**
   * Two million configurations with the default settings: jobs of 10000 (or of 8,000,000 expected
   * objects) are packed in time linear in the input. A quadratic packer would need about 10^10
   * steps here.
   */
  @Test
  void givenTwoMillionConfigurations_whenPacked_thenWellWithinSeconds() {
    JobPacker packer = new JobPacker(SplitSettings.defaults(), GB);
    long[] jobs = {0};
    long[] placed = {0};

    assertTimeout(
        Duration.ofSeconds(30),
        () -> {
          for (int i = 1; i <= 2_000_000; i++) {
            JobCandidate candidate =
                new JobCandidate(
                    i, i, "d.dk", 1 + (i - 1) / 1_000_000, NONE, i % 2 == 0 ? 800 : 700);
            if (packer.check(candidate) != Fit.FITS) {
              placed[0] += packer.close().size();
              jobs[0]++;
            }
            packer.add(candidate);
          }
          placed[0] += packer.close().size();
          jobs[0]++;
        });

    assertThat(placed[0]).isEqualTo(2_000_000);
    assertThat(jobs[0]).isEqualTo(200);
  }
}
