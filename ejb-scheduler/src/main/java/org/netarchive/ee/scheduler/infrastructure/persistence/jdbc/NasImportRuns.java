package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
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
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.netarchive.ee.common.jdbc.Sql;
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
    try (Connection c = dataSource.getConnection()) {
      return Sql.insertReturningKey(
          c,
          "INSERT INTO nas_import_run (source_url, source_user, dry_run, state, phase,"
              + " domains_total, domains_done, started_at, started_by, time_zone,"
              + " source_secret) VALUES (?, ?, ?, 'RUNNING', 'starting', 0, 0, ?, ?, ?, ?)",
          clip(sourceUrl, 1000),
          clip(sourceUser == null ? "" : sourceUser, 256),
          dryRun,
          now,
          clip(by, 64),
          timeZone,
          sealedSecret);
    }
  }

  /** Stores the source's sealed password ({@code ""}: none) until the import ends. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void seal(long id, String sealedSecret) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      Sql.update(c, "UPDATE nas_import_run SET source_secret = ? WHERE id = ?", sealedSecret, id);
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
    try (Connection c = dataSource.getConnection()) {
      return Sql.first(
          c,
          "SELECT source_url, source_user, source_secret, dry_run, time_zone, state,"
              + " started_at, started_by, domains_done, resumed FROM nas_import_run"
              + " WHERE id = ?",
          rs ->
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
                  rs.getInt(10)),
          id);
    }
  }

  /** The RUNNING imports with the batch execution each was last run by (0 if none). */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Map<Long, Long> running() throws SQLException {
    Map<Long, Long> running = new LinkedHashMap<>();
    try (Connection c = dataSource.getConnection()) {
      Sql.list(
              c,
              "SELECT id, execution_id FROM nas_import_run WHERE state = 'RUNNING' ORDER BY id",
              rs -> Map.entry(rs.getLong(1), rs.getLong(2)))
          .forEach(entry -> running.put(entry.getKey(), entry.getValue()));
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
    try (Connection c = dataSource.getConnection()) {
      if (resumed) {
        Sql.update(
            c,
            "UPDATE nas_import_run SET execution_id = ?, resumed = resumed + 1,"
                + " resumed_at = ?, resumed_from = NULL WHERE id = ?",
            executionId,
            now,
            id);
      } else {
        Sql.update(c, "UPDATE nas_import_run SET execution_id = ? WHERE id = ?", executionId, id);
      }
    }
  }

  /**
   * Records where a resumed import went on, e.g. "domains after domain_id 4000": the first step
   * that goes on after a resumption says so, the later ones do not.
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void resumedFrom(long id, String where) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      Sql.update(
          c,
          "UPDATE nas_import_run SET resumed_from = ? WHERE id = ?" + " AND resumed_from IS NULL",
          clip(where, 1000),
          id);
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
    try (Connection c = dataSource.getConnection()) {
      return Sql.first(
              c,
              "SELECT position, done FROM nas_import_step WHERE run_id = ? AND step = ?",
              rs -> new StepPosition(rs.getLong(1), rs.getBoolean(2)),
              id,
              step)
          .orElse(StepPosition.START);
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
        Sql.updateElseInsert(
            c,
            "UPDATE nas_import_count SET created = created + ?, existing = existing + ?,"
                + " refused = refused + ? WHERE run_id = ? AND kind = ?",
            new Object[] {
              count.created(), count.existing(), count.refused(), id, clip(count.kind(), 64)
            },
            "INSERT INTO nas_import_count (run_id, kind, created, existing, refused)"
                + " VALUES (?, ?, ?, ?, ?)",
            new Object[] {
              id, clip(count.kind(), 64), count.created(), count.existing(), count.refused()
            });
      }
      if (!delta.problems().isEmpty()) {
        int first =
            Sql.first(
                    c,
                    "SELECT COALESCE(MAX(position) + 1, 0) FROM nas_import_problem"
                        + " WHERE run_id = ?",
                    rs -> rs.getInt(1),
                    id)
                .orElseThrow();
        int listed = Math.min(delta.problems().size(), Math.max(0, maxProblems - first));
        Sql.batch(
            c,
            "INSERT INTO nas_import_problem (run_id, position, source_table, source_key,"
                + " reason) VALUES (?, ?, ?, ?, ?)",
            IntStream.range(0, listed)
                .mapToObj(
                    i ->
                        new Object[] {
                          id,
                          first + i,
                          clip(delta.problems().get(i).table(), 64),
                          clip(delta.problems().get(i).key(), 1000),
                          clip(delta.problems().get(i).reason(), 4000)
                        })
                .toList(),
            row -> row);
        long unlisted = delta.problems().size() - listed;
        if (unlisted > 0) {
          Sql.update(
              c,
              "UPDATE nas_import_run SET problems_unlisted = problems_unlisted + ?"
                  + " WHERE id = ?",
              unlisted,
              id);
        }
      }
      for (var fallback : delta.fallbacks().entrySet()) {
        Sql.updateElseInsert(
            c,
            "UPDATE nas_import_fallback SET configurations = configurations + ?"
                + " WHERE run_id = ? AND template_id = ?",
            new Object[] {fallback.getValue(), id, fallback.getKey()},
            "INSERT INTO nas_import_fallback (run_id, template_id, template_name,"
                + " configurations) VALUES (?, ?, ?, ?)",
            new Object[] {
              id,
              fallback.getKey(),
              clip(
                  delta
                      .fallbackNames()
                      .getOrDefault(fallback.getKey(), "template " + fallback.getKey()),
                  1000),
              fallback.getValue()
            });
      }
      Sql.batch(
          c,
          "INSERT INTO nas_import_dry_domain (run_id, name) VALUES (?, ?)",
          new HashSet<>(delta.wouldCreate()),
          name -> new Object[] {id, name});
      Sql.updateElseInsert(
          c,
          "UPDATE nas_import_step SET position = ?, done = ? WHERE run_id = ? AND step = ?",
          new Object[] {position, done, id, step},
          "INSERT INTO nas_import_step (run_id, step, position, done) VALUES (?, ?, ?, ?)",
          new Object[] {id, step, position, done});
      updateProgress(c, id, phase, domainsTotal, domainsDone);
    }
  }

  /** The configurations per NetarchiveSuite template that fell back to the default, with names. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Map<String, Long> fallbacks(long id) throws SQLException {
    Map<String, Long> fallbacks = new LinkedHashMap<>();
    try (Connection c = dataSource.getConnection()) {
      Sql.list(
              c,
              "SELECT template_name, template_id, configurations FROM nas_import_fallback"
                  + " WHERE run_id = ? ORDER BY template_id",
              rs -> Map.entry(rs.getString(1) + " (" + rs.getLong(2) + ")", rs.getLong(3)),
              id)
          .forEach(entry -> fallbacks.put(entry.getKey(), entry.getValue()));
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
        List<Object> values = new ArrayList<>(part.size() + 1);
        if (at != null) {
          values.add(at);
        }
        values.addAll(part);
        found.addAll(
            Sql.list(
                c,
                prefix + String.join(", ", Collections.nCopies(part.size(), "?")) + ")",
                rows -> rows.getString(1),
                values.toArray()));
      }
    }
    return found;
  }

  /** Records progress. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void progress(long id, String phase, long domainsTotal, long domainsDone)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      updateProgress(c, id, phase, domainsTotal, domainsDone);
    }
  }

  private static void updateProgress(
      Connection c, long id, String phase, long domainsTotal, long domainsDone)
      throws SQLException {
    Sql.update(
        c,
        "UPDATE nas_import_run SET phase = ?, domains_total = ?, domains_done = ? WHERE id = ?",
        clip(phase, 64),
        domainsTotal,
        domainsDone,
        id);
  }

  /**
   * Records the end of an import: its counts and problems are there already (see {@link #record});
   * the problems beyond those listed get one last line, the sealed password and a dry run's list of
   * domains are removed.
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void finish(long id, boolean failed, String failure, Instant now) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      if (Sql.update(
              c,
              "UPDATE nas_import_run SET state = ?, phase = 'done', failure = ?, finished_at = ?,"
                  + " source_secret = NULL WHERE id = ? AND state = 'RUNNING'",
              failed ? "FAILED" : "DONE",
              failure == null ? null : clip(failure, 4000),
              now,
              id)
          == 0) {
        return;
      }
      long unlisted =
          Sql.first(
                  c,
                  "SELECT problems_unlisted FROM nas_import_run WHERE id = ?",
                  rs -> rs.getLong(1),
                  id)
              .orElseThrow();
      if (unlisted > 0) {
        Sql.update(
            c,
            "INSERT INTO nas_import_problem (run_id, position, source_table, source_key,"
                + " reason) SELECT ?, COALESCE(MAX(position) + 1, 0), '*', '*', ?"
                + " FROM nas_import_problem WHERE run_id = ?",
            id,
            unlisted + " more problems, not listed",
            id);
      }
      Sql.update(c, "DELETE FROM nas_import_dry_domain WHERE run_id = ?", id);
    }
  }

  /** An import with its counts and its first {@code problemLimit} problems. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<NasImportStatus> find(long id, int problemLimit) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      Optional<NasImportStatus> found =
          Sql.first(
              c,
              "SELECT source_url, source_user, dry_run, state, phase, domains_total,"
                  + " domains_done, failure, started_at, started_by, finished_at, resumed,"
                  + " resumed_at, resumed_from, execution_id FROM nas_import_run WHERE id = ?",
              rs ->
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
                      Sql.instant(rs, 11),
                      List.of(),
                      0,
                      List.of(),
                      rs.getInt(12),
                      Sql.instant(rs, 13),
                      rs.getString(14),
                      Sql.nullableLong(rs, 15)),
              id);
      if (found.isEmpty()) {
        return found;
      }
      List<KindCount> counts =
          Sql.list(
              c,
              "SELECT kind, created, existing, refused FROM nas_import_count WHERE run_id = ?"
                  + " ORDER BY kind",
              rs -> new KindCount(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)),
              id);
      long problemCount =
          Sql.first(
                  c,
                  "SELECT COUNT(*) FROM nas_import_problem WHERE run_id = ?",
                  rs -> rs.getLong(1),
                  id)
              .orElseThrow();
      List<Problem> problems =
          Sql.list(
              c,
              "SELECT source_table, source_key, reason FROM nas_import_problem"
                  + " WHERE run_id = ? AND position < ? ORDER BY position",
              NasImportRuns::problem,
              id,
              problemLimit);
      NasImportStatus run = found.get();
      return Optional.of(
          new NasImportStatus(
              run.id(),
              run.sourceUrl(),
              run.sourceUser(),
              run.dryRun(),
              run.state(),
              run.phase(),
              run.domainsTotal(),
              run.domainsDone(),
              run.failure(),
              run.startedAt(),
              run.startedBy(),
              run.finishedAt(),
              counts,
              problemCount,
              problems,
              run.resumed(),
              run.resumedAt(),
              run.resumedFrom(),
              run.executionId()));
    }
  }

  /** The latest imports, newest first. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<NasImportSummary> recent(int max) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.listAtMost(
          c,
          max,
          "SELECT id, source_url, source_user, dry_run, state, phase, started_at,"
              + " started_by, finished_at,"
              + " (SELECT COUNT(*) FROM nas_import_problem p WHERE p.run_id = r.id)"
              + " FROM nas_import_run r ORDER BY id DESC",
          rs ->
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
                  Sql.instant(rs, 9)));
    }
  }

  /** Problems of an import in their order, from the {@code first} (from 0), at most {@code max}. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<Problem> problems(long id, int first, int max) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return Sql.list(
          c,
          "SELECT source_table, source_key, reason FROM nas_import_problem"
              + " WHERE run_id = ? AND position >= ? AND position < ? ORDER BY position",
          NasImportRuns::problem,
          id,
          first,
          (long) first + max);
    }
  }

  private static Problem problem(ResultSet rs) throws SQLException {
    return new Problem(rs.getString(1), rs.getString(2), rs.getString(3));
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max);
  }
}
