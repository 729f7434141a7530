package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.KindCount;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.Problem;
import org.netarchive.ee.scheduler.application.imports.NasImportSummary;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The records of NetarchiveSuite imports (tables {@code nas_import_*}): each change in a
 * transaction of its own, so that progress shows while the import runs.
 */
@ApplicationScoped
public class NasImportRuns {

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  public NasImportRuns() {}

  /** Records on this database (tests). */
  NasImportRuns(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /**
   * Records a started import; its id.
   *
   * @param timeZone the source's time zone id, {@code null} for UTC
   * @param sealedSecret the source's password, sealed; kept until the import ends
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public long start(
      String sourceUrl,
      String sourceUser,
      boolean dryRun,
      String by,
      Instant now,
      String timeZone,
      String sealedSecret)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO nas_import_run (source_url, source_user, dry_run, state, phase,"
                    + " domains_total, domains_done, started_at, started_by, time_zone,"
                    + " source_secret) VALUES (?, ?, ?, 'RUNNING', 'starting', 0, 0, ?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
      insert.setString(1, clip(sourceUrl, 1000));
      insert.setString(2, clip(sourceUser == null ? "" : sourceUser, 256));
      insert.setBoolean(3, dryRun);
      insert.setTimestamp(4, Timestamp.from(now));
      insert.setString(5, clip(by, 64));
      insert.setString(6, timeZone);
      insert.setString(7, sealedSecret);
      insert.executeUpdate();
      try (ResultSet keys = insert.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  /** Stores the source's sealed password ({@code ""}: none) until the import ends. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void seal(long id, String sealedSecret) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement("UPDATE nas_import_run SET source_secret = ? WHERE id = ?")) {
      update.setString(1, sealedSecret);
      update.setLong(2, id);
      update.executeUpdate();
    }
  }

  /**
   * What a step of the import needs to run (again): the source and how it was asked for.
   *
   * @param sealedSecret the source's password as {@link #start} stored it, or {@code null} once the
   *     import ended
   * @param startedAt also the creation time of everything it creates
   */
  public record RunContext(
      long id,
      String sourceUrl,
      String sourceUser,
      String sealedSecret,
      boolean dryRun,
      String timeZone,
      String state,
      Instant startedAt,
      String startedBy,
      long domainsDone,
      int resumed) {}

  /** The import's context, if there is such an import. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<RunContext> context(long id) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT source_url, source_user, source_secret, dry_run, time_zone, state,"
                    + " started_at, started_by, domains_done, resumed FROM nas_import_run"
                    + " WHERE id = ?")) {
      select.setLong(1, id);
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(
            new RunContext(
                id,
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getBoolean(4),
                rs.getString(5),
                rs.getString(6),
                rs.getTimestamp(7).toInstant(),
                rs.getString(8),
                rs.getLong(9),
                rs.getInt(10)));
      }
    }
  }

  /** The RUNNING imports with the batch execution each was last run by (0 if none). */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Map<Long, Long> running() throws SQLException {
    Map<Long, Long> running = new LinkedHashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT id, execution_id FROM nas_import_run WHERE state = 'RUNNING'"
                    + " ORDER BY id")) {
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          running.put(rs.getLong(1), rs.getLong(2));
        }
      }
    }
    return running;
  }

  /**
   * Records the batch execution that runs the import now.
   *
   * @param resumed whether it goes on after a server stop (counted, with the time)
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void executionStarted(long id, long executionId, boolean resumed, Instant now)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                resumed
                    ? "UPDATE nas_import_run SET execution_id = ?, resumed = resumed + 1,"
                        + " resumed_at = ?, resumed_from = NULL WHERE id = ?"
                    : "UPDATE nas_import_run SET execution_id = ? WHERE id = ?")) {
      update.setLong(1, executionId);
      if (resumed) {
        update.setTimestamp(2, Timestamp.from(now));
        update.setLong(3, id);
      } else {
        update.setLong(2, id);
      }
      update.executeUpdate();
    }
  }

  /**
   * Records where a resumed import went on, e.g. "domains after domain_id 4000": the first step
   * that goes on after a resumption says so, the later ones do not.
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void resumedFrom(long id, String where) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE nas_import_run SET resumed_from = ? WHERE id = ?"
                    + " AND resumed_from IS NULL")) {
      update.setString(1, clip(where, 1000));
      update.setLong(2, id);
      update.executeUpdate();
    }
  }

  /**
   * A step's stored position.
   *
   * @param position the last source key it took, {@link Long#MIN_VALUE} before its first chunk
   * @param done whether it has ended
   */
  public record StepPosition(long position, boolean done) {
    /** A step not begun. */
    public static final StepPosition START = new StepPosition(Long.MIN_VALUE, false);

    /** Whether some of it was done. */
    public boolean begun() {
      return done || position != Long.MIN_VALUE;
    }
  }

  /** Where a step stands. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public StepPosition step(long id, String step) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT position, done FROM nas_import_step WHERE run_id = ? AND step = ?")) {
      select.setLong(1, id);
      select.setString(2, step);
      try (ResultSet rs = select.executeQuery()) {
        return rs.next() ? new StepPosition(rs.getLong(1), rs.getBoolean(2)) : StepPosition.START;
      }
    }
  }

  /**
   * What one chunk (or one small step) did, recorded at once with the position it reached.
   *
   * @param counts per kind: created, existing, refused, to add
   * @param problems to list (beyond {@code maxProblems} listed in all, only counted)
   * @param fallbacks configurations per NetarchiveSuite template id that use the default template
   * @param fallbackNames the names of those templates
   * @param wouldCreate a dry run's domains (ASCII names) that a real import creates
   */
  public record Delta(
      List<KindCount> counts,
      List<Problem> problems,
      Map<Long, Long> fallbacks,
      Map<Long, String> fallbackNames,
      Collection<String> wouldCreate) {}

  /**
   * Records, in one transaction, a chunk's counts and problems, the step's new position and the
   * progress: a restart goes on after the last position recorded, and nothing is counted twice.
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void record(
      long id,
      String step,
      long position,
      boolean done,
      Delta delta,
      String phase,
      long domainsTotal,
      long domainsDone,
      int maxProblems)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      for (KindCount count : delta.counts()) {
        try (PreparedStatement update =
            c.prepareStatement(
                "UPDATE nas_import_count SET created = created + ?, existing = existing + ?,"
                    + " refused = refused + ? WHERE run_id = ? AND kind = ?")) {
          update.setLong(1, count.created());
          update.setLong(2, count.existing());
          update.setLong(3, count.refused());
          update.setLong(4, id);
          update.setString(5, clip(count.kind(), 64));
          if (update.executeUpdate() == 0) {
            try (PreparedStatement insert =
                c.prepareStatement(
                    "INSERT INTO nas_import_count (run_id, kind, created, existing, refused)"
                        + " VALUES (?, ?, ?, ?, ?)")) {
              insert.setLong(1, id);
              insert.setString(2, clip(count.kind(), 64));
              insert.setLong(3, count.created());
              insert.setLong(4, count.existing());
              insert.setLong(5, count.refused());
              insert.executeUpdate();
            }
          }
        }
      }
      if (!delta.problems().isEmpty()) {
        int next;
        try (PreparedStatement select =
            c.prepareStatement(
                "SELECT COALESCE(MAX(position) + 1, 0) FROM nas_import_problem WHERE run_id = ?")) {
          select.setLong(1, id);
          try (ResultSet rs = select.executeQuery()) {
            rs.next();
            next = rs.getInt(1);
          }
        }
        long unlisted = 0;
        try (PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO nas_import_problem (run_id, position, source_table, source_key,"
                    + " reason) VALUES (?, ?, ?, ?, ?)")) {
          for (Problem problem : delta.problems()) {
            if (next >= maxProblems) {
              unlisted++;
              continue;
            }
            insert.setLong(1, id);
            insert.setInt(2, next++);
            insert.setString(3, clip(problem.table(), 64));
            insert.setString(4, clip(problem.key(), 1000));
            insert.setString(5, clip(problem.reason(), 4000));
            insert.addBatch();
          }
          insert.executeBatch();
        }
        if (unlisted > 0) {
          try (PreparedStatement update =
              c.prepareStatement(
                  "UPDATE nas_import_run SET problems_unlisted = problems_unlisted + ?"
                      + " WHERE id = ?")) {
            update.setLong(1, unlisted);
            update.setLong(2, id);
            update.executeUpdate();
          }
        }
      }
      for (var fallback : delta.fallbacks().entrySet()) {
        try (PreparedStatement update =
            c.prepareStatement(
                "UPDATE nas_import_fallback SET configurations = configurations + ?"
                    + " WHERE run_id = ? AND template_id = ?")) {
          update.setLong(1, fallback.getValue());
          update.setLong(2, id);
          update.setLong(3, fallback.getKey());
          if (update.executeUpdate() == 0) {
            try (PreparedStatement insert =
                c.prepareStatement(
                    "INSERT INTO nas_import_fallback (run_id, template_id, template_name,"
                        + " configurations) VALUES (?, ?, ?, ?)")) {
              insert.setLong(1, id);
              insert.setLong(2, fallback.getKey());
              insert.setString(
                  3,
                  clip(
                      delta
                          .fallbackNames()
                          .getOrDefault(fallback.getKey(), "template " + fallback.getKey()),
                      1000));
              insert.setLong(4, fallback.getValue());
              insert.executeUpdate();
            }
          }
        }
      }
      if (!delta.wouldCreate().isEmpty()) {
        try (PreparedStatement insert =
            c.prepareStatement("INSERT INTO nas_import_dry_domain (run_id, name) VALUES (?, ?)")) {
          for (String name : new HashSet<>(delta.wouldCreate())) {
            insert.setLong(1, id);
            insert.setString(2, name);
            insert.addBatch();
          }
          insert.executeBatch();
        }
      }
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE nas_import_step SET position = ?, done = ? WHERE run_id = ? AND step = ?")) {
        update.setLong(1, position);
        update.setBoolean(2, done);
        update.setLong(3, id);
        update.setString(4, step);
        if (update.executeUpdate() == 0) {
          try (PreparedStatement insert =
              c.prepareStatement(
                  "INSERT INTO nas_import_step (run_id, step, position, done)"
                      + " VALUES (?, ?, ?, ?)")) {
            insert.setLong(1, id);
            insert.setString(2, step);
            insert.setLong(3, position);
            insert.setBoolean(4, done);
            insert.executeUpdate();
          }
        }
      }
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE nas_import_run SET phase = ?, domains_total = ?, domains_done = ?"
                  + " WHERE id = ?")) {
        update.setString(1, clip(phase, 64));
        update.setLong(2, domainsTotal);
        update.setLong(3, domainsDone);
        update.setLong(4, id);
        update.executeUpdate();
      }
    }
  }

  /** The configurations per NetarchiveSuite template that fell back to the default, with names. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Map<String, Long> fallbacks(long id) throws SQLException {
    Map<String, Long> fallbacks = new LinkedHashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT template_name, template_id, configurations FROM nas_import_fallback"
                    + " WHERE run_id = ? ORDER BY template_id")) {
      select.setLong(1, id);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          fallbacks.put(rs.getString(1) + " (" + rs.getLong(2) + ")", rs.getLong(3));
        }
      }
    }
    return fallbacks;
  }

  /** Which of these domains (ASCII names) a dry run found it would create. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Set<String> wouldCreate(long id, Collection<String> asciiNames) throws SQLException {
    return names(
        "SELECT name FROM nas_import_dry_domain WHERE run_id = " + id + " AND name IN (",
        asciiNames,
        null);
  }

  /**
   * Which of these domains (ASCII names) were created at exactly {@code createdAt}: by the import
   * that creates with that time, in a chunk whose record a crash lost.
   */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Set<String> createdAt(Collection<String> asciiNames, Instant createdAt)
      throws SQLException {
    return names(
        "SELECT name FROM domain WHERE created_at = ? AND name IN (", asciiNames, createdAt);
  }

  private Set<String> names(String prefix, Collection<String> asciiNames, Instant at)
      throws SQLException {
    List<String> names = new ArrayList<>(new HashSet<>(asciiNames));
    Set<String> found = new HashSet<>();
    try (Connection c = dataSource.getConnection()) {
      for (int from = 0; from < names.size(); from += 500) {
        List<String> part = names.subList(from, Math.min(names.size(), from + 500));
        try (PreparedStatement select =
            c.prepareStatement(
                prefix + String.join(", ", Collections.nCopies(part.size(), "?")) + ")")) {
          int index = 1;
          if (at != null) {
            select.setTimestamp(index++, Timestamp.from(at));
          }
          for (String name : part) {
            select.setString(index++, name);
          }
          try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
              found.add(rows.getString(1));
            }
          }
        }
      }
    }
    return found;
  }

  /** Records progress. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void progress(long id, String phase, long domainsTotal, long domainsDone)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE nas_import_run SET phase = ?, domains_total = ?, domains_done = ?"
                    + " WHERE id = ?")) {
      update.setString(1, clip(phase, 64));
      update.setLong(2, domainsTotal);
      update.setLong(3, domainsDone);
      update.setLong(4, id);
      update.executeUpdate();
    }
  }

  /**
   * Records the end of an import: its counts and problems are there already (see {@link #record});
   * the problems beyond those listed get one last line, the sealed password and a dry run's list of
   * domains are removed.
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void finish(long id, boolean failed, String failure, Instant now) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE nas_import_run SET state = ?, phase = 'done', failure = ?, finished_at = ?,"
                  + " source_secret = NULL WHERE id = ? AND state = 'RUNNING'")) {
        update.setString(1, failed ? "FAILED" : "DONE");
        update.setString(2, failure == null ? null : clip(failure, 4000));
        update.setTimestamp(3, Timestamp.from(now));
        update.setLong(4, id);
        if (update.executeUpdate() == 0) {
          return;
        }
      }
      long unlisted;
      try (PreparedStatement select =
          c.prepareStatement("SELECT problems_unlisted FROM nas_import_run WHERE id = ?")) {
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          rs.next();
          unlisted = rs.getLong(1);
        }
      }
      if (unlisted > 0) {
        try (PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO nas_import_problem (run_id, position, source_table, source_key,"
                    + " reason) SELECT ?, COALESCE(MAX(position) + 1, 0), '*', '*', ?"
                    + " FROM nas_import_problem WHERE run_id = ?")) {
          insert.setLong(1, id);
          insert.setString(2, unlisted + " more problems, not listed");
          insert.setLong(3, id);
          insert.executeUpdate();
        }
      }
      try (PreparedStatement delete =
          c.prepareStatement("DELETE FROM nas_import_dry_domain WHERE run_id = ?")) {
        delete.setLong(1, id);
        delete.executeUpdate();
      }
    }
  }

  /** An import with its counts and its first {@code problemLimit} problems. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<NasImportStatus> find(long id, int problemLimit) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      NasImportStatus found;
      try (PreparedStatement select =
          c.prepareStatement(
              "SELECT source_url, source_user, dry_run, state, phase, domains_total,"
                  + " domains_done, failure, started_at, started_by, finished_at, resumed,"
                  + " resumed_at, resumed_from, execution_id FROM nas_import_run WHERE id = ?")) {
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          if (!rs.next()) {
            return Optional.empty();
          }
          found =
              new NasImportStatus(
                  id,
                  rs.getString(1),
                  rs.getString(2),
                  rs.getBoolean(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getLong(6),
                  rs.getLong(7),
                  rs.getString(8),
                  rs.getTimestamp(9).toInstant(),
                  rs.getString(10),
                  rs.getTimestamp(11) == null ? null : rs.getTimestamp(11).toInstant(),
                  List.of(),
                  0,
                  List.of(),
                  rs.getInt(12),
                  rs.getTimestamp(13) == null ? null : rs.getTimestamp(13).toInstant(),
                  rs.getString(14),
                  rs.getObject(15) == null ? null : rs.getLong(15));
        }
      }
      List<KindCount> counts = new ArrayList<>();
      try (PreparedStatement select =
          c.prepareStatement(
              "SELECT kind, created, existing, refused FROM nas_import_count WHERE run_id = ?"
                  + " ORDER BY kind")) {
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          while (rs.next()) {
            counts.add(new KindCount(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
          }
        }
      }
      long problemCount;
      try (PreparedStatement select =
          c.prepareStatement("SELECT COUNT(*) FROM nas_import_problem WHERE run_id = ?")) {
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          rs.next();
          problemCount = rs.getLong(1);
        }
      }
      List<Problem> problems = new ArrayList<>();
      try (PreparedStatement select =
          c.prepareStatement(
              "SELECT source_table, source_key, reason FROM nas_import_problem"
                  + " WHERE run_id = ? AND position < ? ORDER BY position")) {
        select.setLong(1, id);
        select.setInt(2, problemLimit);
        try (ResultSet rs = select.executeQuery()) {
          while (rs.next()) {
            problems.add(new Problem(rs.getString(1), rs.getString(2), rs.getString(3)));
          }
        }
      }
      return Optional.of(
          new NasImportStatus(
              found.id(),
              found.sourceUrl(),
              found.sourceUser(),
              found.dryRun(),
              found.state(),
              found.phase(),
              found.domainsTotal(),
              found.domainsDone(),
              found.failure(),
              found.startedAt(),
              found.startedBy(),
              found.finishedAt(),
              counts,
              problemCount,
              problems,
              found.resumed(),
              found.resumedAt(),
              found.resumedFrom(),
              found.executionId()));
    }
  }

  /** The latest imports, newest first. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<NasImportSummary> recent(int max) throws SQLException {
    List<NasImportSummary> found = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT id, source_url, source_user, dry_run, state, phase, started_at,"
                    + " started_by, finished_at,"
                    + " (SELECT COUNT(*) FROM nas_import_problem p WHERE p.run_id = r.id)"
                    + " FROM nas_import_run r ORDER BY id DESC")) {
      select.setMaxRows(max);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next() && found.size() < max) {
          found.add(
              new NasImportSummary(
                  rs.getLong(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getBoolean(4),
                  rs.getString(5),
                  rs.getString(6),
                  rs.getLong(10),
                  rs.getTimestamp(7).toInstant(),
                  rs.getString(8),
                  rs.getTimestamp(9) == null ? null : rs.getTimestamp(9).toInstant()));
        }
      }
    }
    return found;
  }

  /** Problems of an import in their order, from the {@code first} (from 0), at most {@code max}. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<Problem> problems(long id, int first, int max) throws SQLException {
    List<Problem> problems = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT source_table, source_key, reason FROM nas_import_problem"
                    + " WHERE run_id = ? AND position >= ? AND position < ? ORDER BY position")) {
      select.setLong(1, id);
      select.setInt(2, first);
      select.setLong(3, (long) first + max);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          problems.add(new Problem(rs.getString(1), rs.getString(2), rs.getString(3)));
        }
      }
    }
    return problems;
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max);
  }
}
