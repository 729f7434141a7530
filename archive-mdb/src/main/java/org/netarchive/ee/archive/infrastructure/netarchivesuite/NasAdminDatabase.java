package org.netarchive.ee.archive.infrastructure.netarchivesuite;

import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.netarchive.ee.archive.domain.model.adoption.AdminDataLine;
import org.netarchive.ee.archive.domain.model.adoption.AdminDataSource;
import org.netarchive.ee.archive.domain.model.adoption.MalformedAdminDataException;
import org.netarchive.ee.archive.domain.model.adoption.ReplicaFileInfo;
import org.netarchive.ee.common.netarchivesuite.NetarchiveSuiteDatabase;

/**
 * The admin database of a NetarchiveSuite ArcRepository (tables {@code file}, {@code replica},
 * {@code replicafileinfo} as its {@code createArchiveDB.pgsql} creates them, NetarchiveSuite 4 to
 * 8), read as admin data: one {@link AdminDataLine} per file, numbered by its {@code file_id}, in
 * {@code file_id} order, streamed in constant memory. A file whose records cannot be made one line
 * (see {@link ReplicaFileInfo#line}) is skipped and listed in {@link #skipped()}.
 */
public final class NasAdminDatabase implements AdminDataSource {

  static final String WHAT = "NetarchiveSuite admin database";
  private static final int FETCH_SIZE = 5000;
  private static final int SKIPPED_LISTED = 10_000;

  private final NetarchiveSuiteDatabase database;
  private final String source;
  private final String version;
  private final PreparedStatement query;
  private final ResultSet rows;
  private final List<String> skipped = new ArrayList<>();
  private long skippedCount;
  private boolean pending;

  private NasAdminDatabase(NetarchiveSuiteDatabase database, String source) throws SQLException {
    this.database = database;
    this.source = source;
    Map<String, Integer> versions = database.schemaVersions();
    this.version =
        versions.isEmpty()
            ? "admin database"
            : "admin database "
                + versions.entrySet().stream()
                    .map(e -> e.getKey() + " v" + e.getValue())
                    .collect(Collectors.joining(", "));
    // Every file, also one without records: it is reported as naming no replica, not lost.
    this.query =
        database
            .connection()
            .prepareStatement(
                "SELECT f.file_id, f.filename, i.replica_id, r.replica_type, i.checksum,"
                    + " i.upload_status, i.checksum_status"
                    + " FROM file f"
                    + " LEFT JOIN replicafileinfo i ON i.file_id = f.file_id"
                    + " LEFT JOIN replica r ON r.replica_id = i.replica_id"
                    + " ORDER BY f.file_id, i.replica_id");
    query.setFetchSize(FETCH_SIZE);
    this.rows = query.executeQuery();
    this.pending = rows.next();
  }

  /**
   * Opens the admin database for reading.
   *
   * @param url a {@code jdbc:postgresql:} URL
   * @throws IllegalArgumentException naming the URL if it cannot be opened or is no admin database
   *     (the password never in the message)
   */
  public static NasAdminDatabase open(String url, String user, String password) {
    NetarchiveSuiteDatabase database =
        NetarchiveSuiteDatabase.open(
            WHAT,
            url,
            user,
            password,
            NasAdminDatabase.class.getClassLoader(),
            List.of("file", "replica", "replicafileinfo"));
    try {
      return new NasAdminDatabase(database, sourceName(url));
    } catch (SQLException e) {
      database.close();
      throw new IllegalArgumentException(
          "Cannot read the " + WHAT + " '" + url + "': " + e.getMessage(), e);
    }
  }

  /** The URL as reports name it: without its query, where a password may be given. */
  public static String sourceName(String url) {
    int query = url.indexOf('?');
    return query < 0 ? url : url.substring(0, query);
  }

  @Override
  public String version() {
    return version;
  }

  @Override
  public String position() {
    return "file_id";
  }

  @Override
  public Optional<AdminDataLine> next() throws IOException {
    try {
      while (pending) {
        long id = rows.getLong(1);
        String fileName = rows.getString(2);
        List<ReplicaFileInfo> records = new ArrayList<>();
        while (pending && rows.getLong(1) == id) {
          String replica = rows.getString(3);
          if (replica != null) {
            String type = rows.getString(4);
            records.add(
                new ReplicaFileInfo(
                    replica,
                    type != null && type.strip().toUpperCase(Locale.ROOT).equals("CHECKSUM"),
                    rows.getString(5),
                    intOrNull(6),
                    intOrNull(7)));
          }
          pending = rows.next();
        }
        int number = fileNumber(id, fileName);
        if (fileName == null || fileName.isBlank()) {
          throw new MalformedAdminDataException(
              source, position(), number, "file_id " + id, "the file has no name");
        }
        ReplicaFileInfo.FileRecord record = ReplicaFileInfo.line(number, fileName, records);
        if (record.line() != null) {
          return Optional.of(record.line());
        }
        skippedCount++;
        if (skipped.size() < SKIPPED_LISTED) {
          skipped.add(record.refusal());
        }
      }
      return Optional.empty();
    } catch (SQLException e) {
      throw new IOException("Cannot read the " + WHAT + " " + source + ": " + e.getMessage(), e);
    }
  }

  private Integer intOrNull(int column) throws SQLException {
    int value = rows.getInt(column);
    return rows.wasNull() ? null : value;
  }

  private int fileNumber(long id, String fileName) {
    if (id < 1 || id > Integer.MAX_VALUE) {
      throw new MalformedAdminDataException(
          source,
          position(),
          0,
          String.valueOf(fileName),
          "file_id " + id + " is outside 1.." + Integer.MAX_VALUE);
    }
    return (int) id;
  }

  @Override
  public List<String> skipped() {
    if (skippedCount > skipped.size()) {
      List<String> listed = new ArrayList<>(skipped);
      listed.add("... and " + (skippedCount - skipped.size()) + " more files skipped");
      return listed;
    }
    return List.copyOf(skipped);
  }

  @Override
  public void close() {
    try {
      rows.close();
      query.close();
    } catch (SQLException e) {
      // read-only: nothing to keep
    }
    database.close();
  }
}
