package org.netarchive.ee.scheduler.domain.model.domain;

import java.time.Instant;
import java.util.List;

/**
 * How far a bulk creation of domains has come and what it refused.
 *
 * @param jobInstanceId the run (its batch job instance)
 * @param sourceName the uploaded list's name
 * @param totalLines lines in the list
 * @param linesDone lines handled so far
 * @param created new domains created
 * @param alreadyExisting names that were domains already (or repeated in the list)
 * @param invalid lines that are not domain names
 * @param startedAt when the run started
 * @param startedBy who started it
 * @param problems the first problems, by line
 */
public record BulkCreationReport(
    long jobInstanceId,
    String sourceName,
    long totalLines,
    long linesDone,
    long created,
    long alreadyExisting,
    long invalid,
    Instant startedAt,
    String startedBy,
    List<Problem> problems) {

  public BulkCreationReport {
    problems = List.copyOf(problems);
  }

  /** Share of the lines handled, 0 to 100. */
  public int percentDone() {
    return totalLines == 0 ? 100 : (int) Math.min(100, linesDone * 100 / totalLines);
  }

  /**
   * A line that did not become a new domain.
   *
   * @param lineNumber its number in the list, from 1
   * @param input the line's text
   * @param reason why
   */
  public record Problem(long lineNumber, String input, String reason) {}
}
