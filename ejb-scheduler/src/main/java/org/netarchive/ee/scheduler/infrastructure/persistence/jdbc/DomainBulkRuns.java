package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.netarchive.ee.common.jdbc.Sql;
import org.netarchive.ee.scheduler.domain.model.ColumnText;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport.Problem;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/** The bookkeeping tables of bulk domain creation, in the caller's transaction. */
@ApplicationScoped
public class DomainBulkRuns {

  /** Reason text of a line that named an existing domain. */
  public static final String EXISTS = "already a domain";

  /** Reason text of a line that repeats an earlier line of the list. */
  public static final String REPEATED = "repeats an earlier line";

  private static final int MAX_TEXT = 1000;

  private static final ListRunTables TABLES =
      new ListRunTables("domain_bulk_run", "domain_bulk_problem", MAX_TEXT, MAX_TEXT);

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** Records a new run (idempotent: a restarted job instance keeps its row). */
  public void start(
      long jobInstanceId, String sourceName, long totalLines, String startedBy, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      TABLES.start(
          c,
          jobInstanceId,
          "INSERT INTO domain_bulk_run (job_instance_id, source_name, total_lines, lines_done,"
              + " created, already_existing, invalid, started_at, started_by)"
              + " VALUES (?, ?, ?, 0, 0, 0, 0, ?, ?)",
          jobInstanceId,
          ColumnText.clip(sourceName, 256),
          totalLines,
          now,
          ColumnText.clip(startedBy, 64));
    }
  }

  /** Adds one chunk's outcome. */
  public void recordChunk(
      long jobInstanceId, long lastLine, int created, int alreadyExisting, List<Problem> problems)
      throws SQLException {
    int invalid = (int) problems.stream().filter(p -> !isExisting(p)).count();
    try (Connection c = dataSource.getConnection()) {
      Sql.update(
          c,
          "UPDATE domain_bulk_run SET lines_done = ?, created = created + ?,"
              + " already_existing = already_existing + ?, invalid = invalid + ?"
              + " WHERE job_instance_id = ?",
          lastLine,
          created,
          alreadyExisting,
          invalid,
          jobInstanceId);
      TABLES.addProblems(
          c, jobInstanceId, problems, Problem::lineNumber, Problem::input, Problem::reason);
    }
  }

  private static boolean isExisting(Problem problem) {
    return problem.reason().equals(EXISTS) || problem.reason().startsWith(REPEATED);
  }

  /** The report of a run with at most {@code maxProblems} problems, in line order. */
  public Optional<BulkCreationReport> report(long jobInstanceId, int maxProblems)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      List<Problem> problems = TABLES.problems(c, jobInstanceId, maxProblems, Problem::new);
      return Sql.first(
          c,
          "SELECT source_name, total_lines, lines_done, created, already_existing, invalid,"
              + " started_at, started_by FROM domain_bulk_run WHERE job_instance_id = ?",
          rs ->
              new BulkCreationReport(
                  jobInstanceId,
                  rs.getString(1),
                  rs.getLong(2),
                  rs.getLong(3),
                  rs.getLong(4),
                  rs.getLong(5),
                  rs.getLong(6),
                  rs.getTimestamp(7).toInstant(),
                  rs.getString(8),
                  problems),
          jobInstanceId);
    }
  }
}
