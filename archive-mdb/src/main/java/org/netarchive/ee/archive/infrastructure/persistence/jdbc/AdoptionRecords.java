package org.netarchive.ee.archive.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.netarchive.ee.archive.domain.model.adoption.Verification;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The adopted archive's records (schema V19): the imported admin data per file and replica with
 * what its verification found, and the adopted directories. Plain JDBC, as {@link
 * PreservationRecords}: an import of millions of lines is a few statements per line, not an entity
 * each. Every method joins the caller's transaction.
 */
@ApplicationScoped
public class AdoptionRecords {

  private static final String COPY_COLUMNS =
      "file_name, replica_id, recorded_md5, nas_state, nas_state_at, source_line, imported_at,"
          + " verification, path, size_bytes, found_md5, sha512, verified_at, detail";

  /** One file's copy on one replica as the admin data records it, and its verification. */
  public record AdoptedCopy(
      String fileName,
      String replica,
      String recordedMd5,
      String nasState,
      Instant nasStateAt,
      int sourceLine,
      Instant importedAt,
      Verification verification,
      String path,
      Long size,
      String foundMd5,
      String sha512,
      Instant verifiedAt,
      String detail)
      implements java.io.Serializable {}

  /** An adopted directory. */
  public record AdoptedDirectory(String replica, String directory, String adoptedBy, Instant at)
      implements java.io.Serializable {}

  /** What merging one copy of an admin data line did. */
  public enum Merge {
    ADDED,
    UPDATED,
    UNCHANGED
  }

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** For the container. */
  public AdoptionRecords() {}

  /** The MD5 the imported admin data records for a file, if any. */
  public Optional<String> recordedMd5(Connection c, String fileName) throws SQLException {
    try (PreparedStatement q =
        c.prepareStatement(
            "SELECT recorded_md5 FROM archive_adopted_copy WHERE file_name = ? FETCH FIRST 1 ROWS"
                + " ONLY")) {
      q.setString(1, fileName);
      try (ResultSet rs = q.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    }
  }

  /**
   * Records a copy of an admin data line: new, or the newer state of a copy not verified yet (a
   * verified copy keeps what its verification found; the admin data's state is kept for the
   * record). The caller has checked that the MD5 agrees with what is recorded.
   */
  public Merge merge(
      Connection c,
      String fileName,
      String replica,
      String md5,
      String nasState,
      Instant nasStateAt,
      int line,
      Instant now)
      throws SQLException {
    try (PreparedStatement q =
        c.prepareStatement(
            "SELECT nas_state, nas_state_at FROM archive_adopted_copy"
                + " WHERE file_name = ? AND replica_id = ?")) {
      q.setString(1, fileName);
      q.setString(2, replica);
      try (ResultSet rs = q.executeQuery()) {
        if (!rs.next()) {
          try (PreparedStatement insert =
              c.prepareStatement(
                  "INSERT INTO archive_adopted_copy (file_name, replica_id, recorded_md5,"
                      + " nas_state, nas_state_at, source_line, imported_at, verification)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, 'UNVERIFIED')")) {
            insert.setString(1, fileName);
            insert.setString(2, replica);
            insert.setString(3, md5);
            insert.setString(4, nasState);
            setTimestamp(insert, 5, nasStateAt);
            insert.setInt(6, line);
            insert.setTimestamp(7, Timestamp.from(now));
            insert.executeUpdate();
          }
          return Merge.ADDED;
        }
        String state = rs.getString(1);
        Timestamp at = rs.getTimestamp(2);
        Instant known = at == null ? null : at.toInstant();
        boolean newer =
            nasStateAt == null
                ? !state.equals(nasState)
                : known == null || nasStateAt.isAfter(known);
        if (!newer || (state.equals(nasState) && java.util.Objects.equals(known, nasStateAt))) {
          return Merge.UNCHANGED;
        }
      }
    }
    try (PreparedStatement update =
        c.prepareStatement(
            "UPDATE archive_adopted_copy SET nas_state = ?, nas_state_at = ?, source_line = ?"
                + " WHERE file_name = ? AND replica_id = ?")) {
      update.setString(1, nasState);
      setTimestamp(update, 2, nasStateAt);
      update.setInt(3, line);
      update.setString(4, fileName);
      update.setString(5, replica);
      update.executeUpdate();
    }
    return Merge.UPDATED;
  }

  /** A connection of the container's data source, in the caller's transaction. */
  public Connection connection() throws SQLException {
    return dataSource.getConnection();
  }

  /** Records what the verification of a copy found. */
  public void verified(
      String fileName,
      String replica,
      Verification verification,
      String path,
      Long size,
      String foundMd5,
      String sha512,
      Instant now,
      String detail)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE archive_adopted_copy SET verification = ?, path = ?, size_bytes = ?,"
                    + " found_md5 = ?, sha512 = ?, verified_at = ?, detail = ?"
                    + " WHERE file_name = ? AND replica_id = ?")) {
      update.setString(1, verification.name());
      update.setString(2, path);
      if (size == null) {
        update.setNull(3, Types.BIGINT);
      } else {
        update.setLong(3, size);
      }
      update.setString(4, foundMd5);
      update.setString(5, sha512);
      update.setTimestamp(6, Timestamp.from(now));
      update.setString(
          7, detail == null || detail.length() <= 2000 ? detail : detail.substring(0, 2000));
      update.setString(8, fileName);
      update.setString(9, replica);
      update.executeUpdate();
    }
  }

  /** Makes a replica's MISSING copies UNVERIFIED again (a directory was adopted). */
  public int recheckMissing(String replica) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE archive_adopted_copy SET verification = 'UNVERIFIED'"
                    + " WHERE replica_id = ? AND verification = 'MISSING'")) {
      update.setString(1, replica);
      return update.executeUpdate();
    }
  }

  /** The next copies of the replicas to verify, by name. */
  public List<AdoptedCopy> unverified(List<String> replicas, int max) throws SQLException {
    if (replicas.isEmpty()) {
      return List.of();
    }
    String in = String.join(", ", java.util.Collections.nCopies(replicas.size(), "?"));
    return copies(
        "SELECT "
            + COPY_COLUMNS
            + " FROM archive_adopted_copy WHERE verification = 'UNVERIFIED' AND replica_id IN ("
            + in
            + ") ORDER BY file_name, replica_id",
        0,
        max,
        replicas.toArray());
  }

  /** A file's copies, by replica. */
  public List<AdoptedCopy> copiesOf(String fileName) throws SQLException {
    return copies(
        "SELECT "
            + COPY_COLUMNS
            + " FROM archive_adopted_copy WHERE file_name = ? ORDER BY replica_id",
        0,
        Integer.MAX_VALUE,
        fileName);
  }

  /** A page of the copies in a verification state (all if null), by name. */
  public List<AdoptedCopy> copiesIn(Verification verification, int first, int max)
      throws SQLException {
    return verification == null
        ? copies(
            "SELECT " + COPY_COLUMNS + " FROM archive_adopted_copy ORDER BY file_name, replica_id",
            first,
            max)
        : copies(
            "SELECT "
                + COPY_COLUMNS
                + " FROM archive_adopted_copy WHERE verification = ?"
                + " ORDER BY file_name, replica_id",
            first,
            max,
            verification.name());
  }

  /** The copies in each verification state, by replica. */
  public Map<String, Map<String, Long>> counts() throws SQLException {
    Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement q =
            c.prepareStatement(
                "SELECT replica_id, verification, COUNT(*) FROM archive_adopted_copy"
                    + " GROUP BY replica_id, verification ORDER BY replica_id, verification");
        ResultSet rs = q.executeQuery()) {
      while (rs.next()) {
        counts
            .computeIfAbsent(rs.getString(1), r -> new LinkedHashMap<>())
            .put(rs.getString(2), rs.getLong(3));
      }
    }
    return counts;
  }

  /** Records an adopted directory; false if it was already. */
  public boolean addDirectory(String replica, String directory, String by, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement q =
          c.prepareStatement(
              "SELECT COUNT(*) FROM archive_adopted_directory WHERE replica_id = ?"
                  + " AND directory = ?")) {
        q.setString(1, replica);
        q.setString(2, directory);
        try (ResultSet rs = q.executeQuery()) {
          rs.next();
          if (rs.getLong(1) > 0) {
            return false;
          }
        }
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO archive_adopted_directory (replica_id, directory, adopted_by,"
                  + " adopted_at) VALUES (?, ?, ?, ?)")) {
        insert.setString(1, replica);
        insert.setString(2, directory);
        insert.setString(3, by.length() <= 100 ? by : by.substring(0, 100));
        insert.setTimestamp(4, Timestamp.from(now));
        insert.executeUpdate();
      }
      return true;
    }
  }

  /** The adopted directories, by replica and time of adoption. */
  public List<AdoptedDirectory> directories() throws SQLException {
    List<AdoptedDirectory> dirs = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement q =
            c.prepareStatement(
                "SELECT replica_id, directory, adopted_by, adopted_at"
                    + " FROM archive_adopted_directory ORDER BY replica_id, adopted_at, directory");
        ResultSet rs = q.executeQuery()) {
      while (rs.next()) {
        dirs.add(
            new AdoptedDirectory(
                rs.getString(1), rs.getString(2), rs.getString(3), rs.getTimestamp(4).toInstant()));
      }
    }
    return dirs;
  }

  private List<AdoptedCopy> copies(String sql, int first, int max, Object... parameters)
      throws SQLException {
    List<AdoptedCopy> copies = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement q = c.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        q.setString(i + 1, (String) parameters[i]);
      }
      q.setMaxRows(max == Integer.MAX_VALUE ? 0 : first + max);
      try (ResultSet rs = q.executeQuery()) {
        int row = 0;
        while (rs.next()) {
          if (row++ < first) {
            continue;
          }
          long sizeValue = rs.getLong(10);
          Long size = rs.wasNull() ? null : sizeValue;
          copies.add(
              new AdoptedCopy(
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  instant(rs.getTimestamp(5)),
                  rs.getInt(6),
                  instant(rs.getTimestamp(7)),
                  Verification.valueOf(rs.getString(8)),
                  rs.getString(9),
                  size,
                  rs.getString(11),
                  rs.getString(12),
                  instant(rs.getTimestamp(13)),
                  rs.getString(14)));
        }
      }
    }
    return copies;
  }

  private static void setTimestamp(PreparedStatement statement, int index, Instant at)
      throws SQLException {
    if (at == null) {
      // No type: PostgreSQL takes the column's.
      statement.setNull(index, Types.NULL);
    } else {
      statement.setTimestamp(index, Timestamp.from(at));
    }
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
