package org.netarchive.ee.scheduler.domain.model.job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Packs the configurations of a harvest into jobs, one job at a time, with the six checks of the
 * NetarchiveSuite design (reference/000, "Scheduling and splitting"). The configurations must come
 * in {@link #SPLIT_ORDER} so that those that can share a job are next to each other; the packer
 * holds only the job being built.
 *
 * <p>A batch writer does, for each configuration: if {@link #check} is not {@link Fit#FITS}, store
 * {@link #close()}; then {@link #add}. After the last one it stores {@link #close()} unless the
 * packer {@link #isEmpty() is empty}. {@link #check}, {@link #add} and {@link #close} take constant
 * (amortised) time; the job's domains and totals are kept as it grows.
 *
 * <p>Not thread-safe: one packer per split.
 */
public final class JobPacker {

  /**
   * The order the configurations must come in: by harvest template id; then by byte limit, largest
   * first with "no limit" (-1) before any; then by expected objects, most first; then by
   * configuration id, so the order is total. A database query gives the same order with {@code
   * ORDER BY template_id, CASE WHEN max_bytes = -1 THEN 1 ELSE 0 END DESC, max_bytes DESC,
   * expected_objects DESC, configuration_id}.
   */
  public static final Comparator<JobCandidate> SPLIT_ORDER =
      Comparator.comparingLong(JobCandidate::templateId)
          .thenComparing(
              Comparator.comparingLong((JobCandidate c) -> unlimitedAsLargest(c.maxBytes()))
                  .reversed())
          .thenComparing(Comparator.comparingLong(JobCandidate::expectedObjects).reversed())
          .thenComparingLong(JobCandidate::configurationId);

  private final SplitSettings settings;
  private final long harvestMaxBytes;

  private List<JobCandidate> candidates = new ArrayList<>();
  private Set<Long> domainIds = new HashSet<>();
  private long templateId;
  private long byteLimit = Limits.NONE;
  private ByteLimitSource byteLimitSource = ByteLimitSource.UNDECIDED;
  private long totalExpectedObjects;
  private long minExpectedObjects;
  private long maxExpectedObjects;

  /**
   * A packer with an empty job.
   *
   * @param harvestMaxBytes the harvest's per-domain byte limit, -1 for none
   */
  public JobPacker(SplitSettings settings, long harvestMaxBytes) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.harvestMaxBytes = Limits.require("harvestMaxBytes", harvestMaxBytes);
  }

  /**
   * A packer whose job has {@code openJobSoFar}, as after adding them one by one: for resuming a
   * split from a checkpoint.
   *
   * @throws IllegalArgumentException if one of them does not fit the job of those before it
   */
  public static JobPacker resume(
      SplitSettings settings, long harvestMaxBytes, List<JobCandidate> openJobSoFar) {
    JobPacker packer = new JobPacker(settings, harvestMaxBytes);
    for (int i = 0; i < openJobSoFar.size(); i++) {
      JobCandidate candidate = openJobSoFar.get(i);
      Fit fit = packer.check(candidate);
      if (fit != Fit.FITS) {
        throw new IllegalArgumentException(
            "Cannot resume the job: "
                + candidate.describe()
                + " (number "
                + (i + 1)
                + " of "
                + openJobSoFar.size()
                + ") does not fit the configurations before it: "
                + fit.description());
      }
      packer.add(candidate);
    }
    return packer;
  }

  /** The settings it packs with. */
  public SplitSettings settings() {
    return settings;
  }

  /** The harvest's per-domain byte limit, -1 for none. */
  public long harvestMaxBytes() {
    return harvestMaxBytes;
  }

  /**
   * Whether {@code candidate} can join the job: {@link Fit#FITS}, or the first check it fails.
   * Anything fits an empty job.
   */
  public Fit check(JobCandidate candidate) {
    if (candidates.isEmpty()) {
      return Fit.FITS;
    }
    if (domainIds.contains(candidate.domainId())) {
      return Fit.SAME_DOMAIN;
    }
    if (candidates.size() >= settings.configChunkSize()) {
      return Fit.TOO_MANY_CONFIGURATIONS;
    }
    if (candidate.templateId() != templateId) {
      return Fit.OTHER_TEMPLATE;
    }
    if (!byteLimitAllows(candidate.maxBytes())) {
      return Fit.BYTE_LIMIT;
    }
    long expected = candidate.expectedObjects();
    // A job expecting no objects yet takes any one, as a job's first configuration may exceed
    // maxTotalSize too (NetarchiveSuite's DefaultJobGenerator).
    if (totalExpectedObjects > 0 && expected > settings.maxTotalSize() - totalExpectedObjects) {
      return Fit.TOTAL_SIZE;
    }
    long min = Math.min(minExpectedObjects, expected);
    long max = Math.max(maxExpectedObjects, expected);
    if (max - min > settings.minAbsoluteSizeDifference() && !withinRelativeDifference(min, max)) {
      return Fit.RELATIVE_SIZE;
    }
    return Fit.FITS;
  }

  /**
   * Adds {@code candidate} to the job.
   *
   * @throws IllegalStateException if it does not {@link #check fit}
   */
  public void add(JobCandidate candidate) {
    Fit fit = check(candidate);
    if (fit != Fit.FITS) {
      throw new IllegalStateException(
          "Cannot add " + candidate.describe() + " to the job: " + fit.description());
    }
    long expected = candidate.expectedObjects();
    if (candidates.isEmpty()) {
      templateId = candidate.templateId();
      if (Limits.isSet(harvestMaxBytes) && Limits.atMost(harvestMaxBytes, candidate.maxBytes())) {
        byteLimit = harvestMaxBytes;
        byteLimitSource = ByteLimitSource.HARVEST;
      } else {
        byteLimit = candidate.maxBytes();
        byteLimitSource = ByteLimitSource.CONFIGURATIONS;
      }
      minExpectedObjects = expected;
      maxExpectedObjects = expected;
    } else {
      minExpectedObjects = Math.min(minExpectedObjects, expected);
      maxExpectedObjects = Math.max(maxExpectedObjects, expected);
    }
    candidates.add(candidate);
    domainIds.add(candidate.domainId());
    totalExpectedObjects += expected;
  }

  /** Whether the job has no configurations. */
  public boolean isEmpty() {
    return candidates.isEmpty();
  }

  /** How many configurations the job has. */
  public int size() {
    return candidates.size();
  }

  /** A copy of the job as it is now. */
  public OpenJob openJob() {
    return new OpenJob(
        candidates,
        totalExpectedObjects,
        minExpectedObjects,
        maxExpectedObjects,
        byteLimit,
        byteLimitSource);
  }

  /**
   * Finishes the job: returns it and starts an empty one. Closing an empty packer returns an empty
   * job, which is no job to store.
   */
  public OpenJob close() {
    OpenJob finished = openJob();
    candidates = new ArrayList<>();
    domainIds = new HashSet<>();
    templateId = 0;
    byteLimit = Limits.NONE;
    byteLimitSource = ByteLimitSource.UNDECIDED;
    totalExpectedObjects = 0;
    minExpectedObjects = 0;
    maxExpectedObjects = 0;
    return finished;
  }

  private boolean byteLimitAllows(long maxBytes) {
    return switch (byteLimitSource) {
      case HARVEST -> Limits.atMost(harvestMaxBytes, maxBytes);
      case CONFIGURATIONS -> maxBytes == byteLimit;
      case UNDECIDED -> true;
    };
  }

  /**
   * Whether max / min is at most maxRelativeSizeDifference, computed exactly as max &lt;=
   * maxRelativeSizeDifference * min without overflow (NetarchiveSuite divides in floats, which
   * differ only beyond 2^24 objects). A min of 0 counts as 1, as in NetarchiveSuite: a
   * configuration expecting nothing is no reason to keep small ones out.
   */
  private boolean withinRelativeDifference(long min, long max) {
    return Math.ceilDiv(max, settings.maxRelativeSizeDifference()) <= Math.max(1, min);
  }

  private static long unlimitedAsLargest(long limit) {
    return Limits.isSet(limit) ? limit : Long.MAX_VALUE;
  }
}
