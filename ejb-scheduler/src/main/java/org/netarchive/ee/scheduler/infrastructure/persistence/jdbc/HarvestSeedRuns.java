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
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport.Problem;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * Running totals and refusals of the add-seeds batch job (tables {@code harvest_seed_run}, {@code
 * harvest_seed_problem}), written in each chunk's transaction.
 */
@ApplicationScoped
public class HarvestSeedRuns {

  private static final int MAX_INPUT = 2100;
  private static final int MAX_REASON = 1000;

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** Records a new run (idempotent: a restarted job instance keeps its row). */
  public void start(
      long jobInstanceId, long harvestId, long totalLines, String startedBy, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement exists =
            c.prepareStatement("SELECT 1 FROM harvest_seed_run WHERE job_instance_id = ?")) {
      exists.setLong(1, jobInstanceId);
      try (ResultSet rs = exists.executeQuery()) {
        if (rs.next()) {
          return;
        }
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO harvest_seed_run (job_instance_id, harvest_id, total_lines, lines_done,"
                  + " seeds_accepted, seeds_added, domains_created, configurations_added,"
                  + " seeds_refused, domains_refused, started_at, started_by)"
                  + " VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0, ?, ?)")) {
        insert.setLong(1, jobInstanceId);
        insert.setLong(2, harvestId);
        insert.setLong(3, totalLines);
        insert.setTimestamp(4, Timestamp.from(now));
        insert.setString(5, clip(startedBy, 64));
        insert.executeUpdate();
      }
    }
  }

  /** Adds one chunk's outcome. */
  public void record(long jobInstanceId, SeedAdditionReport.Chunk chunk) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE harvest_seed_run SET lines_done = ?, seeds_accepted = seeds_accepted + ?,"
                  + " seeds_added = seeds_added + ?, domains_created = domains_created + ?,"
                  + " configurations_added = configurations_added + ?,"
                  + " seeds_refused = seeds_refused + ?, domains_refused = domains_refused + ?"
                  + " WHERE job_instance_id = ?")) {
        update.setLong(1, chunk.lastLine());
        update.setInt(2, chunk.seedsAccepted());
        update.setInt(3, chunk.seedsAdded());
        update.setInt(4, chunk.domainsCreated());
        update.setInt(5, chunk.configurationsAdded());
        update.setInt(6, chunk.seedsRefused());
        update.setInt(7, chunk.domainsRefused());
        update.setLong(8, jobInstanceId);
        update.executeUpdate();
      }
      if (!chunk.problems().isEmpty()) {
        try (PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO harvest_seed_problem (job_instance_id, line_number, input, reason)"
                    + " VALUES (?, ?, ?, ?)")) {
          for (Problem problem : chunk.problems()) {
            insert.setLong(1, jobInstanceId);
            insert.setLong(2, problem.line());
            insert.setString(3, clip(problem.input(), MAX_INPUT));
            insert.setString(4, clip(problem.reason(), MAX_REASON));
            insert.addBatch();
          }
          insert.executeBatch();
        }
      }
    }
  }

  /** The report of a run with at most {@code maxProblems} problems, in line order. */
  public Optional<SeedAdditionReport> report(long jobInstanceId, int maxProblems)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement run =
            c.prepareStatement(
                "SELECT h.name, r.total_lines, r.lines_done, r.seeds_accepted, r.seeds_added,"
                    + " r.domains_created, r.configurations_added, r.seeds_refused,"
                    + " r.domains_refused, r.started_at, r.started_by"
                    + " FROM harvest_seed_run r JOIN harvest_definition h ON h.id = r.harvest_id"
                    + " WHERE r.job_instance_id = ?");
        PreparedStatement problems =
            c.prepareStatement(
                "SELECT line_number, input, reason FROM harvest_seed_problem"
                    + " WHERE job_instance_id = ? ORDER BY line_number")) {
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
            new SeedAdditionReport(
                rs.getString(1),
                rs.getLong(2),
                rs.getLong(3),
                rs.getLong(4),
                rs.getLong(5),
                rs.getLong(6),
                rs.getLong(7),
                rs.getLong(8),
                rs.getLong(9),
                rs.getTimestamp(10).toInstant(),
                rs.getString(11),
                list));
      }
    }
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }
}
