package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Ids from the schema's sequences, block-wise, with the convention the JPA mappings use
 * (Hibernate's pooled-lo optimizer): a sequence value is the first id of a block of {@link #BLOCK}
 * ids, and the sequence increments by the block size.
 */
final class SequenceBlocks {

  /** The sequences' increment and the mappings' allocation size. */
  static final int BLOCK = 50;

  private SequenceBlocks() {}

  /**
   * {@code count} fresh ids from {@code sequence}. On PostgreSQL all the blocks they need come in
   * one query; elsewhere one query per block.
   */
  static long[] next(Connection connection, String sequence, int count) throws SQLException {
    long[] ids = new long[count];
    if (count == 0) {
      return ids;
    }
    String sql = nextValueSql(connection, sequence);
    if (sql.startsWith("SELECT nextval")) {
      int blocks = (count + BLOCK - 1) / BLOCK;
      try (PreparedStatement statement =
          connection.prepareStatement(sql + " FROM generate_series(1, ?)")) {
        statement.setInt(1, blocks);
        int filled = 0;
        try (ResultSet rs = statement.executeQuery()) {
          while (rs.next()) {
            long first = rs.getLong(1);
            for (int i = 0; i < BLOCK && filled < count; i++) {
              ids[filled++] = first + i;
            }
          }
        }
        if (filled < count) {
          throw new SQLException(
              "Sequence " + sequence + " gave " + filled + " of " + count + " ids");
        }
      }
      return ids;
    }
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      int filled = 0;
      while (filled < count) {
        long first;
        try (ResultSet rs = statement.executeQuery()) {
          rs.next();
          first = rs.getLong(1);
        }
        for (int i = 0; i < BLOCK && filled < count; i++) {
          ids[filled++] = first + i;
        }
      }
    }
    return ids;
  }

  private static String nextValueSql(Connection connection, String sequence) throws SQLException {
    if (!sequence.matches("[a-z_]+")) {
      throw new IllegalArgumentException("Not a sequence name: " + sequence);
    }
    String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    return product.contains("postgres")
        ? "SELECT nextval('" + sequence + "')"
        : "SELECT NEXT VALUE FOR " + sequence;
  }
}
