package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.KindCount;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.Problem;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.MigratedDatabase;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasImportRuns.Delta;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasImportRuns.StepPosition;

/** The records of NetarchiveSuite imports on an in-memory H2 with the shipped migrations. */
class NasImportRunsTest {

  private static final Instant STARTED = Instant.parse("2026-05-01T10:00:00.123Z");

  /** Dropped by JUnit after the class's tests. */
  @AutoClose private static MigratedDatabase db;

  private static NasImportRuns runs;

  @BeforeAll
  static void migrate() throws SQLException {
    db = MigratedDatabase.migrate("nas-import");
    runs = new NasImportRuns(db.dataSource());
  }

  private static Delta delta(List<KindCount> counts, List<Problem> problems, List<String> dry) {
    return new Delta(counts, problems, Map.of(), Map.of(), dry);
  }

  @Test
  void givenChunksRecorded_whenFollowed_thenCountsAddUpAndTheStepGoesOnAfterTheLast()
      throws SQLException {
    long id = runs.start("jdbc:postgresql://nas/db", "nas", false, "admin", STARTED, null, "v1:x");
    assertThat(runs.step(id, "domains")).isEqualTo(StepPosition.START);

    runs.record(
        id,
        "domains",
        1000,
        false,
        delta(
            List.of(new KindCount("domains", 998, 1, 1)),
            List.of(new Problem("domains", "x (5)", "not a domain name")),
            List.of()),
        "domains",
        3000,
        1000,
        10);
    runs.record(
        id,
        "domains",
        2000,
        false,
        delta(
            List.of(new KindCount("domains", 1000, 0, 0), new KindCount("history", 0, 0, 0)),
            List.of(new Problem("domains", "y (7)", "no default configuration")),
            List.of()),
        "domains",
        3000,
        2000,
        10);

    assertThat(runs.step(id, "domains")).isEqualTo(new StepPosition(2000, false));
    NasImportStatus status = runs.find(id, 100).orElseThrow();
    assertThat(status.counts())
        .containsExactly(new KindCount("domains", 1998, 1, 1), new KindCount("history", 0, 0, 0));
    assertThat(status.problems()).extracting(Problem::key).containsExactly("x (5)", "y (7)");
    assertThat(status.domainsDone()).isEqualTo(2000);
    assertThat(status.state()).isEqualTo("RUNNING");
    assertThat(runs.context(id).orElseThrow().sealedSecret()).isEqualTo("v1:x");
    assertThat(runs.context(id).orElseThrow().startedAt()).isEqualTo(STARTED);
  }

  @Test
  void givenMoreProblemsThanListed_whenFinished_thenTheRestIsOneLineAndThePasswordIsGone()
      throws SQLException {
    long id = runs.start("jdbc:postgresql://nas/db", "nas", true, "admin", STARTED, "UTC", "v1:y");
    List<Problem> three =
        List.of(
            new Problem("historyinfo", "1", "no job"),
            new Problem("historyinfo", "2", "no job"),
            new Problem("historyinfo", "3", "no job"));
    runs.record(
        id, "history", 3, false, delta(List.of(), three, List.of("a.dk")), "history", 0, 0, 2);
    runs.record(
        id, "history", 6, true, delta(List.of(), three, List.of("b.dk")), "history", 0, 0, 2);
    assertThat(runs.wouldCreate(id, List.of("a.dk", "b.dk", "c.dk"))).containsOnly("a.dk", "b.dk");

    runs.finish(id, false, null, STARTED.plusSeconds(60));
    runs.finish(id, true, "late", STARTED.plusSeconds(70));

    NasImportStatus status = runs.find(id, 100).orElseThrow();
    assertThat(status.state()).isEqualTo("DONE");
    assertThat(status.problemCount()).isEqualTo(3);
    assertThat(status.problems().get(2).reason()).isEqualTo("4 more problems, not listed");
    assertThat(runs.context(id).orElseThrow().sealedSecret()).isNull();
    assertThat(runs.wouldCreate(id, List.of("a.dk", "b.dk"))).isEmpty();
    assertThat(runs.step(id, "history")).isEqualTo(new StepPosition(6, true));
  }

  @Test
  void givenDomainsOfSeveralTimes_whenAskedForThoseOfTheImport_thenOnlyThoseMadeAtItsStart()
      throws SQLException {
    try (Statement statement = db.connection().createStatement()) {
      statement.executeUpdate(
          "INSERT INTO domain (id, name, unicode_name, tld, created_at, version) VALUES"
              + " (101, 'ours.dk', 'ours.dk', 'dk', TIMESTAMP WITH TIME ZONE"
              + " '2026-05-01 10:00:00.123+00', 0),"
              + " (102, 'older.dk', 'older.dk', 'dk', TIMESTAMP WITH TIME ZONE"
              + " '2026-05-01 10:00:00.122+00', 0)");
    }

    assertThat(runs.createdAt(List.of("ours.dk", "older.dk", "none.dk"), STARTED))
        .containsExactly("ours.dk");
  }

  @Test
  void givenAResumedImport_whenFollowed_thenItSaysWhenAndFromWhere() throws SQLException {
    long id = runs.start("jdbc:postgresql://nas/db", "nas", false, "admin", STARTED, null, "");
    runs.executionStarted(id, 4, false, STARTED);
    runs.executionStarted(id, 4, true, STARTED.plusSeconds(5));
    runs.executionStarted(id, 9, false, STARTED.plusSeconds(5));
    runs.resumedFrom(id, "domains after domain_id 4000");
    // a later step of the same resumption does not say it again
    runs.resumedFrom(id, "aliases from its start");

    NasImportStatus status = runs.find(id, 10).orElseThrow();
    assertThat(status.resumed()).isEqualTo(1);
    assertThat(status.resumedAt()).isEqualTo(STARTED.plusSeconds(5));
    assertThat(status.resumedFrom()).isEqualTo("domains after domain_id 4000");
    assertThat(status.executionId()).isEqualTo(9L);
    assertThat(runs.running()).containsEntry(id, 9L);
    try (Statement statement = db.connection().createStatement();
        ResultSet row =
            statement.executeQuery("SELECT resumed FROM nas_import_run WHERE id = " + id)) {
      row.next();
      assertThat(row.getInt(1)).isEqualTo(1);
    }
  }
}
