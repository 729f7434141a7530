package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.netarchive.ee.common.jdbc.Sql;
import org.netarchive.ee.scheduler.domain.model.ColumnText;

/**
 * The two tables of a batch job that works through a long uploaded list (bulk domain creation,
 * adding seeds to a harvest): its run row, keyed by the job instance so that a restarted instance
 * keeps it, and its problem rows, one per refused line (line number, input, reason), clipped to
 * their columns.
 *
 * @param runTable the run table, e.g. {@code domain_bulk_run}
 * @param problemTable its problem table, e.g. {@code domain_bulk_problem}
 * @param maxInput the longest input line kept
 * @param maxReason the longest reason kept
 */
record ListRunTables(String runTable, String problemTable, int maxInput, int maxReason) {

  /** Makes a problem from a row of the problem table. */
  @FunctionalInterface
  interface ProblemRow<P> {
    P of(long line, String input, String reason);
  }

  /**
   * Inserts the run row of a job instance unless it has one (it was restarted).
   *
   * @param insert the INSERT of the run row
   * @param values its parameters
   */
  void start(Connection c, long jobInstanceId, String insert, Object... values)
      throws SQLException {
    if (!Sql.exists(c, "SELECT 1 FROM " + runTable + " WHERE job_instance_id = ?", jobInstanceId)) {
      Sql.update(c, insert, values);
    }
  }

  /** Adds a chunk's problems; nothing if there are none. */
  <P> void addProblems(
      Connection c,
      long jobInstanceId,
      List<P> problems,
      ToLongFunction<P> line,
      Function<P, String> input,
      Function<P, String> reason)
      throws SQLException {
    Sql.batch(
        c,
        "INSERT INTO "
            + problemTable
            + " (job_instance_id, line_number, input, reason)"
            + " VALUES (?, ?, ?, ?)",
        problems,
        problem ->
            new Object[] {
              jobInstanceId,
              line.applyAsLong(problem),
              ColumnText.clip(input.apply(problem), maxInput),
              ColumnText.clip(reason.apply(problem), maxReason)
            });
  }

  /** The first {@code max} problems of a job instance, in line order. */
  <P> List<P> problems(Connection c, long jobInstanceId, int max, ProblemRow<P> row)
      throws SQLException {
    return Sql.listAtMost(
        c,
        max,
        "SELECT line_number, input, reason FROM "
            + problemTable
            + " WHERE job_instance_id = ?"
            + " ORDER BY line_number",
        rs -> row.of(rs.getLong(1), rs.getString(2), rs.getString(3)),
        jobInstanceId);
  }
}
