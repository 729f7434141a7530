package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
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

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** Records a new run (idempotent: a restarted job instance keeps its row). */
  public void start(
      long jobInstanceId, String sourceName, long totalLines, String startedBy, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement exists =
            c.prepareStatement("SELECT 1 FROM domain_bulk_run WHERE job_instance_id = ?")) {
      exists.setLong(1, jobInstanceId);
      try (ResultSet rs = exists.executeQuery()) {
        if (rs.next()) {
          return;
        }
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO domain_bulk_run (job_instance_id, source_name, total_lines, lines_done,"
                  + " created, already_existing, invalid, started_at, started_by)"
                  + " VALUES (?, ?, ?, 0, 0, 0, 0, ?, ?)")) {
        insert.setLong(1, jobInstanceId);
        insert.setString(2, clip(sourceName, 256));
        insert.setLong(3, totalLines);
        insert.setTimestamp(4, Timestamp.from(now));
        insert.setString(5, clip(startedBy, 64));
        insert.executeUpdate();
      }
    }
  }

  /** Adds one chunk's outcome. */
  public void recordChunk(
      long jobInstanceId, long lastLine, int created, int alreadyExisting, List<Problem> problems)
      throws SQLException {
    int invalid = (int) problems.stream().filter(p -> !isExisting(p)).count();
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE domain_bulk_run SET lines_done = ?, created = created + ?,"
                  + " already_existing = already_existing + ?, invalid = invalid + ?"
                  + " WHERE job_instance_id = ?")) {
        update.setLong(1, lastLine);
        update.setInt(2, created);
        update.setInt(3, alreadyExisting);
        update.setInt(4, invalid);
        update.setLong(5, jobInstanceId);
        update.executeUpdate();
      }
      if (!problems.isEmpty()) {
        try (PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO domain_bulk_problem (job_instance_id, line_number, input, reason)"
                    + " VALUES (?, ?, ?, ?)")) {
          for (Problem problem : problems) {
            insert.setLong(1, jobInstanceId);
            insert.setLong(2, problem.lineNumber());
            insert.setString(3, clip(problem.input(), MAX_TEXT));
            insert.setString(4, clip(problem.reason(), MAX_TEXT));
            insert.addBatch();
          }
          insert.executeBatch();
        }
      }
    }
  }

  private static boolean isExisting(Problem problem) {
    return problem.reason().equals(EXISTS) || problem.reason().startsWith(REPEATED);
  }

  /** The report of a run with at most {@code maxProblems} problems, in line order. */
  public Optional<BulkCreationReport> report(long jobInstanceId, int maxProblems)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement run =
            c.prepareStatement(
                "SELECT source_name, total_lines, lines_done, created, already_existing, invalid,"
                    + " started_at, started_by FROM domain_bulk_run WHERE job_instance_id = ?");
        PreparedStatement problems =
            c.prepareStatement(
                "SELECT line_number, input, reason FROM domain_bulk_problem WHERE job_instance_id = ?"
                    + " ORDER BY line_number")) {
      run.setLong(1, jobInstanceId);
      try (ResultSet rs = run.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        List<Problem> list = new ArrayList<>();
        problems.setLong(1, jobInstanceId);
        problems.setMaxRows(maxProblems);
        try (ResultSet p = problems.executeQuery()) {
          while (p.next()) {
            list.add(new Problem(p.getLong(1), p.getString(2), p.getString(3)));
          }
        }
        return Optional.of(
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
                list));
      }
    }
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }
}
