package org.netarchive.ee.archive.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.netarchive.ee.common.jdbc.Sql;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The capture index's record of the files it holds ({@code V17__capture_index.sql}). Plain JDBC,
 * each statement on its own: the indexer records a file only after the Lucene index committed its
 * captures.
 */
@ApplicationScoped
public class CaptureIndexRecords {

  /** Tries of a file before it is left until a rebuild. */
  public static final int MAX_ATTEMPTS = 3;

  /**
   * A stored WARC or ARC file: a copy is UPLOAD_COMPLETED and its name is one of a WARC or ARC
   * file. The archive takes files of any name (a correction, a test's file); only WARC and ARC
   * files hold captures, so other names are neither tried nor counted in the lag.
   */
  private static final String STORED =
      "EXISTS (SELECT 1 FROM archive_replica_copy c WHERE c.file_id = f.id"
          + " AND c.store_state = 'UPLOAD_COMPLETED')"
          + " AND (f.name LIKE '%.warc' OR f.name LIKE '%.warc.gz'"
          + " OR f.name LIKE '%.arc' OR f.name LIKE '%.arc.gz')";

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /**
   * The next files to index, in the order they were stored: a copy is UPLOAD_COMPLETED, and the
   * index does not hold them and has not given up on them.
   *
   * @param max at most this many
   * @return their names
   */
  public List<String> pending(int max) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.listAtMost(
          c,
          max,
          "SELECT f.name FROM archive_file f WHERE "
              + STORED
              + " AND NOT EXISTS (SELECT 1 FROM capture_index_file i"
              + " WHERE i.file_name = f.name AND (i.state = 'INDEXED' OR i.attempts >= ?))"
              + " ORDER BY f.id",
          rows -> rows.getString(1),
          MAX_ATTEMPTS);
    }
  }

  /**
   * The files stored (a copy UPLOAD_COMPLETED) and, of those, the ones the index holds.
   *
   * @return {stored, indexed, failed for good}
   */
  public long[] counts() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.first(
              c,
              "SELECT COUNT(*),"
                  + " SUM(CASE WHEN i.state = 'INDEXED' THEN 1 ELSE 0 END),"
                  + " SUM(CASE WHEN i.state = 'FAILED' AND i.attempts >= ? THEN 1 ELSE 0 END)"
                  + " FROM archive_file f LEFT JOIN capture_index_file i"
                  + " ON i.file_name = f.name WHERE "
                  + STORED,
              rows -> new long[] {rows.getLong(1), rows.getLong(2), rows.getLong(3)},
              MAX_ATTEMPTS)
          .orElseThrow();
    }
  }

  /** Whether the index holds a file, and with how many captures (-1 if it does not). */
  public long captures(String file) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.first(
              c,
              "SELECT captures FROM capture_index_file WHERE file_name = ?"
                  + " AND state = 'INDEXED'",
              rows -> rows.getLong(1),
              file)
          .orElse(-1L);
    }
  }

  /** Records a file as indexed, with where its captures came from. */
  public void indexed(String file, String source, long captures, Instant now) throws SQLException {
    upsert(file, "INDEXED", source, captures, null, now);
  }

  /** Records a failed try of a file. */
  public void failed(String file, String failure, Instant now) throws SQLException {
    upsert(file, "FAILED", null, 0, failure, now);
  }

  /** Forgets one file, so that it is indexed again. */
  public void forget(String file) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      Sql.update(c, "DELETE FROM capture_index_file WHERE file_name = ?", file);
    }
  }

  /** Forgets every file, for a rebuild. */
  public void clear() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      Sql.update(c, "DELETE FROM capture_index_file");
    }
  }

  private void upsert(
      String file, String state, String source, long captures, String failure, Instant now)
      throws SQLException {
    String text = failure == null ? null : failure.substring(0, Math.min(2000, failure.length()));
    boolean indexed = state.equals("INDEXED");
    try (Connection c = dataSource.getConnection()) {
      Sql.updateElseInsert(
          c,
          "UPDATE capture_index_file SET state = ?, source = ?, captures = ?,"
              + " attempts = "
              + (indexed ? "0" : "attempts + 1")
              + ", failure = ?, changed_at = ? WHERE file_name = ?",
          new Object[] {state, source, captures, text, now, file},
          "INSERT INTO capture_index_file (file_name, state, source, captures, attempts,"
              + " failure, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          new Object[] {file, state, source, captures, indexed ? 0 : 1, text, now});
    }
  }
}
