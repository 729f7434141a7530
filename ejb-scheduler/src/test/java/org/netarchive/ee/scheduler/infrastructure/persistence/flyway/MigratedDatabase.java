package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;

/**
 * An in-memory H2 database of its own, migrated by the shipped Flyway migrations as the server runs
 * them, with one open connection (which keeps it alive until {@link #close()}): the fixture of the
 * schema tests and of the JDBC stores' tests.
 */
public final class MigratedDatabase implements AutoCloseable {

  private final String url;
  private final Connection connection;

  private MigratedDatabase(String url, Connection connection) {
    this.url = url;
    this.connection = connection;
  }

  /** Migrates a new database whose name starts with {@code name} and connects to it. */
  public static MigratedDatabase migrate(String name) throws SQLException {
    String url = "jdbc:h2:mem:" + name + "-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    Flyway.configure()
        .dataSource(url, "sa", "")
        .locations("classpath:db/migration")
        .failOnMissingLocations(true)
        .load()
        .migrate();
    return new MigratedDatabase(url, DriverManager.getConnection(url, "sa", ""));
  }

  /** The open connection. */
  public Connection connection() {
    return connection;
  }

  /** A data source of the database, for the code under test. */
  public DataSource dataSource() {
    JdbcDataSource dataSource = new JdbcDataSource();
    dataSource.setURL(url);
    dataSource.setUser("sa");
    dataSource.setPassword("");
    return dataSource;
  }

  void update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate(sql);
    }
  }

  /** The first column of the first row of a query. */
  long single(String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }

  /** Runs an INSERT and returns the generated id, or -1 if none. */
  long insert(String sql) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(sql, new String[] {"id"})) {
      insert.executeUpdate();
      try (ResultSet keys = insert.getGeneratedKeys()) {
        return keys.next() ? keys.getLong(1) : -1;
      }
    }
  }

  /** Drops the database and closes the connection. */
  @Override
  public void close() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SHUTDOWN");
    }
    connection.close();
  }
}
