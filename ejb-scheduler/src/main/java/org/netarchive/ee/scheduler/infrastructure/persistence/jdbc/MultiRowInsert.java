package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The rows of one table, written as INSERT statements of many rows each ({@code INSERT INTO t (a,
 * b) VALUES (?, ?), (?, ?), ...}) rather than a JDBC batch of one-row statements: the database
 * executes one statement per {@link #rowsPerStatement} rows instead of one per row, which makes a
 * bulk import several times faster on PostgreSQL. Portable (H2 and PostgreSQL). Rows are kept until
 * {@link #flush}, so that the caller decides the order of the tables (parents before children, as
 * the foreign keys want).
 */
final class MultiRowInsert {

  /** At most this many parameters in one statement (PostgreSQL's protocol allows 65,535). */
  private static final int MAX_PARAMETERS = 30_000;

  private static final int MAX_ROWS = 1000;

  /** A null of an SQL type ({@link java.sql.Types}), as a value of {@link #add}. */
  record Null(int sqlType) {}

  private final Connection connection;
  private final String head;
  private final String row;
  private final int width;
  private final int rowsPerStatement;
  private final List<Object[]> rows = new ArrayList<>();

  /**
   * @param singleRowInsert an INSERT of one row, {@code INSERT INTO t (a, b, c) VALUES (?, ?, 0)}:
   *     its parameters are the values of {@link #add}; constants stay constants
   */
  MultiRowInsert(Connection connection, String singleRowInsert) {
    int values = singleRowInsert.lastIndexOf(" VALUES ");
    if (values < 0) {
      throw new IllegalArgumentException("Not a one-row INSERT: " + singleRowInsert);
    }
    this.connection = connection;
    this.head = singleRowInsert.substring(0, values) + " VALUES ";
    this.row = singleRowInsert.substring(values + " VALUES ".length()).strip();
    this.width = (int) row.chars().filter(c -> c == '?').count();
    this.rowsPerStatement = Math.max(1, Math.min(MAX_ROWS, MAX_PARAMETERS / Math.max(1, width)));
  }

  /** A text value, or a VARCHAR null. */
  static Object varchar(String text) {
    return text == null ? new Null(Types.VARCHAR) : text;
  }

  /** A number, or a BIGINT null. */
  static Object bigint(Long number) {
    return number == null ? new Null(Types.BIGINT) : number;
  }

  /** A number, or a BIGINT null. */
  static Object bigint(OptionalLong number) {
    return number.isPresent() ? number.getAsLong() : new Null(Types.BIGINT);
  }

  /** Adds a row: its parameters' values in order ({@link Null} for a null). */
  void add(Object... values) {
    if (values.length != width) {
      throw new IllegalArgumentException(
          "A row of " + head + " has " + width + " values, not " + values.length);
    }
    rows.add(values);
  }

  /** Inserts the rows added, and forgets them. */
  void flush() throws SQLException {
    int from = 0;
    while (from < rows.size()) {
      int count = Math.min(rowsPerStatement, rows.size() - from);
      StringBuilder sql = new StringBuilder(head.length() + count * (row.length() + 2));
      sql.append(head);
      for (int i = 0; i < count; i++) {
        if (i > 0) {
          sql.append(", ");
        }
        sql.append(row);
      }
      try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
        int index = 1;
        for (int r = from; r < from + count; r++) {
          for (Object value : rows.get(r)) {
            bind(insert, index++, value);
          }
        }
        insert.executeUpdate();
      }
      from += count;
    }
    rows.clear();
  }

  private static void bind(PreparedStatement statement, int index, Object value)
      throws SQLException {
    switch (value) {
      case null -> throw new IllegalArgumentException("A null value must be a MultiRowInsert.Null");
      case Null typed -> statement.setNull(index, typed.sqlType());
      case Long number -> statement.setLong(index, number);
      case Integer number -> statement.setInt(index, number);
      case String text -> statement.setString(index, text);
      case Boolean flag -> statement.setBoolean(index, flag);
      case Timestamp time -> statement.setTimestamp(index, time);
      default -> statement.setObject(index, value);
    }
  }
}
