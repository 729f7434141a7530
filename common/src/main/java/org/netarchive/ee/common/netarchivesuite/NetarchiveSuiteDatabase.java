package org.netarchive.ee.common.netarchivesuite;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * A NetarchiveSuite PostgreSQL database (its harvest database or its admin database), opened
 * read-only over JDBC for an import. The driver is PostgreSQL's, the server's module {@code
 * org.postgresql}, instantiated through the caller's class loader: {@link java.sql.DriverManager}
 * does not see drivers of other modules. The connection runs in a transaction (auto-commit off), as
 * PostgreSQL needs for streaming rows with a fetch size.
 */
public final class NetarchiveSuiteDatabase implements AutoCloseable {

  private final Connection connection;

  private NetarchiveSuiteDatabase(Connection connection) {
    this.connection = connection;
  }

  /**
   * Opens the database and checks that it has the given tables.
   *
   * @param what the database as messages name it, e.g. {@code NetarchiveSuite harvest database}
   * @param url a {@code jdbc:postgresql:} URL
   * @param loader a class loader that sees the module {@code org.postgresql}
   * @param tables tables it must have, lower-case
   * @throws IllegalArgumentException naming the URL if it is not a PostgreSQL one, cannot be opened
   *     (the password is never part of the message) or lacks one of the tables
   * @throws IllegalStateException if there is no PostgreSQL driver
   */
  public static NetarchiveSuiteDatabase open(
      String what,
      String url,
      String user,
      String password,
      ClassLoader loader,
      List<String> tables) {
    if (url == null || !url.startsWith("jdbc:postgresql:")) {
      throw new IllegalArgumentException(
          "The "
              + what
              + " URL must be a PostgreSQL JDBC URL (jdbc:postgresql://host:5432/database), not '"
              + url
              + "'");
    }
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    properties.setProperty("readOnly", "true");
    try {
      Driver driver =
          (Driver)
              Class.forName("org.postgresql.Driver", true, loader)
                  .getDeclaredConstructor()
                  .newInstance();
      Connection connection = driver.connect(url, properties);
      if (connection == null) {
        throw new IllegalArgumentException("The PostgreSQL driver does not accept '" + url + "'");
      }
      connection.setAutoCommit(false);
      connection.setReadOnly(true);
      NetarchiveSuiteDatabase database = new NetarchiveSuiteDatabase(connection);
      List<String> missing = tables.stream().filter(t -> !database.hasTableUnchecked(t)).toList();
      if (!missing.isEmpty()) {
        database.close();
        throw new IllegalArgumentException(
            "'"
                + url
                + "' is not a "
                + what
                + ": it has no tables "
                + String.join(" and ", missing));
      }
      return database;
    } catch (SQLException e) {
      throw new IllegalArgumentException(
          "Cannot open the " + what + " '" + url + "' as user '" + user + "': " + e.getMessage());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("The server has no PostgreSQL JDBC driver", e);
    }
  }

  /** The open connection (read-only, in a transaction); closed by {@link #close()}. */
  public Connection connection() {
    return connection;
  }

  /** Whether the database has a table of this name. */
  public boolean hasTable(String table) throws SQLException {
    try (ResultSet rows =
        connection.getMetaData().getTables(null, null, table.toLowerCase(Locale.ROOT), null)) {
      return rows.next();
    }
  }

  private boolean hasTableUnchecked(String table) {
    try {
      return hasTable(table);
    } catch (SQLException e) {
      throw new IllegalArgumentException(
          "Cannot read the tables of the database: " + e.getMessage(), e);
    }
  }

  /** The number of rows of a table (that exists). */
  public long count(String table) throws SQLException {
    if (!table.matches("[a-z_]+")) {
      throw new IllegalArgumentException("Not a table name: " + table);
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  /** The schema versions of the tables, as NetarchiveSuite records them (none if unrecorded). */
  public Map<String, Integer> schemaVersions() throws SQLException {
    Map<String, Integer> versions = new LinkedHashMap<>();
    if (!hasTable("schemaversions")) {
      return versions;
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT tablename, version FROM schemaversions ORDER BY tablename")) {
      while (rows.next()) {
        versions.put(rows.getString(1), rows.getInt(2));
      }
    }
    return versions;
  }

  @Override
  public void close() {
    try {
      connection.rollback();
    } catch (SQLException e) {
      // read-only: nothing to lose
    }
    try {
      connection.close();
    } catch (SQLException e) {
      // closing a read-only connection
    }
  }
}
