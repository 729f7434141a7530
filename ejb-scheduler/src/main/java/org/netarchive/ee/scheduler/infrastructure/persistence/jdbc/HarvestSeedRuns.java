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

  private static final ListRunTables TABLES =
      new ListRunTables("harvest_seed_run", "harvest_seed_problem", MAX_INPUT, MAX_REASON);

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** Records a new run (idempotent: a restarted job instance keeps its row). */
  public void start(
      long jobInstanceId, long harvestId, long totalLines, String startedBy, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      TABLES.start(
          c,
          jobInstanceId,
          "INSERT INTO harvest_seed_run (job_instance_id, harvest_id, total_lines, lines_done,"
              + " seeds_accepted, seeds_added, domains_created, configurations_added,"
              + " seeds_refused, domains_refused, started_at, started_by)"
              + " VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0, ?, ?)",
          jobInstanceId,
          harvestId,
          totalLines,
          now,
          ColumnText.clip(startedBy, 64));
    }
  }

  /** Adds one chunk's outcome. */
  public void record(long jobInstanceId, SeedAdditionReport.Chunk chunk) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      Sql.update(
          c,
          "UPDATE harvest_seed_run SET lines_done = ?, seeds_accepted = seeds_accepted + ?,"
              + " seeds_added = seeds_added + ?, domains_created = domains_created + ?,"
              + " configurations_added = configurations_added + ?,"
              + " seeds_refused = seeds_refused + ?, domains_refused = domains_refused + ?"
              + " WHERE job_instance_id = ?",
          chunk.lastLine(),
          chunk.seedsAccepted(),
          chunk.seedsAdded(),
          chunk.domainsCreated(),
          chunk.configurationsAdded(),
          chunk.seedsRefused(),
          chunk.domainsRefused(),
          jobInstanceId);
      TABLES.addProblems(
          c, jobInstanceId, chunk.problems(), Problem::line, Problem::input, Problem::reason);
    }
  }

  /** The report of a run with at most {@code maxProblems} problems, in line order. */
  public Optional<SeedAdditionReport> report(long jobInstanceId, int maxProblems)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      List<Problem> problems = TABLES.problems(c, jobInstanceId, maxProblems, Problem::new);
      return Sql.first(
          c,
          "SELECT h.name, r.total_lines, r.lines_done, r.seeds_accepted, r.seeds_added,"
              + " r.domains_created, r.configurations_added, r.seeds_refused,"
              + " r.domains_refused, r.started_at, r.started_by"
              + " FROM harvest_seed_run r JOIN harvest_definition h ON h.id = r.harvest_id"
              + " WHERE r.job_instance_id = ?",
          rs ->
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
                  problems),
          jobInstanceId);
    }
  }
}
