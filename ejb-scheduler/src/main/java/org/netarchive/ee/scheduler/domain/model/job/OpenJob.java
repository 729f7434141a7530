package org.netarchive.ee.scheduler.domain.model.job;

import java.util.List;
import java.util.Objects;

/**
 * The configurations of a job the splitter builds or has finished, with the figures its checks use.
 * Immutable.
 *
 * @param candidates the configurations in the order they were added
 * @param totalExpectedObjects the sum of their expected objects
 * @param minExpectedObjects the smallest expected object count, 0 for an empty job
 * @param maxExpectedObjects the largest expected object count, 0 for an empty job
 * @param byteLimit the job's per-domain byte limit, -1 for none (and for an empty job)
 * @param byteLimitSource what set the byte limit; {@link ByteLimitSource#UNDECIDED} exactly when
 *     the job is empty
 */
public record OpenJob(
    List<JobCandidate> candidates,
    long totalExpectedObjects,
    long minExpectedObjects,
    long maxExpectedObjects,
    long byteLimit,
    ByteLimitSource byteLimitSource) {

  public OpenJob {
    candidates = List.copyOf(candidates);
    Objects.requireNonNull(byteLimitSource, "byteLimitSource");
    if (candidates.isEmpty() != (byteLimitSource == ByteLimitSource.UNDECIDED)) {
      throw new IllegalArgumentException(
          "The byte limit of a job is UNDECIDED exactly when it is empty, but it has "
              + candidates.size()
              + " configurations and its limit is "
              + byteLimitSource);
    }
  }

  /** The job without configurations. */
  public static OpenJob empty() {
    return new OpenJob(List.of(), 0, 0, 0, Limits.NONE, ByteLimitSource.UNDECIDED);
  }

  /** Whether it has no configurations. */
  public boolean isEmpty() {
    return candidates.isEmpty();
  }

  /** How many configurations it has. */
  public int size() {
    return candidates.size();
  }

  /** Whether the harvest's per-domain byte limit is the job's. */
  public boolean byteLimitSetByHarvest() {
    return byteLimitSource == ByteLimitSource.HARVEST;
  }

  /**
   * The harvest template of all its configurations.
   *
   * @throws IllegalStateException if the job is empty
   */
  public long templateId() {
    if (isEmpty()) {
      throw new IllegalStateException("An empty job has no harvest template yet");
    }
    return candidates.get(0).templateId();
  }
}
