package org.netarchive.ee.archive.infrastructure.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.archive.application.preservation.AuditRun;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;
import org.netarchive.ee.common.io.FileTrees;

/**
 * Benchmark (BENCHMARKS.md), not part of the build's tests (no *Test name): applying the checksum
 * audits of two replicas of {@code -Dbench.files} files (default 1,000,000) to the admin data, on
 * an H2 file database migrated by the real migrations, in one transaction per run as the server
 * does. Ten copies are corrupt on ONE, ten missing on TWO and five unknown files on TWO.
 *
 * <pre>
 * mvn -o test -pl archive-mdb -am -Dtest=AuditApplyBenchmark -Dsurefire.failIfNoSpecifiedTests=false -Dbench.files=1000000
 * </pre>
 */
class AuditApplyBenchmark {

  private static final Logger LOG = Logger.getLogger(AuditApplyBenchmark.class.getName());

  @Test
  void applyTwoReplicas() throws Exception {
    int files = Integer.getInteger("bench.files", 1_000_000);
    // Each statement's rows and time (PreservationRecords logs them at FINE).
    java.util.logging.ConsoleHandler handler = new java.util.logging.ConsoleHandler();
    handler.setLevel(java.util.logging.Level.FINE);
    Logger statements = Logger.getLogger(PreservationRecords.class.getName());
    statements.setLevel(java.util.logging.Level.FINE);
    statements.addHandler(handler);
    Path dir = Path.of("target", "bench-h2").toAbsolutePath();
    FileTrees.delete(dir);
    // -Dbench.url=jdbc:postgresql://... (with bench.user, bench.password): an empty database.
    String url =
        System.getProperty("bench.url", "jdbc:h2:" + dir.resolve("netarchive") + ";MODE=Regular");
    String user = System.getProperty("bench.user", "sa");
    String password = System.getProperty("bench.password", "");
    boolean postgres = url.startsWith("jdbc:postgresql:");
    // The numbers 1..n as a table with one column x.
    String range =
        postgres
            ? "generate_series(1, " + files + ") AS t(x)"
            : "(SELECT X AS x FROM SYSTEM_RANGE(1, " + files + ")) t";
    Flyway.configure()
        .dataSource(url, user, password)
        .locations("classpath:db/migration")
        .load()
        .migrate();
    try (Connection c = DriverManager.getConnection(url, user, password)) {
      c.setAutoCommit(false);
      long setup = System.nanoTime();
      try (Statement s = c.createStatement()) {
        s.execute(
            "INSERT INTO archive_file (id, name, sha512, size_bytes, created_at, version)"
                + " SELECT x, CONCAT('1-1-', LPAD(CAST(x AS VARCHAR), 9, '0'), '.warc.gz'),"
                + " CONCAT(REPEAT('a', 112), LPAD(CAST(x AS VARCHAR), 16, '0')), 1000 + x,"
                + " TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00', 0"
                + " FROM "
                + range);
        for (String replica : new String[] {"ONE", "TWO"}) {
          s.execute(
              "INSERT INTO archive_replica_copy (file_id, replica_id, store_state, attempts,"
                  + " state_changed_at, replica_checksum, checksum_status, checksum_checked_at)"
                  + " SELECT id, '"
                  + replica
                  + "', 'UPLOAD_COMPLETED', 1, created_at, sha512, 'OK', created_at"
                  + " FROM archive_file");
        }
      }
      c.commit();
      if (postgres) {
        // statistics, as autovacuum would have them for tables this size
        try (Statement s = c.createStatement()) {
          s.execute("ANALYZE");
        }
        c.commit();
      }
      LOG.info(
          () ->
              String.format(
                  "%,d files with 2 copies set up in %.1f s",
                  files, secs(System.nanoTime() - setup)));

      PreservationRecords records = new PreservationRecords(single(c));
      StringBuilder report = new StringBuilder();
      // The first audits of both replicas (no copy checked before), then the same audits again,
      // as every later audit is (the copies checked, nearly all still OK).
      for (String round : new String[] {"first audits", "repeated audits"}) {
        applyRound(records, c, files, round, report);
      }
      System.out.print(report);
    } finally {
      FileTrees.delete(dir);
    }
  }

  private static void applyRound(
      PreservationRecords records, Connection c, int files, String round, StringBuilder report)
      throws SQLException {
    boolean first = round.startsWith("first");
    Instant started = Instant.now();
    long one = records.createRun("ONE", AuditKind.CHECKSUM, "bench", started, files);
    long two = records.createRun("TWO", AuditKind.CHECKSUM, "bench", started, files);
    try (Statement s = c.createStatement()) {
      // What the audits found: ONE's first ten copies corrupt; TWO's first ten missing and
      // five files on its disk that the admin data does not know.
      s.execute(
          "INSERT INTO preservation_audit_finding (run_id, file_name, size_bytes, checksum)"
              + " SELECT "
              + one
              + ", name, size_bytes, CASE WHEN id <= 10 THEN REPEAT('b', 128) ELSE sha512 END"
              + " FROM archive_file");
      s.execute(
          "INSERT INTO preservation_audit_finding (run_id, file_name, size_bytes, checksum)"
              + " SELECT "
              + two
              + ", name, size_bytes, sha512 FROM archive_file WHERE id > 10");
      s.execute(
          "INSERT INTO preservation_audit_finding (run_id, file_name, size_bytes, checksum)"
              + " SELECT "
              + two
              + ", CONCAT('unknown-', CAST(x AS VARCHAR)), 5, REPEAT('c', 128) FROM (SELECT 1 AS x"
              + " UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5) t");
    }
    c.commit();
    long total = System.nanoTime();
    for (long runId : new long[] {one, two}) {
      AuditRun run = records.run(runId).orElseThrow();
      long t = System.nanoTime();
      // As AuditResults: statistics (PostgreSQL), applied and committed, then the staging removed
      // in a transaction of its own.
      records.refreshStatistics();
      c.commit();
      Map<CopyState, Long> counts = records.apply(run, "audit " + runId, Instant.now());
      int toVote = records.filesToVote(runId).size();
      records.status(runId, "COMPLETED", Instant.now(), null);
      c.commit();
      long applied = System.nanoTime();
      records.clearStaging(runId);
      c.commit();
      long done = System.nanoTime();
      report.append(
          String.format(
              "%s, replica %s: %s; applied and committed in %.1f s (%d files to vote on), staging"
                  + " removed in %.1f s%n",
              round, run.replica(), counts, secs(applied - t), toVote, secs(done - applied)));
      if (run.replica().equals("ONE")) {
        assertThat(counts.get(CopyState.CORRUPT)).isEqualTo(10);
        assertThat(counts.get(CopyState.OK)).isEqualTo(files - 10L);
      } else {
        // the second time, TWO's missing copies are no longer held (UPLOAD_FAILED)
        assertThat(counts.get(CopyState.MISSING)).isEqualTo(first ? 10 : 0);
        assertThat(counts.get(CopyState.OK)).isEqualTo(files - 10L);
        assertThat(counts.get(CopyState.UNKNOWN_FILE)).isEqualTo(5);
      }
    }
    double seconds = secs(System.nanoTime() - total);
    report.append(
        String.format(
            "%s: %,d files on 2 replicas applied, staging removed, in %.1f s (%s)%n",
            round, files, seconds, Duration.ofMillis((long) (seconds * 1000))));
    // Every copy held counts as verified by these audits, those whose checks were not written
    // (still OK) too.
    long t = System.nanoTime();
    Map<String, PreservationRecords.Holding> held =
        records.holdings(java.util.List.of("ONE", "TWO"), started);
    report.append(
        String.format(
            "%s: copies not verified since they started, counted in %.1f s: %s%n",
            round, secs(System.nanoTime() - t), held.values()));
    assertThat(held.get("ONE").files()).isEqualTo(files);
    assertThat(held.get("ONE").notVerified()).isZero();
    assertThat(held.get("TWO").notVerified()).isZero();
    org.netarchive.ee.archive.application.preservation.CopyCheck check =
        records.checks(String.format("1-1-%09d.warc.gz", files / 2)).get("ONE");
    assertThat(check.state()).isEqualTo(CopyState.OK);
    assertThat(check.checksumCheckedAt()).isAfterOrEqualTo(started);
    assertThat(check.runId()).isEqualTo(one);
    assertThat(records.checks("1-1-000000003.warc.gz").get("ONE").state())
        .isEqualTo(CopyState.CORRUPT);
  }

  /** A data source that hands out one connection, never closed by its users, not auto-committed. */
  private static DataSource single(Connection connection) throws SQLException {
    connection.setAutoCommit(false);
    Connection unclosable =
        (Connection)
            Proxy.newProxyInstance(
                Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                (proxy, method, args) ->
                    method.getName().equals("close") ? null : method.invoke(connection, args));
    return (DataSource)
        Proxy.newProxyInstance(
            DataSource.class.getClassLoader(),
            new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getConnection")) {
                return unclosable;
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  private static double secs(long nanos) {
    return nanos / 1e9;
  }
}
