package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.KindCount;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.Problem;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The records of NetarchiveSuite imports (tables {@code nas_import_*}): each change in a
 * transaction of its own, so that progress shows while the import runs.
 */
@ApplicationScoped
public class NasImportRuns {

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** Records a started import; its id. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public long start(String sourceUrl, String sourceUser, boolean dryRun, String by, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO nas_import_run (source_url, source_user, dry_run, state, phase,"
                    + " domains_total, domains_done, started_at, started_by)"
                    + " VALUES (?, ?, ?, 'RUNNING', 'starting', 0, 0, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
      insert.setString(1, clip(sourceUrl, 1000));
      insert.setString(2, clip(sourceUser == null ? "" : sourceUser, 256));
      insert.setBoolean(3, dryRun);
      insert.setTimestamp(4, Timestamp.from(now));
      insert.setString(5, clip(by, 64));
      insert.executeUpdate();
      try (ResultSet keys = insert.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  /** Records progress. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void progress(long id, String phase, long domainsTotal, long domainsDone)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE nas_import_run SET phase = ?, domains_total = ?, domains_done = ?"
                    + " WHERE id = ?")) {
      update.setString(1, clip(phase, 64));
      update.setLong(2, domainsTotal);
      update.setLong(3, domainsDone);
      update.setLong(4, id);
      update.executeUpdate();
    }
  }

  /** Records the end of an import with its report. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void finish(
      long id,
      boolean failed,
      String failure,
      List<KindCount> counts,
      List<Problem> problems,
      Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE nas_import_run SET state = ?, phase = 'done', failure = ?, finished_at = ?"
                  + " WHERE id = ?")) {
        update.setString(1, failed ? "FAILED" : "DONE");
        update.setString(2, failure == null ? null : clip(failure, 4000));
        update.setTimestamp(3, Timestamp.from(now));
        update.setLong(4, id);
        update.executeUpdate();
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO nas_import_count (run_id, kind, created, existing, refused)"
                  + " VALUES (?, ?, ?, ?, ?)")) {
        for (KindCount count : counts) {
          insert.setLong(1, id);
          insert.setString(2, clip(count.kind(), 64));
          insert.setLong(3, count.created());
          insert.setLong(4, count.existing());
          insert.setLong(5, count.refused());
          insert.addBatch();
        }
        insert.executeBatch();
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO nas_import_problem (run_id, position, source_table, source_key, reason)"
                  + " VALUES (?, ?, ?, ?, ?)")) {
        int position = 0;
        for (Problem problem : problems) {
          insert.setLong(1, id);
          insert.setInt(2, position++);
          insert.setString(3, clip(problem.table(), 64));
          insert.setString(4, clip(problem.key(), 1000));
          insert.setString(5, clip(problem.reason(), 4000));
          insert.addBatch();
          if (position % 1000 == 0) {
            insert.executeBatch();
          }
        }
        insert.executeBatch();
      }
    }
  }

  /** Marks every running import as failed with this reason; how many. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public int failRunning(String failure, Instant now) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE nas_import_run SET state = 'FAILED', failure = ?, finished_at = ?"
                    + " WHERE state = 'RUNNING'")) {
      update.setString(1, failure);
      update.setTimestamp(2, Timestamp.from(now));
      return update.executeUpdate();
    }
  }

  /** An import with its counts and its first {@code problemLimit} problems. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<NasImportStatus> find(long id, int problemLimit) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      NasImportStatus found;
      try (PreparedStatement select =
          c.prepareStatement(
              "SELECT source_url, source_user, dry_run, state, phase, domains_total,"
                  + " domains_done, failure, started_at, started_by, finished_at"
                  + " FROM nas_import_run WHERE id = ?")) {
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          if (!rs.next()) {
            return Optional.empty();
          }
          found =
              new NasImportStatus(
                  id,
                  rs.getString(1),
                  rs.getString(2),
                  rs.getBoolean(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getLong(6),
                  rs.getLong(7),
                  rs.getString(8),
                  rs.getTimestamp(9).toInstant(),
                  rs.getString(10),
                  rs.getTimestamp(11) == null ? null : rs.getTimestamp(11).toInstant(),
                  List.of(),
                  0,
                  List.of());
        }
      }
      List<KindCount> counts = new ArrayList<>();
      try (PreparedStatement select =
          c.prepareStatement(
              "SELECT kind, created, existing, refused FROM nas_import_count WHERE run_id = ?"
                  + " ORDER BY kind")) {
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          while (rs.next()) {
            counts.add(new KindCount(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
          }
        }
      }
      long problemCount;
      try (PreparedStatement select =
          c.prepareStatement("SELECT COUNT(*) FROM nas_import_problem WHERE run_id = ?")) {
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          rs.next();
          problemCount = rs.getLong(1);
        }
      }
      List<Problem> problems = new ArrayList<>();
      try (PreparedStatement select =
          c.prepareStatement(
              "SELECT source_table, source_key, reason FROM nas_import_problem"
                  + " WHERE run_id = ? AND position < ? ORDER BY position")) {
        select.setLong(1, id);
        select.setInt(2, problemLimit);
        try (ResultSet rs = select.executeQuery()) {
          while (rs.next()) {
            problems.add(new Problem(rs.getString(1), rs.getString(2), rs.getString(3)));
          }
        }
      }
      return Optional.of(
          new NasImportStatus(
              found.id(),
              found.sourceUrl(),
              found.sourceUser(),
              found.dryRun(),
              found.state(),
              found.phase(),
              found.domainsTotal(),
              found.domainsDone(),
              found.failure(),
              found.startedAt(),
              found.startedBy(),
              found.finishedAt(),
              counts,
              problemCount,
              problems));
    }
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max);
  }
}
