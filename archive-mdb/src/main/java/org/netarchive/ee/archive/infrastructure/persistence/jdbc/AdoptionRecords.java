package org.netarchive.ee.archive.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.netarchive.ee.archive.domain.model.adoption.Verification;
import org.netarchive.ee.common.jdbc.Sql;
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
    return Sql.first(
        c,
        "SELECT recorded_md5 FROM archive_adopted_copy WHERE file_name = ? FETCH FIRST 1 ROWS"
            + " ONLY",
        rs -> rs.getString(1),
        fileName);
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
    record Known(String state, Instant at) {}
    Optional<Known> known =
        Sql.first(
            c,
            "SELECT nas_state, nas_state_at FROM archive_adopted_copy"
                + " WHERE file_name = ? AND replica_id = ?",
            rs -> new Known(rs.getString(1), Sql.instant(rs, 2)),
            fileName,
            replica);
    if (known.isEmpty()) {
      Sql.update(
          c,
          "INSERT INTO archive_adopted_copy (file_name, replica_id, recorded_md5,"
              + " nas_state, nas_state_at, source_line, imported_at, verification)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?, 'UNVERIFIED')",
          fileName,
          replica,
          md5,
          nasState,
          nasStateAt,
          line,
          now);
      return Merge.ADDED;
    }
    String state = known.get().state();
    Instant knownAt = known.get().at();
    boolean newer =
        nasStateAt == null
            ? !state.equals(nasState)
            : knownAt == null || nasStateAt.isAfter(knownAt);
    if (!newer || (state.equals(nasState) && java.util.Objects.equals(knownAt, nasStateAt))) {
      return Merge.UNCHANGED;
    }
    Sql.update(
        c,
        "UPDATE archive_adopted_copy SET nas_state = ?, nas_state_at = ?, source_line = ?"
            + " WHERE file_name = ? AND replica_id = ?",
        nasState,
        nasStateAt,
        line,
        fileName,
        replica);
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
    try (Connection c = dataSource.getConnection()) {
      Sql.update(
          c,
          "UPDATE archive_adopted_copy SET verification = ?, path = ?, size_bytes = ?,"
              + " found_md5 = ?, sha512 = ?, verified_at = ?, detail = ?"
              + " WHERE file_name = ? AND replica_id = ?",
          verification.name(),
          path,
          size == null ? Sql.nullOf(Types.BIGINT) : size,
          foundMd5,
          sha512,
          now,
          detail == null || detail.length() <= 2000 ? detail : detail.substring(0, 2000),
          fileName,
          replica);
    }
  }

  /** Makes a replica's MISSING copies UNVERIFIED again (a directory was adopted). */
  public int recheckMissing(String replica) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.update(
          c,
          "UPDATE archive_adopted_copy SET verification = 'UNVERIFIED'"
              + " WHERE replica_id = ? AND verification = 'MISSING'",
          replica);
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
    try (Connection c = dataSource.getConnection()) {
      record Count(String replica, String verification, long copies) {}
      for (Count count :
          Sql.list(
              c,
              "SELECT replica_id, verification, COUNT(*) FROM archive_adopted_copy"
                  + " GROUP BY replica_id, verification ORDER BY replica_id, verification",
              rs -> new Count(rs.getString(1), rs.getString(2), rs.getLong(3)))) {
        counts
            .computeIfAbsent(count.replica(), r -> new LinkedHashMap<>())
            .put(count.verification(), count.copies());
      }
    }
    return counts;
  }

  /** Records an adopted directory; false if it was already. */
  public boolean addDirectory(String replica, String directory, String by, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      long already =
          Sql.first(
                  c,
                  "SELECT COUNT(*) FROM archive_adopted_directory WHERE replica_id = ?"
                      + " AND directory = ?",
                  rs -> rs.getLong(1),
                  replica,
                  directory)
              .orElseThrow();
      if (already > 0) {
        return false;
      }
      Sql.update(
          c,
          "INSERT INTO archive_adopted_directory (replica_id, directory, adopted_by,"
              + " adopted_at) VALUES (?, ?, ?, ?)",
          replica,
          directory,
          by.length() <= 100 ? by : by.substring(0, 100),
          now);
      return true;
    }
  }

  /** The adopted directories, by replica and time of adoption. */
  public List<AdoptedDirectory> directories() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.list(
          c,
          "SELECT replica_id, directory, adopted_by, adopted_at"
              + " FROM archive_adopted_directory ORDER BY replica_id, adopted_at, directory",
          rs ->
              new AdoptedDirectory(
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getTimestamp(4).toInstant()));
    }
  }

  private List<AdoptedCopy> copies(String sql, int first, int max, Object... parameters)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      List<AdoptedCopy> rows =
          Sql.listAtMost(
              c,
              max == Integer.MAX_VALUE ? 0 : first + max,
              sql,
              rs ->
                  new AdoptedCopy(
                      rs.getString(1),
                      rs.getString(2),
                      rs.getString(3),
                      rs.getString(4),
                      Sql.instant(rs, 5),
                      rs.getInt(6),
                      Sql.instant(rs, 7),
                      Verification.valueOf(rs.getString(8)),
                      rs.getString(9),
                      Sql.nullableLong(rs, 10),
                      rs.getString(11),
                      rs.getString(12),
                      Sql.instant(rs, 13),
                      rs.getString(14)),
              parameters);
      return new ArrayList<>(rows.subList(Math.min(first, rows.size()), rows.size()));
    }
  }
}
