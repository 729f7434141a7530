package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.postgresql.PGStatement;

/**
 * Looks rows up by a list of keys (domain names, domain ids) for the bulk writers, so that the time
 * of a lookup does not grow with the table.
 *
 * <p>On PostgreSQL the keys go as one array, {@code column = ANY(?)}, in a statement that is
 * planned for its values at every execution. A reused prepared statement would, after five
 * executions, get a generic plan that PostgreSQL keeps for as long as the connection lives: made
 * while a bulk import's table was still nearly empty, that plan scans the table and compares each
 * row with every key, and the import slows down as the table grows (measured: 350 ms a lookup of
 * 500 names among 100,000 domains, 3 ms with a plan for the values). On H2 the keys go in {@code
 * IN} lists of {@value #IN_LIST_SIZE}.
 */
final class KeyLookups {

  /** Keys per IN list, where the keys are not sent as one array. */
  static final int IN_LIST_SIZE = 500;

  private KeyLookups() {}

  /** Reads one row of a lookup. */
  @FunctionalInterface
  interface RowReader {
    void read(ResultSet row) throws SQLException;
  }

  /** Whether the connection is to PostgreSQL. */
  static boolean postgres(Connection connection) throws SQLException {
    return connection
        .getMetaData()
        .getDatabaseProductName()
        .toLowerCase(Locale.ROOT)
        .contains("postgres");
  }

  /**
   * Runs a lookup for all keys and gives each row found to {@code reader}.
   *
   * @param sql the query with one {@code %s} where the condition on the keys goes
   * @param column the column the keys are compared with (as the query names it)
   * @param keys the keys, all {@code String} or all {@code Long}
   * @param arrayType the PostgreSQL type of the keys ({@code varchar}, {@code bigint})
   */
  static void lookup(
      Connection connection,
      String sql,
      String column,
      List<?> keys,
      String arrayType,
      RowReader reader)
      throws SQLException {
    if (keys.isEmpty()) {
      return;
    }
    if (postgres(connection)) {
      try (PreparedStatement select =
          connection.prepareStatement(String.format(sql, column + " = ANY(?)"))) {
        // an unnamed statement, planned for the keys it is given, whatever it ran with before
        select.unwrap(PGStatement.class).setPrepareThreshold(0);
        Object[] array =
            "bigint".equals(arrayType) ? keys.toArray(Long[]::new) : keys.toArray(String[]::new);
        select.setArray(1, connection.createArrayOf(arrayType, array));
        read(select, reader);
      }
      return;
    }
    for (int from = 0; from < keys.size(); from += IN_LIST_SIZE) {
      List<?> part = keys.subList(from, Math.min(keys.size(), from + IN_LIST_SIZE));
      try (PreparedStatement select =
          connection.prepareStatement(
              String.format(
                  sql,
                  column
                      + " IN ("
                      + String.join(", ", Collections.nCopies(part.size(), "?"))
                      + ")"))) {
        for (int i = 0; i < part.size(); i++) {
          select.setObject(i + 1, part.get(i));
        }
        read(select, reader);
      }
    }
  }

  private static void read(PreparedStatement select, RowReader reader) throws SQLException {
    try (ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        reader.read(rows);
      }
    }
  }
}
