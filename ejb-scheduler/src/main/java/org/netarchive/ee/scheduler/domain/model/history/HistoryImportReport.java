package org.netarchive.ee.scheduler.domain.model.history;

import java.util.List;

/**
 * What an import of harvest history did.
 *
 * @param lines the lines read after the header, blank ones not counted
 * @param imported the entries stored
 * @param refused the lines not imported
 * @param problems why lines were refused, by line, the first {@value #MAX_PROBLEMS} of them
 */
public record HistoryImportReport(long lines, long imported, long refused, List<Problem> problems) {

  /** The most problems a report lists; it counts all of them. */
  public static final int MAX_PROBLEMS = 1000;

  public HistoryImportReport {
    problems = List.copyOf(problems);
  }

  /** Whether every line was imported. */
  public boolean complete() {
    return refused == 0;
  }

  /**
   * A line that was not imported.
   *
   * @param lineNumber its number in the file, the header being line 1
   * @param input the line, at most 1000 characters of it
   * @param reason why
   */
  public record Problem(long lineNumber, String input, String reason) {}
}
