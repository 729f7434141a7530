package org.netarchive.ee.scheduler.domain.model.job;

import java.io.Serializable;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * What a split made: how many jobs and configurations, and why each job was closed. Immutable; a
 * batch writer keeps the latest (it is {@link Serializable}, fit for a checkpoint).
 *
 * @param jobsMade jobs stored
 * @param configurationsPlaced configurations in those jobs
 * @param jobsClosedBecause for each check other than {@link Fit#FITS}, how many jobs were closed
 *     because the next configuration failed it; checks that closed no job are left out
 * @param jobsClosedAtEnd jobs closed because the configurations ran out
 */
public record SplitReport(
    long jobsMade,
    long configurationsPlaced,
    Map<Fit, Long> jobsClosedBecause,
    long jobsClosedAtEnd)
    implements Serializable {

  public SplitReport {
    Limits.requireCount("jobsMade", jobsMade);
    Limits.requireCount("configurationsPlaced", configurationsPlaced);
    Limits.requireCount("jobsClosedAtEnd", jobsClosedAtEnd);
    EnumMap<Fit, Long> counts = new EnumMap<>(Fit.class);
    long closed = jobsClosedAtEnd;
    for (Map.Entry<Fit, Long> entry : jobsClosedBecause.entrySet()) {
      Fit fit = Objects.requireNonNull(entry.getKey(), "fit");
      long count = Objects.requireNonNull(entry.getValue(), "count");
      if (fit == Fit.FITS) {
        throw new IllegalArgumentException("No job is closed because a configuration fits");
      }
      Limits.requireCount("Jobs closed because " + fit.description(), count);
      if (count > 0) {
        counts.put(fit, count);
        closed += count;
      }
    }
    if (closed != jobsMade) {
      throw new IllegalArgumentException(
          "The jobs closed for each reason add up to "
              + closed
              + ", not the "
              + jobsMade
              + " made");
    }
    jobsClosedBecause = Collections.unmodifiableMap(counts);
  }

  /** Nothing made yet. */
  public static SplitReport empty() {
    return new SplitReport(0, 0, Map.of(), 0);
  }

  /** The report after one more job, closed because the next configuration failed {@code reason}. */
  public SplitReport withJobClosedBecause(Fit reason, int configurations) {
    Objects.requireNonNull(reason, "reason");
    if (reason == Fit.FITS) {
      throw new IllegalArgumentException(
          "A job is closed because the next configuration does not fit, not because it fits");
    }
    EnumMap<Fit, Long> counts = new EnumMap<>(Fit.class);
    counts.putAll(jobsClosedBecause);
    counts.merge(reason, 1L, Long::sum);
    return new SplitReport(
        jobsMade + 1, configurationsPlaced + requireJob(configurations), counts, jobsClosedAtEnd);
  }

  /** The report after the last job, closed because the configurations ran out. */
  public SplitReport withLastJob(int configurations) {
    return new SplitReport(
        jobsMade + 1,
        configurationsPlaced + requireJob(configurations),
        jobsClosedBecause,
        jobsClosedAtEnd + 1);
  }

  /** How many jobs were closed because the next configuration failed {@code reason}. */
  public long jobsClosedBecause(Fit reason) {
    return jobsClosedBecause.getOrDefault(reason, 0L);
  }

  /** For the log, e.g. "3 jobs, 25 configurations; closed: 2 too many configurations, 1 at end". */
  public String summary() {
    StringJoiner reasons = new StringJoiner(", ", "; closed: ", "");
    reasons.setEmptyValue("");
    jobsClosedBecause.forEach(
        (fit, count) ->
            reasons.add(count + " " + fit.name().toLowerCase(Locale.ROOT).replace('_', ' ')));
    if (jobsClosedAtEnd > 0) {
      reasons.add(jobsClosedAtEnd + " at end");
    }
    return jobsMade + " jobs, " + configurationsPlaced + " configurations" + reasons;
  }

  private static int requireJob(int configurations) {
    if (configurations < 1) {
      throw new IllegalArgumentException(
          "A job has at least 1 configuration, this one has " + configurations);
    }
    return configurations;
  }
}
