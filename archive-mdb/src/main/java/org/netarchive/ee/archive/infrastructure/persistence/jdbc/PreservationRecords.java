package org.netarchive.ee.archive.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.netarchive.ee.archive.application.preservation.AuditRun;
import org.netarchive.ee.archive.application.preservation.CopyCheck;
import org.netarchive.ee.archive.application.preservation.Decision;
import org.netarchive.ee.archive.application.preservation.Finding;
import org.netarchive.ee.archive.application.preservation.LedgerEntry;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;
import org.netarchive.ee.common.jdbc.Sql;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The bit preservation tables (V15__bit_preservation.sql), in the caller's transaction. Plain JDBC:
 * an audit's findings are inserted in batches and applied with a few set-based statements, which an
 * entity mapping would turn into a statement per file.
 */
@ApplicationScoped
public class PreservationRecords {

  private static final int MAX_TEXT = 2000;

  private static final java.util.logging.Logger LOG =
      java.util.logging.Logger.getLogger(PreservationRecords.class.getName());

  private static final String RUN_COLUMNS =
      "id, replica_id, kind, status, started_by, started_at, finished_at, execution_id,"
          + " files_expected, files_checked, bytes_checked, ok_count, missing_count,"
          + " corrupt_count, unknown_count, failure";

  private static final String LEDGER_COLUMNS =
      "id, recorded_at, event, actor, run_id, file_name, replica_id, expected_sha512,"
          + " found_sha512, detail";

  /**
   * The latest completed audit run of a check's replica ({@code la}) and its latest completed
   * checksum audit ({@code lc}). Applying an audit does not write the checks of copies that were OK
   * and still are (a million writes per audit otherwise): every completed run judged all copies its
   * replica held, so a check still OK since its own run ({@code cc.run_id}) was last made by the
   * replica's latest run. (Not so only for a copy stored again while that run read the disk: it
   * then counts as checked when that run ended, not when the store verified it.)
   */
  private static final String LATEST_RUNS =
      " LEFT JOIN preservation_audit_run la ON la.id = (SELECT MAX(id) FROM preservation_audit_run"
          + " WHERE replica_id = cc.replica_id AND status = 'COMPLETED')"
          + " LEFT JOIN preservation_audit_run lc ON lc.id = (SELECT MAX(id)"
          + " FROM preservation_audit_run WHERE replica_id = cc.replica_id AND kind = 'CHECKSUM'"
          + " AND status = 'COMPLETED')";

  /** When a check's copy last had its checksum computed, given {@code cc} and {@code lc}. */
  private static final String CHECKSUM_CHECKED_AT =
      "CASE WHEN cc.state = 'OK' AND lc.id > cc.run_id AND (cc.checksum_checked_at IS NULL"
          + " OR lc.finished_at > cc.checksum_checked_at) THEN lc.finished_at"
          + " ELSE cc.checksum_checked_at END";

  /** A check's columns as {@link CopyCheck} reads them, with {@link #LATEST_RUNS} joined. */
  private static final String CHECK_COLUMNS =
      "cc.file_name, cc.replica_id, cc.state, cc.checksum_found,"
          + " CASE WHEN cc.state = 'OK' AND la.id > cc.run_id AND la.finished_at > cc.checked_at"
          + " THEN la.finished_at ELSE cc.checked_at END, "
          + CHECKSUM_CHECKED_AT
          + ", CASE WHEN cc.state = 'OK' AND la.id > cc.run_id AND la.finished_at > cc.checked_at"
          + " THEN la.id ELSE cc.run_id END";

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** For the container. */
  public PreservationRecords() {}

  /** Over a given data source (benchmarks, tools). */
  PreservationRecords(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  // ---------------------------------------------------------------- runs

  /** Records a new RUNNING run and returns its id. */
  public long createRun(
      String replica, AuditKind kind, String startedBy, Instant now, long filesExpected)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO preservation_audit_run (replica_id, kind, status, started_by,"
                    + " started_at, files_expected) VALUES (?, ?, 'RUNNING', ?, ?, ?)",
                new String[] {"id"})) {
      insert.setString(1, replica);
      insert.setString(2, kind.name());
      insert.setString(3, clip(startedBy, 100));
      insert.setTimestamp(4, Timestamp.from(now));
      insert.setLong(5, filesExpected);
      insert.executeUpdate();
      try (ResultSet keys = insert.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  /** The copies a replica holds by the admin data. */
  public long expectedCopies(String replica) throws SQLException {
    return single(
        "SELECT COUNT(*) FROM archive_replica_copy WHERE replica_id = ?"
            + " AND store_state = 'UPLOAD_COMPLETED'",
        replica);
  }

  /** Sets the execution running a run, and its status. */
  public void running(long runId, long executionId) throws SQLException {
    update(
        "UPDATE preservation_audit_run SET execution_id = ?, status = 'RUNNING', failure = NULL"
            + " WHERE id = ?",
        executionId,
        runId);
  }

  /** Sets a run's status; a finished one (COMPLETED, FAILED) gets its end time. */
  public void status(long runId, String status, Instant now, String failure) throws SQLException {
    boolean finished = status.equals("COMPLETED") || status.equals("FAILED");
    update(
        "UPDATE preservation_audit_run SET status = ?, finished_at = ?, failure = ? WHERE id = ?",
        status,
        finished ? Timestamp.from(now) : null,
        failure == null ? null : clip(failure, MAX_TEXT),
        runId);
  }

  /** One run. */
  public Optional<AuditRun> run(long runId) throws SQLException {
    List<AuditRun> runs =
        runs("SELECT " + RUN_COLUMNS + " FROM preservation_audit_run WHERE id = ?", runId);
    return runs.stream().findFirst();
  }

  /** The latest runs, newest first; of one replica if given. */
  public List<AuditRun> latestRuns(String replica, int max) throws SQLException {
    String sql =
        "SELECT "
            + RUN_COLUMNS
            + " FROM preservation_audit_run"
            + (replica == null ? "" : " WHERE replica_id = ?")
            + " ORDER BY id DESC";
    try (Connection c = dataSource.getConnection()) {
      return Sql.listAtMost(
          c,
          max,
          sql,
          PreservationRecords::run,
          replica == null ? new Object[0] : new Object[] {replica});
    }
  }

  /** Runs in a status, oldest first. */
  public List<AuditRun> runsInStatus(String status) throws SQLException {
    return runs(
        "SELECT " + RUN_COLUMNS + " FROM preservation_audit_run WHERE status = ? ORDER BY id",
        status);
  }

  /** The unfinished run of a replica and kind, if there is one. */
  public Optional<AuditRun> unfinishedRun(String replica, AuditKind kind) throws SQLException {
    return runs(
            "SELECT "
                + RUN_COLUMNS
                + " FROM preservation_audit_run WHERE replica_id = ? AND kind = ?"
                + " AND status IN ('RUNNING', 'PAUSED') ORDER BY id",
            replica,
            kind.name())
        .stream()
        .findFirst();
  }

  // ---------------------------------------------------------------- findings

  /**
   * The name of the last file a run has checked, in the order its reader lists them (Java's, by
   * character): a resumed run goes on after it. Null if none.
   */
  public String lastFinding(long runId) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      // The database's own order may differ: PostgreSQL compares by the database's collation
      // (e.g. en_US.UTF-8 passes over '-' and '.' at first), under which the greatest name need
      // not be the last one read, and a resumed run would skip files or read some twice. "C"
      // compares the bytes of UTF-8, which is the order of the characters' code points, Java's
      // for every name without characters beyond U+FFFF. H2 compares as Java does.
      String name =
          c.getMetaData().getDatabaseProductName().equals("PostgreSQL")
              ? "file_name COLLATE \"C\""
              : "file_name";
      return Sql.first(
              c,
              "SELECT MAX(" + name + ") FROM preservation_audit_finding WHERE run_id = ?",
              rs -> rs.getString(1),
              runId)
          .orElse(null);
    }
  }

  /**
   * Adds one chunk's findings and counts them in the run's progress. A file found twice is refused
   * by the primary key, so a resumed run cannot count a file twice.
   */
  public void addFindings(long runId, List<Finding> findings) throws SQLException {
    if (findings.isEmpty()) {
      return;
    }
    long bytes = findings.stream().mapToLong(finding -> Math.max(0, finding.size())).sum();
    try (Connection c = dataSource.getConnection()) {
      Sql.batch(
          c,
          "INSERT INTO preservation_audit_finding (run_id, file_name, size_bytes, checksum)"
              + " VALUES (?, ?, ?, ?)",
          findings,
          finding -> new Object[] {runId, finding.fileName(), finding.size(), finding.checksum()});
      execute(
          c,
          "UPDATE preservation_audit_run SET files_checked = files_checked + ?,"
              + " bytes_checked = bytes_checked + ? WHERE id = ?",
          (long) findings.size(),
          bytes,
          runId);
    }
  }

  /**
   * Makes a run's progress what its findings say: after a crash the counters and the findings were
   * committed together, but a resumed run starts from the findings.
   */
  public void recountProgress(long runId) throws SQLException {
    update(
        "UPDATE preservation_audit_run SET"
            + " files_checked = (SELECT COUNT(*) FROM preservation_audit_finding WHERE run_id = ?),"
            + " bytes_checked = (SELECT COALESCE(SUM(CASE WHEN size_bytes > 0 THEN size_bytes"
            + " ELSE 0 END), 0) FROM preservation_audit_finding WHERE run_id = ?) WHERE id = ?",
        runId,
        runId,
        runId);
  }

  // ---------------------------------------------------------------- applying a run

  /**
   * Brings the planner's statistics of the staging and check tables up to date, on PostgreSQL: a
   * run's findings arrive faster than autovacuum analyzes them, and plans made on statistics that
   * call a table of a million rows empty join it row by row. Call it outside the apply's
   * transaction, whose locks it would otherwise hold. H2 keeps its own counts.
   */
  public void refreshStatistics() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      if (c.getMetaData().getDatabaseProductName().equals("PostgreSQL")) {
        execute(c, "ANALYZE preservation_audit_finding");
        execute(c, "ANALYZE preservation_copy_check");
      }
    }
  }

  /**
   * Applies a finished run's findings to the copy checks, the ledger and the archive's admin data,
   * set-based; returns the counts by state. Copies whose store completed after the run started are
   * not judged: the run's listing of the disk may predate them.
   *
   * <p>Only what needs more than its check written goes through the result table: copies not OK,
   * copies OK again after a problem, and (checksum audits) copies whose admin data says otherwise.
   * A copy found OK that was OK or never checked (nearly all of them) has its check written in one
   * statement straight from the findings; so the staging rows to remove afterwards are the findings
   * and a handful of results.
   */
  public Map<CopyState, Long> apply(AuditRun run, String actor, Instant now) throws SQLException {
    long id = run.id();
    String replica = run.replica();
    boolean checksums = run.kind() == AuditKind.CHECKSUM;
    Timestamp at = Timestamp.from(now);
    Timestamp started = Timestamp.from(run.startedAt());
    try (Connection c = dataSource.getConnection()) {
      execute(c, "DELETE FROM preservation_audit_result WHERE run_id = ?", id);
      // Present and expected: the checksum (checksum audit) or the size decides; a file-list
      // audit keeps a corruption a checksum audit found, and the checksum that audit found.
      String state =
          checksums
              ? "CASE WHEN fi.size_bytes >= 0 AND fi.size_bytes <> f.size_bytes THEN 'CORRUPT'"
                  + " WHEN fi.checksum = f.sha512 THEN 'OK' ELSE 'CORRUPT' END"
              : "CASE WHEN fi.size_bytes >= 0 AND fi.size_bytes <> f.size_bytes THEN 'CORRUPT'"
                  + " WHEN cc.state = 'CORRUPT' THEN 'CORRUPT' ELSE 'OK' END";
      String found =
          checksums
              ? "fi.checksum"
              : "CASE WHEN fi.size_bytes >= 0 AND fi.size_bytes <> f.size_bytes THEN NULL"
                  + " ELSE cc.checksum_found END";
      // A copy found OK that was OK or never checked, and (checksum audit) whose admin data says
      // so already: never NULL, so that NOT of it is the copies the result table gets.
      String stillOk =
          "("
              + state
              + ") = 'OK' AND COALESCE(cc.state, 'OK') = 'OK'"
              + (checksums
                  ? " AND COALESCE(rc.checksum_status, '') = 'OK'"
                      + " AND COALESCE(rc.replica_checksum, '') = COALESCE(fi.checksum, '')"
                  : "");
      String judged =
          " FROM archive_file f"
              + " JOIN archive_replica_copy rc ON rc.file_id = f.id AND rc.replica_id = ?"
              + " JOIN preservation_audit_finding fi ON fi.run_id = ? AND fi.file_name = f.name"
              + " LEFT JOIN preservation_copy_check cc ON cc.file_name = f.name"
              + " AND cc.replica_id = ?"
              + " WHERE rc.store_state = 'UPLOAD_COMPLETED' AND rc.state_changed_at < ?";
      execute(
          c,
          "INSERT INTO preservation_audit_result (run_id, file_name, state, checksum_found)"
              + " SELECT ?, f.name, "
              + state
              + ", "
              + found
              + judged
              + " AND NOT ("
              + stillOk
              + ")",
          id,
          replica,
          id,
          replica,
          started);
      execute(
          c,
          "INSERT INTO preservation_audit_result (run_id, file_name, state, checksum_found)"
              + " SELECT ?, f.name, 'MISSING', NULL FROM archive_file f"
              + " JOIN archive_replica_copy rc ON rc.file_id = f.id AND rc.replica_id = ?"
              + " WHERE rc.store_state = 'UPLOAD_COMPLETED' AND rc.state_changed_at < ?"
              + " AND NOT EXISTS (SELECT 1 FROM preservation_audit_finding fi"
              + " WHERE fi.run_id = ? AND fi.file_name = f.name)",
          id,
          replica,
          started,
          id);
      execute(
          c,
          "INSERT INTO preservation_audit_result (run_id, file_name, state, checksum_found)"
              + " SELECT ?, fi.file_name, 'UNKNOWN_FILE', fi.checksum"
              + " FROM preservation_audit_finding fi WHERE fi.run_id = ?"
              + " AND NOT EXISTS (SELECT 1 FROM archive_file f JOIN archive_replica_copy rc"
              + " ON rc.file_id = f.id AND rc.replica_id = ? WHERE f.name = fi.file_name)",
          id,
          id,
          replica);
      // The ledger: what is wrong, and what changed since the last audit.
      execute(
          c,
          "INSERT INTO preservation_ledger (recorded_at, event, actor, run_id, file_name,"
              + " replica_id, expected_sha512, found_sha512, detail)"
              + " SELECT ?, CONCAT('FOUND_', r.state), ?, r.run_id, r.file_name, ?, f.sha512,"
              + " r.checksum_found, CASE WHEN cc.state IS NULL THEN 'first audit of the copy'"
              + " ELSE CONCAT('was ', cc.state) END"
              + " FROM preservation_audit_result r"
              + " LEFT JOIN archive_file f ON f.name = r.file_name"
              + " LEFT JOIN preservation_copy_check cc ON cc.file_name = r.file_name"
              + " AND cc.replica_id = ?"
              + " WHERE r.run_id = ? AND (r.state <> 'OK' OR cc.state <> 'OK')"
              + " AND (cc.state IS NULL OR cc.state <> r.state"
              + " OR COALESCE(cc.checksum_found, '') <> COALESCE(r.checksum_found, ''))",
          at,
          clip(actor, 100),
          replica,
          replica,
          id);
      // The copies found OK that were OK or never checked. Only a first check is written (and,
      // in a checksum audit, the first checksum found); a copy still OK as its check says is not
      // written at all: its check's times are those of the latest run (see CHECK_COLUMNS).
      String firstCheck =
          checksums
              ? "(cc.state IS NULL OR COALESCE(cc.checksum_found, '') <> COALESCE(fi.checksum, ''))"
              : "cc.state IS NULL";
      long stayedOk = 0;
      long firstChecks = 0;
      try (PreparedStatement count =
          c.prepareStatement(
              "SELECT COUNT(*), COALESCE(SUM(CASE WHEN "
                  + firstCheck
                  + " THEN 1 ELSE 0 END), 0)"
                  + judged
                  + " AND "
                  + stillOk)) {
        Sql.bind(count, replica, id, replica, started);
        long t = System.nanoTime();
        try (ResultSet rs = count.executeQuery()) {
          rs.next();
          stayedOk = rs.getLong(1);
          firstChecks = rs.getLong(2);
        }
        long ok = stayedOk;
        long first = firstChecks;
        LOG.fine(
            () ->
                String.format(
                    "%,d copies still OK, %,d of them checked the first time, counted in %.2f s",
                    ok, first, (System.nanoTime() - t) / 1e9));
      }
      if (firstChecks > 0) {
        // PostgreSQL: this statement fills the table it joins (twice). Planned on statistics of
        // an empty table, a nested loop scans that table once per row it adds: quadratic (a
        // million first checks ran for more than eight minutes). Hash joins instead.
        boolean postgres = c.getMetaData().getDatabaseProductName().equals("PostgreSQL");
        if (postgres) {
          execute(c, "SET LOCAL enable_nestloop = off");
        }
        execute(
            c,
            "MERGE INTO preservation_copy_check t USING (SELECT f.name AS file_name, "
                + found
                + " AS checksum_found"
                + judged
                + " AND "
                + stillOk
                + " AND "
                + firstCheck
                + ") s ON (t.file_name = s.file_name AND t.replica_id = ?)"
                + " WHEN MATCHED THEN UPDATE SET checksum_found = s.checksum_found,"
                + " checked_at = ?, checksum_checked_at = "
                + (checksums ? "?" : "t.checksum_checked_at")
                + ", run_id = ?"
                + " WHEN NOT MATCHED THEN INSERT (file_name, replica_id, state, checksum_found,"
                + " checked_at, checksum_checked_at, run_id)"
                + " VALUES (s.file_name, ?, 'OK', s.checksum_found, ?, "
                + (checksums ? "?" : "NULL")
                + ", ?)",
            checksums
                ? new Object[] {
                  replica, id, replica, started, replica, at, at, id, replica, at, at, id
                }
                : new Object[] {replica, id, replica, started, replica, at, id, replica, at, id});
        if (postgres) {
          execute(c, "RESET enable_nestloop");
        }
      }
      execute(
          c,
          "MERGE INTO preservation_copy_check t USING (SELECT file_name, state, checksum_found"
              + " FROM preservation_audit_result WHERE run_id = ?) s"
              + " ON (t.file_name = s.file_name AND t.replica_id = ?)"
              + " WHEN MATCHED THEN UPDATE SET state = s.state, checksum_found = s.checksum_found,"
              + " checked_at = ?, checksum_checked_at = "
              + (checksums ? "?" : "t.checksum_checked_at")
              + ", run_id = ?"
              + " WHEN NOT MATCHED THEN INSERT (file_name, replica_id, state, checksum_found,"
              + " checked_at, checksum_checked_at, run_id)"
              + " VALUES (s.file_name, ?, s.state, s.checksum_found, ?, "
              + (checksums ? "?" : "NULL")
              + ", ?)",
          checksums
              ? new Object[] {id, replica, at, at, id, replica, at, at, id}
              : new Object[] {id, replica, at, id, replica, at, id});
      // Unknown files no longer on the disk are no longer there to report.
      execute(
          c,
          "DELETE FROM preservation_copy_check WHERE replica_id = ? AND state = 'UNKNOWN_FILE'"
              + " AND run_id <> ?",
          replica,
          id);
      // The archive's admin data: a missing copy is no longer held (a store puts it back); a
      // checksum audit's result is the copy's last checksum check.
      execute(
          c,
          "UPDATE archive_file SET version = version + 1 WHERE name IN (SELECT file_name"
              + " FROM preservation_audit_result WHERE run_id = ? AND state IN ('MISSING',"
              + " 'CORRUPT'))",
          id);
      execute(
          c,
          "UPDATE archive_replica_copy SET store_state = 'UPLOAD_FAILED', failure_reason = ?,"
              + " state_changed_at = ? WHERE replica_id = ? AND store_state = 'UPLOAD_COMPLETED'"
              + " AND file_id IN (SELECT f.id FROM archive_file f JOIN preservation_audit_result r"
              + " ON r.file_name = f.name WHERE r.run_id = ? AND r.state = 'MISSING')",
          "not on the disk of replica "
              + replica
              + " in audit "
              + id
              + " at "
              + now
              + "; store the file again (or repair it) to upload a good copy",
          at,
          replica,
          id);
      // Only the copies whose checksum check changes are written: a million OK copies that stay
      // OK cost a read, not a write (their copy check above says when they were last verified).
      execute(
          c,
          "MERGE INTO archive_replica_copy t USING (SELECT f.id AS file_id, r.state,"
              + " r.checksum_found FROM preservation_audit_result r JOIN archive_file f"
              + " ON f.name = r.file_name JOIN archive_replica_copy rc ON rc.file_id = f.id"
              + " AND rc.replica_id = ? WHERE r.run_id = ? AND "
              + (checksums ? "r.state IN ('OK', 'CORRUPT')" : "r.state = 'CORRUPT'")
              + " AND (rc.checksum_status <> r.state OR COALESCE(rc.replica_checksum, '')"
              + " <> COALESCE(r.checksum_found, rc.replica_checksum, ''))"
              + ") s ON (t.file_id = s.file_id AND t.replica_id = ?)"
              + " WHEN MATCHED THEN UPDATE SET checksum_status = s.state,"
              + " replica_checksum = COALESCE(s.checksum_found, t.replica_checksum),"
              + " checksum_checked_at = ?",
          replica,
          id,
          replica,
          at);
      Map<CopyState, Long> counts = new EnumMap<>(CopyState.class);
      for (CopyState s : CopyState.values()) {
        counts.put(s, 0L);
      }
      try (PreparedStatement count =
          c.prepareStatement(
              "SELECT state, COUNT(*) FROM preservation_audit_result WHERE run_id = ?"
                  + " GROUP BY state")) {
        count.setLong(1, id);
        try (ResultSet rs = count.executeQuery()) {
          while (rs.next()) {
            counts.put(CopyState.valueOf(rs.getString(1)), rs.getLong(2));
          }
        }
      }
      counts.merge(CopyState.OK, stayedOk, Long::sum);
      execute(
          c,
          "UPDATE preservation_audit_run SET ok_count = ?, missing_count = ?, corrupt_count = ?,"
              + " unknown_count = ? WHERE id = ?",
          counts.get(CopyState.OK),
          counts.get(CopyState.MISSING),
          counts.get(CopyState.CORRUPT),
          counts.get(CopyState.UNKNOWN_FILE),
          id);
      return counts;
    }
  }

  /**
   * The files of a run whose copies may disagree: a copy found missing or corrupt, or a file with a
   * decision already whose copy the run judged (it may agree again).
   */
  public List<String> filesToVote(long runId) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.list(
          c,
          "SELECT r.file_name FROM preservation_audit_result r"
              + " JOIN archive_file f ON f.name = r.file_name"
              + " WHERE r.run_id = ? AND (r.state IN ('MISSING', 'CORRUPT') OR EXISTS"
              + " (SELECT 1 FROM preservation_decision d WHERE d.file_name = r.file_name))"
              + " UNION SELECT d.file_name FROM preservation_decision d WHERE EXISTS"
              + " (SELECT 1 FROM preservation_audit_finding fi WHERE fi.run_id = ?"
              + " AND fi.file_name = d.file_name) ORDER BY 1",
          rs -> rs.getString(1),
          runId,
          runId);
    }
  }

  /** Removes a run's staging rows once it is applied. */
  public void clearStaging(long runId) throws SQLException {
    update("DELETE FROM preservation_audit_result WHERE run_id = ?", runId);
    update("DELETE FROM preservation_audit_finding WHERE run_id = ?", runId);
  }

  /** Removes the staging rows a crash left of runs that completed or failed; returns the runs. */
  public int clearFinishedStaging() throws SQLException {
    List<Long> runs;
    try (Connection c = dataSource.getConnection()) {
      runs =
          Sql.list(
              c,
              "SELECT DISTINCT run_id FROM preservation_audit_finding WHERE run_id IN"
                  + " (SELECT id FROM preservation_audit_run WHERE status IN ('COMPLETED',"
                  + " 'FAILED'))",
              rs -> rs.getLong(1));
    }
    for (long run : runs) {
      clearStaging(run);
    }
    return runs.size();
  }

  // ---------------------------------------------------------------- copy checks

  /** The checks of a file's copies, by replica. */
  public Map<String, CopyCheck> checks(String fileName) throws SQLException {
    Map<String, CopyCheck> checks = new LinkedHashMap<>();
    for (CopyCheck check :
        checks(
            "SELECT "
                + CHECK_COLUMNS
                + " FROM preservation_copy_check cc"
                + LATEST_RUNS
                + " WHERE cc.file_name = ? ORDER BY cc.replica_id",
            0,
            Integer.MAX_VALUE,
            fileName)) {
      checks.put(check.replica(), check);
    }
    return checks;
  }

  /** A page of the copies of a replica in a state, by file name. */
  public List<CopyCheck> checksInState(String replica, CopyState state, int first, int max)
      throws SQLException {
    return checks(
        "SELECT "
            + CHECK_COLUMNS
            + " FROM preservation_copy_check cc"
            + LATEST_RUNS
            + " WHERE cc.replica_id = ? AND cc.state = ? ORDER BY cc.file_name",
        first,
        max,
        replica,
        state.name());
  }

  /** Records a copy found good after a repair. */
  public void verified(String fileName, String replica, String checksum, Instant now, long runId)
      throws SQLException {
    Timestamp at = Timestamp.from(now);
    try (Connection c = dataSource.getConnection()) {
      execute(
          c,
          "MERGE INTO preservation_copy_check t USING (SELECT CAST(? AS VARCHAR(255)) AS file_name,"
              + " CAST(? AS VARCHAR(40)) AS replica_id) s"
              + " ON (t.file_name = s.file_name AND t.replica_id = s.replica_id)"
              + " WHEN MATCHED THEN UPDATE SET state = 'OK', checksum_found = ?, checked_at = ?,"
              + " checksum_checked_at = ?"
              + " WHEN NOT MATCHED THEN INSERT (file_name, replica_id, state, checksum_found,"
              + " checked_at, checksum_checked_at, run_id)"
              + " VALUES (s.file_name, s.replica_id, 'OK', ?, ?, ?, ?)",
          fileName,
          replica,
          checksum,
          at,
          at,
          checksum,
          at,
          at,
          runId);
    }
  }

  /** Copies in each state, by replica then state; every replica given and state present. */
  public Map<String, Map<CopyState, Long>> countsByState(List<String> replicas)
      throws SQLException {
    Map<String, Map<CopyState, Long>> counts = new LinkedHashMap<>();
    for (String replica : replicas) {
      Map<CopyState, Long> byState = new EnumMap<>(CopyState.class);
      for (CopyState s : CopyState.values()) {
        byState.put(s, 0L);
      }
      counts.put(replica, byState);
    }
    try (Connection c = dataSource.getConnection();
        PreparedStatement query =
            c.prepareStatement(
                "SELECT replica_id, state, COUNT(*) FROM preservation_copy_check"
                    + " GROUP BY replica_id, state");
        ResultSet rs = query.executeQuery()) {
      while (rs.next()) {
        Map<CopyState, Long> byState = counts.get(rs.getString(1));
        if (byState != null) {
          byState.put(CopyState.valueOf(rs.getString(2)), rs.getLong(3));
        }
      }
    }
    return counts;
  }

  /**
   * What a replica holds by the admin data.
   *
   * @param replica the replica
   * @param files its completely stored copies
   * @param bytes their bytes
   * @param notVerified those whose checksum was last verified (by a checksum audit, else at upload)
   *     before the given time, or never
   */
  public record Holding(String replica, long files, long bytes, long notVerified) {}

  /** Per replica given, what it holds; replicas without copies have zeros. */
  public Map<String, Holding> holdings(List<String> replicas, Instant verifiedSince)
      throws SQLException {
    Map<String, Holding> holdings = new LinkedHashMap<>();
    for (String replica : replicas) {
      holdings.put(replica, new Holding(replica, 0, 0, 0));
    }
    try (Connection c = dataSource.getConnection();
        PreparedStatement query =
            c.prepareStatement(
                "SELECT rc.replica_id, COUNT(*), COALESCE(SUM(f.size_bytes), 0),"
                    + " SUM(CASE WHEN COALESCE("
                    + CHECKSUM_CHECKED_AT
                    + ", rc.checksum_checked_at) IS NULL OR COALESCE("
                    + CHECKSUM_CHECKED_AT
                    + ", rc.checksum_checked_at) < ? THEN 1 ELSE 0 END)"
                    + " FROM archive_replica_copy rc JOIN archive_file f ON f.id = rc.file_id"
                    + " LEFT JOIN preservation_copy_check cc ON cc.file_name = f.name"
                    + " AND cc.replica_id = rc.replica_id"
                    + " LEFT JOIN preservation_audit_run lc ON lc.id = (SELECT MAX(id)"
                    + " FROM preservation_audit_run WHERE replica_id = rc.replica_id"
                    + " AND kind = 'CHECKSUM' AND status = 'COMPLETED')"
                    + " WHERE rc.store_state = 'UPLOAD_COMPLETED' GROUP BY rc.replica_id")) {
      query.setTimestamp(1, Timestamp.from(verifiedSince));
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          if (holdings.containsKey(rs.getString(1))) {
            holdings.put(
                rs.getString(1),
                new Holding(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
          }
        }
      }
    }
    return holdings;
  }

  /**
   * A file's archived checksum and what the admin data says about each replica's copy.
   *
   * @param sha512 the archived checksum
   * @param copies by replica: the store state and the checksum the replica last reported
   */
  public record ArchivedCopies(String sha512, Map<String, String[]> copies) {}

  /** A file's archived checksum and copies, if the archive knows it. */
  public Optional<ArchivedCopies> archivedCopies(String fileName) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement query =
            c.prepareStatement(
                "SELECT f.sha512, rc.replica_id, rc.store_state, rc.replica_checksum"
                    + " FROM archive_file f LEFT JOIN archive_replica_copy rc ON rc.file_id = f.id"
                    + " WHERE f.name = ?")) {
      query.setString(1, fileName);
      String sha512 = null;
      Map<String, String[]> copies = new LinkedHashMap<>();
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          sha512 = rs.getString(1);
          if (rs.getString(2) != null) {
            copies.put(rs.getString(2), new String[] {rs.getString(3), rs.getString(4)});
          }
        }
      }
      return sha512 == null ? Optional.empty() : Optional.of(new ArchivedCopies(sha512, copies));
    }
  }

  // ---------------------------------------------------------------- decisions

  /** Records the vote on a file, replacing an earlier one. */
  public void decide(Decision decision) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      execute(c, "DELETE FROM preservation_decision WHERE file_name = ?", decision.fileName());
      execute(
          c,
          "INSERT INTO preservation_decision (file_name, outcome, decided_sha512, votes,"
              + " decided_at) VALUES (?, ?, ?, ?, ?)",
          decision.fileName(),
          decision.outcome(),
          decision.decidedSha512(),
          clip(decision.votes(), MAX_TEXT),
          Timestamp.from(decision.decidedAt()));
    }
  }

  /** Forgets the vote on a file whose copies agree again. */
  public void forgetDecision(String fileName) throws SQLException {
    update("DELETE FROM preservation_decision WHERE file_name = ?", fileName);
  }

  /** The vote on a file, if its copies disagreed. */
  public Optional<Decision> decision(String fileName) throws SQLException {
    return decisions(
            "SELECT file_name, outcome, decided_sha512, votes, decided_at"
                + " FROM preservation_decision WHERE file_name = ?",
            fileName)
        .stream()
        .findFirst();
  }

  /** The votes with an outcome, by file name; all outcomes if null. */
  public List<Decision> decisions(String outcome, int max) throws SQLException {
    String sql =
        "SELECT file_name, outcome, decided_sha512, votes, decided_at FROM preservation_decision"
            + (outcome == null ? "" : " WHERE outcome = ?")
            + " ORDER BY file_name";
    try (Connection c = dataSource.getConnection()) {
      return Sql.listAtMost(
          c,
          max,
          sql,
          PreservationRecords::decision,
          outcome == null ? new Object[0] : new Object[] {outcome});
    }
  }

  // ---------------------------------------------------------------- ledger

  /** Appends an entry to the ledger. */
  public void record(
      Instant now,
      String event,
      String actor,
      Long runId,
      String fileName,
      String replica,
      String expected,
      String found,
      String detail)
      throws SQLException {
    update(
        "INSERT INTO preservation_ledger (recorded_at, event, actor, run_id, file_name,"
            + " replica_id, expected_sha512, found_sha512, detail)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        Timestamp.from(now),
        event,
        clip(actor, 100),
        runId,
        fileName,
        replica,
        expected,
        found,
        detail == null ? null : clip(detail, MAX_TEXT));
  }

  /**
   * Ledger entries in order, after an entry number; of one file (and its runs' own entries are left
   * out) if a name is given.
   */
  public List<LedgerEntry> ledger(String fileName, long afterId, int max) throws SQLException {
    String sql =
        "SELECT "
            + LEDGER_COLUMNS
            + " FROM preservation_ledger WHERE id > ?"
            + (fileName == null ? "" : " AND file_name = ?")
            + " ORDER BY id";
    try (Connection c = dataSource.getConnection()) {
      return Sql.listAtMost(
          c,
          max,
          sql,
          rs ->
              new LedgerEntry(
                  rs.getLong(1),
                  Sql.instant(rs, 2),
                  rs.getString(3),
                  rs.getString(4),
                  (Long) rs.getObject(5, Long.class),
                  rs.getString(6),
                  rs.getString(7),
                  rs.getString(8),
                  rs.getString(9),
                  rs.getString(10)),
          fileName == null ? new Object[] {afterId} : new Object[] {afterId, fileName});
    }
  }

  // ---------------------------------------------------------------- settings and schedules

  /** The stored settings, by name. */
  public Map<String, String> settings() throws SQLException {
    Map<String, String> settings = new LinkedHashMap<>();
    try (Connection c = dataSource.getConnection()) {
      for (String[] setting :
          Sql.list(
              c,
              "SELECT name, setting_value FROM preservation_setting ORDER BY name",
              rs -> new String[] {rs.getString(1), rs.getString(2)})) {
        settings.put(setting[0], setting[1]);
      }
    }
    return settings;
  }

  /** Stores a setting. */
  public void setting(String name, String value) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      execute(c, "DELETE FROM preservation_setting WHERE name = ?", name);
      execute(
          c, "INSERT INTO preservation_setting (name, setting_value) VALUES (?, ?)", name, value);
    }
  }

  /** A schedule: its interval (0: never) and next run, by replica and kind. */
  public record ScheduleRow(String replica, AuditKind kind, int intervalHours, Instant nextRunAt) {}

  /** The stored schedules. */
  public List<ScheduleRow> schedules() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.list(
          c,
          "SELECT replica_id, kind, interval_hours, next_run_at FROM preservation_schedule"
              + " ORDER BY replica_id, kind",
          rs ->
              new ScheduleRow(
                  rs.getString(1),
                  AuditKind.valueOf(rs.getString(2)),
                  rs.getInt(3),
                  Sql.instant(rs, 4)));
    }
  }

  /** Stores a schedule. */
  public void schedule(ScheduleRow row) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      execute(
          c,
          "DELETE FROM preservation_schedule WHERE replica_id = ? AND kind = ?",
          row.replica(),
          row.kind().name());
      execute(
          c,
          "INSERT INTO preservation_schedule (replica_id, kind, interval_hours, next_run_at)"
              + " VALUES (?, ?, ?, ?)",
          row.replica(),
          row.kind().name(),
          row.intervalHours(),
          row.nextRunAt() == null ? null : Timestamp.from(row.nextRunAt()));
    }
  }

  // ---------------------------------------------------------------- plumbing

  private List<AuditRun> runs(String sql, Object... parameters) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.list(c, sql, PreservationRecords::run, parameters);
    }
  }

  private static AuditRun run(ResultSet rs) throws SQLException {
    return new AuditRun(
        rs.getLong(1),
        rs.getString(2),
        AuditKind.valueOf(rs.getString(3)),
        rs.getString(4),
        rs.getString(5),
        Sql.instant(rs, 6),
        Sql.instant(rs, 7),
        rs.getObject(8, Long.class),
        rs.getLong(9),
        rs.getLong(10),
        rs.getLong(11),
        rs.getLong(12),
        rs.getLong(13),
        rs.getLong(14),
        rs.getLong(15),
        rs.getString(16));
  }

  private List<CopyCheck> checks(String sql, int first, int max, Object... parameters)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.list(
          c,
          first > 0 || max < Integer.MAX_VALUE
              ? sql + " OFFSET " + first + " ROWS FETCH NEXT " + max + " ROWS ONLY"
              : sql,
          rs ->
              new CopyCheck(
                  rs.getString(1),
                  rs.getString(2),
                  CopyState.valueOf(rs.getString(3)),
                  rs.getString(4),
                  Sql.instant(rs, 5),
                  Sql.instant(rs, 6),
                  rs.getLong(7)),
          parameters);
    }
  }

  private List<Decision> decisions(String sql, Object... parameters) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.list(c, sql, PreservationRecords::decision, parameters);
    }
  }

  private static Decision decision(ResultSet rs) throws SQLException {
    return new Decision(
        rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), Sql.instant(rs, 5));
  }

  private long single(String sql, Object... parameters) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.first(c, sql, rs -> rs.getLong(1), parameters).orElseThrow();
    }
  }

  /** Runs a statement on a connection of its own. */
  public int update(String sql, Object... parameters) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return execute(c, sql, parameters);
    }
  }

  /** Runs a query for one number on a connection of its own. */
  public long count(String sql, Object... parameters) throws SQLException {
    return single(sql, parameters);
  }

  private static int execute(Connection c, String sql, Object... parameters) throws SQLException {
    long started = System.nanoTime();
    try (PreparedStatement statement = c.prepareStatement(sql)) {
      Sql.bind(statement, parameters);
      int rows = statement.executeUpdate();
      LOG.fine(
          () ->
              String.format(
                  "%,d rows in %.2f s: %s",
                  rows,
                  (System.nanoTime() - started) / 1e9,
                  sql.substring(0, Math.min(90, sql.length()))));
      return rows;
    }
  }

  private static String clip(String text, int max) {
    return text == null || text.length() <= max ? text : text.substring(0, max);
  }
}
