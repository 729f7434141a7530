package org.netarchive.ee.common.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Statements with bound parameters on a connection the caller holds: an update, the rows of a query
 * through a {@link Row} mapper, its first row, or a batch.
 *
 * <p>Parameters bind by their Java type: {@link String}, {@link Long}, {@link Integer}, {@link
 * Boolean}, {@link Instant} and {@link Timestamp} with their own setters, anything else with {@code
 * setObject}. A plain {@code null} binds without a type, so that PostgreSQL takes the column's (a
 * VARCHAR null into a BIGINT column is refused); {@link #nullOf(int)} gives a typed one. JDBC
 * offers nothing between hand-written statements and a mapper such as JPA, whose sessions the batch
 * stores avoid for speed; this is the small part they share.
 */
public final class Sql {

  private Sql() {}

  /** Reads the current row of a result set into a value. */
  @FunctionalInterface
  public interface Row<T> {
    /**
     * @param rs positioned on the row
     * @return the row's value
     */
    T read(ResultSet rs) throws SQLException;
  }

  /** A null parameter of a given SQL type ({@link Types}). */
  private record Null(int sqlType) {}

  /**
   * A null parameter of this SQL type, where the statement wants the type said.
   *
   * @param sqlType one of {@link Types}
   */
  public static Object nullOf(int sqlType) {
    return new Null(sqlType);
  }

  /** Binds the parameters to the statement's placeholders, from the first. */
  public static void bind(PreparedStatement statement, Object... values) throws SQLException {
    for (int i = 0; i < values.length; i++) {
      int index = i + 1;
      switch (values[i]) {
        case null -> statement.setNull(index, Types.NULL);
        case String text -> statement.setString(index, text);
        case Long number -> statement.setLong(index, number);
        case Integer number -> statement.setInt(index, number);
        case Boolean flag -> statement.setBoolean(index, flag);
        case Instant instant -> statement.setTimestamp(index, Timestamp.from(instant));
        case Timestamp timestamp -> statement.setTimestamp(index, timestamp);
        case Null typed -> statement.setNull(index, typed.sqlType());
        default -> statement.setObject(index, values[i]);
      }
    }
  }

  /**
   * Runs an INSERT, UPDATE or DELETE.
   *
   * @return the rows it changed
   */
  public static int update(Connection connection, String sql, Object... values)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      return statement.executeUpdate();
    }
  }

  /**
   * Runs an INSERT that makes one row with a generated key.
   *
   * @return the key
   */
  public static long insertReturningKey(Connection connection, String sql, Object... values)
      throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
      bind(statement, values);
      statement.executeUpdate();
      try (ResultSet keys = statement.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  /**
   * Runs an UPDATE and, if it changed no row, the INSERT that makes the row.
   *
   * @param updateValues the UPDATE's parameters
   * @param insertValues the INSERT's parameters
   */
  public static void updateElseInsert(
      Connection connection,
      String update,
      Object[] updateValues,
      String insert,
      Object[] insertValues)
      throws SQLException {
    if (update(connection, update, updateValues) == 0) {
      update(connection, insert, insertValues);
    }
  }

  /** The rows of a query, each read by {@code row}, in the order the query gives. */
  public static <T> List<T> list(Connection connection, String sql, Row<T> row, Object... values)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      return rows(statement, row);
    }
  }

  private static <T> List<T> rows(PreparedStatement statement, Row<T> row) throws SQLException {
    try (ResultSet rs = statement.executeQuery()) {
      List<T> found = new ArrayList<>();
      while (rs.next()) {
        found.add(row.read(rs));
      }
      return found;
    }
  }

  /**
   * The first {@code maxRows} rows of a query ({@link PreparedStatement#setMaxRows}), each read by
   * {@code row}.
   */
  public static <T> List<T> listAtMost(
      Connection connection, int maxRows, String sql, Row<T> row, Object... values)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setMaxRows(maxRows);
      bind(statement, values);
      return rows(statement, row);
    }
  }

  /** The first row of a query read by {@code row}; empty if it has none, or reads as null. */
  public static <T> Optional<T> first(
      Connection connection, String sql, Row<T> row, Object... values) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() ? Optional.ofNullable(row.read(rs)) : Optional.empty();
      }
    }
  }

  /** Whether a query has a row. */
  public static boolean exists(Connection connection, String sql, Object... values)
      throws SQLException {
    return first(connection, sql, rs -> Boolean.TRUE, values).isPresent();
  }

  /**
   * Runs one statement for each item as a single JDBC batch; nothing if there are none.
   *
   * @param values an item's parameters
   */
  public static <T> void batch(
      Connection connection, String sql, Iterable<T> items, Function<T, Object[]> values)
      throws SQLException {
    if (!items.iterator().hasNext()) {
      return;
    }
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (T item : items) {
        bind(statement, values.apply(item));
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  /** A timestamp column as an instant, {@code null} if the column is null. */
  public static Instant instant(ResultSet rs, int column) throws SQLException {
    Timestamp at = rs.getTimestamp(column);
    return at == null ? null : at.toInstant();
  }

  /** A BIGINT column that may be null, as a {@link Long}. */
  public static Long nullableLong(ResultSet rs, int column) throws SQLException {
    long value = rs.getLong(column);
    return rs.wasNull() ? null : value;
  }
}
