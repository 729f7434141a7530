package org.netarchive.ee.archive.infrastructure.persistence.jdbc;

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
import javax.sql.DataSource;
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
    try (Connection c = dataSource.getConnection();
        PreparedStatement query =
            c.prepareStatement(
                "SELECT f.name FROM archive_file f WHERE "
                    + STORED
                    + " AND NOT EXISTS (SELECT 1 FROM capture_index_file i"
                    + " WHERE i.file_name = f.name AND (i.state = 'INDEXED' OR i.attempts >= ?))"
                    + " ORDER BY f.id")) {
      query.setInt(1, MAX_ATTEMPTS);
      query.setMaxRows(max);
      List<String> names = new ArrayList<>();
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          names.add(rows.getString(1));
        }
      }
      return names;
    }
  }

  /**
   * The files stored (a copy UPLOAD_COMPLETED) and, of those, the ones the index holds.
   *
   * @return {stored, indexed, failed for good}
   */
  public long[] counts() throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement query =
            c.prepareStatement(
                "SELECT COUNT(*),"
                    + " SUM(CASE WHEN i.state = 'INDEXED' THEN 1 ELSE 0 END),"
                    + " SUM(CASE WHEN i.state = 'FAILED' AND i.attempts >= ? THEN 1 ELSE 0 END)"
                    + " FROM archive_file f LEFT JOIN capture_index_file i"
                    + " ON i.file_name = f.name WHERE "
                    + STORED)) {
      query.setInt(1, MAX_ATTEMPTS);
      try (ResultSet rows = query.executeQuery()) {
        rows.next();
        return new long[] {rows.getLong(1), rows.getLong(2), rows.getLong(3)};
      }
    }
  }

  /** Whether the index holds a file, and with how many captures (-1 if it does not). */
  public long captures(String file) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement query =
            c.prepareStatement(
                "SELECT captures FROM capture_index_file WHERE file_name = ?"
                    + " AND state = 'INDEXED'")) {
      query.setString(1, file);
      try (ResultSet rows = query.executeQuery()) {
        return rows.next() ? rows.getLong(1) : -1;
      }
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
    try (Connection c = dataSource.getConnection();
        PreparedStatement delete =
            c.prepareStatement("DELETE FROM capture_index_file WHERE file_name = ?")) {
      delete.setString(1, file);
      delete.executeUpdate();
    }
  }

  /** Forgets every file, for a rebuild. */
  public void clear() throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement delete = c.prepareStatement("DELETE FROM capture_index_file")) {
      delete.executeUpdate();
    }
  }

  private void upsert(
      String file, String state, String source, long captures, String failure, Instant now)
      throws SQLException {
    String text = failure == null ? null : failure.substring(0, Math.min(2000, failure.length()));
    boolean indexed = state.equals("INDEXED");
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE capture_index_file SET state = ?, source = ?, captures = ?,"
                  + " attempts = "
                  + (indexed ? "0" : "attempts + 1")
                  + ", failure = ?, changed_at = ? WHERE file_name = ?")) {
        update.setString(1, state);
        update.setString(2, source);
        update.setLong(3, captures);
        update.setString(4, text);
        update.setTimestamp(5, Timestamp.from(now));
        update.setString(6, file);
        if (update.executeUpdate() > 0) {
          return;
        }
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO capture_index_file (file_name, state, source, captures, attempts,"
                  + " failure, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
        insert.setString(1, file);
        insert.setString(2, state);
        insert.setString(3, source);
        insert.setLong(4, captures);
        insert.setInt(5, indexed ? 0 : 1);
        insert.setString(6, text);
        insert.setTimestamp(7, Timestamp.from(now));
        insert.executeUpdate();
      }
    }
  }
}
