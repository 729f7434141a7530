package org.netarchive.ee.scheduler.domain.model.harvest;

import java.time.Instant;
import java.util.List;

/**
 * Progress and outcome of a long seed list being added to a selective harvest by the add-seeds
 * batch job.
 *
 * @param totalLines lines of the list
 * @param linesDone lines handled so far
 * @param seedsAccepted valid seeds so far
 * @param seedsAdded of those, the ones new to their domain's seed list for the harvest
 * @param domainsCreated domains that did not exist
 * @param configurationsAdded domains whose configuration the harvest harvests from now on
 * @param seedsRefused lines that are no usable seed
 * @param domainsRefused domains whose seeds were not added (the harvest harvests another of their
 *     configurations, or their seeds do not fit in a seed list), counted once per chunk of the list
 * @param problems the first refused lines and domains, by line
 */
public record SeedAdditionReport(
    String harvest,
    long totalLines,
    long linesDone,
    long seedsAccepted,
    long seedsAdded,
    long domainsCreated,
    long configurationsAdded,
    long seedsRefused,
    long domainsRefused,
    Instant startedAt,
    String startedBy,
    List<Problem> problems) {

  public SeedAdditionReport {
    problems = List.copyOf(problems);
  }

  /** Share of the lines handled, 0 to 100. */
  public int percentDone() {
    return totalLines == 0 ? 100 : (int) Math.min(100, linesDone * 100 / totalLines);
  }

  /**
   * A line whose seed was not added.
   *
   * @param line its number in the list, from 1
   * @param input the line's text (for a refused domain, its first seed in the chunk)
   * @param reason why
   */
  public record Problem(long line, String input, String reason) {}

  /**
   * One chunk's outcome, added to the run's totals and problems.
   *
   * @param lastLine the number of the chunk's last line
   */
  public record Chunk(
      long lastLine,
      int seedsAccepted,
      int seedsAdded,
      int domainsCreated,
      int configurationsAdded,
      int seedsRefused,
      int domainsRefused,
      List<Problem> problems) {}
}
