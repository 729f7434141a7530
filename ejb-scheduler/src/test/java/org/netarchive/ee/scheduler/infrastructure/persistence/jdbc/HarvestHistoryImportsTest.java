package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HistoryCsv;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.ImportedKey;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.KnownDomain;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImportReport;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.MigratedDatabase;

/** The history import's database side on an in-memory H2 with the shipped migrations. */
class HarvestHistoryImportsTest {

  private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");

  /** Dropped by JUnit after the class's tests. */
  @AutoClose private static MigratedDatabase db;

  private static HarvestHistoryImports imports;

  @BeforeAll
  static void migrateAndCreateDomains() throws SQLException {
    db = MigratedDatabase.migrate("history");
    try (Statement statement = db.connection().createStatement()) {
      statement.executeUpdate(
          "INSERT INTO harvest_template (id, name, description, active, created_at, version)"
              + " VALUES (1, 'default', '', TRUE, CURRENT_TIMESTAMP, 0)");
      statement.executeUpdate(
          "INSERT INTO domain (id, name, unicode_name, tld, created_at, version) VALUES"
              + " (1, 'kb.dk', 'kb.dk', 'dk', CURRENT_TIMESTAMP, 0),"
              + " (2, 'netarkivet.dk', 'netarkivet.dk', 'dk', CURRENT_TIMESTAMP, 0)");
      statement.executeUpdate(
          "INSERT INTO domain_configuration (id, domain_id, name, template_id, max_objects,"
              + " max_bytes, max_request_rate, max_hops, honor_robots, extract_javascript,"
              + " version) VALUES (11, 1, 'defaultconfig', 1, -1, -1, 60, 20, TRUE, TRUE, 0),"
              + " (21, 2, 'defaultconfig', 1, -1, -1, 60, 20, TRUE, TRUE, 0)");
    }
    imports = new HarvestHistoryImports(db.dataSource());
  }

  private static long count(String where) throws SQLException {
    try (Statement statement = db.connection().createStatement();
        ResultSet row =
            statement.executeQuery("SELECT COUNT(*) FROM harvest_history WHERE " + where)) {
      row.next();
      return row.getLong(1);
    }
  }

  @Test
  void givenDomainNames_whenLookedUp_thenTheExistingOnesComeWithTheirConfigurations() {
    Map<String, KnownDomain> found = imports.findDomains(List.of("kb.dk", "bbc.co.uk"));

    assertThat(found).containsOnlyKeys("kb.dk");
    assertThat(found.get("kb.dk").configurationIds()).containsOnlyKeys("defaultconfig");
  }

  @Test
  void givenImportedEntries_whenStored_thenTheyAreFoundAsImportedAndHaveSequenceIds()
      throws SQLException {
    KnownDomain kb = imports.findDomains(List.of("kb.dk")).get("kb.dk");
    long configurationId = kb.configurationIds().get("defaultconfig");

    imports.add(
        List.of(
            HarvestHistory.imported(
                kb.id(), configurationId, "Stored", 1, NOW, 5, 50, StopReason.OBJECT_LIMIT),
            HarvestHistory.imported(
                kb.id(), configurationId, "Stored", 2, NOW, 6, 60, StopReason.SIZE_LIMIT)));

    assertThat(count("imported_harvest_name = 'Stored' AND harvest_id IS NULL")).isEqualTo(2);
    assertThat(
            imports.alreadyImported(
                List.of(
                    new ImportedKey(kb.id(), "Stored", 1),
                    new ImportedKey(kb.id(), "Stored", 3),
                    new ImportedKey(kb.id(), "Other", 2))))
        .isEqualTo(Set.of(new ImportedKey(kb.id(), "Stored", 1)));
    try (Statement statement = db.connection().createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT started_at FROM harvest_history WHERE imported_harvest_name = 'Stored'"
                    + " AND imported_job_id = 1")) {
      row.next();
      assertThat(row.getObject(1, OffsetDateTime.class).toInstant()).isEqualTo(NOW);
    }
  }

  @Test
  void givenAFile_whenImportedTwice_thenItsLinesAreStoredOnce() throws IOException, SQLException {
    String csv =
        HistoryCsv.HEADER
            + "\n"
            + "kb.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,18223,1073741824,SIZE_LIMIT\n"
            + "netarkivet.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,312,2048,DOWNLOAD_COMPLETE\n"
            + "netarkivet.dk,deep,Snapshot 2019,4711,2019-03-01T02:00:00Z,1,1,TIME_LIMIT\n";

    HistoryImportReport first =
        HistoryImport.run(new BufferedReader(new StringReader(csv)), imports);
    HistoryImportReport second =
        HistoryImport.run(new BufferedReader(new StringReader(csv)), imports);

    assertThat(first.imported()).isEqualTo(2);
    assertThat(first.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.lineNumber()).isEqualTo(4);
              assertThat(problem.reason())
                  .isEqualTo("domain 'netarkivet.dk' has no configuration 'deep'; create it first");
            });
    assertThat(second.imported()).isZero();
    assertThat(second.refused()).isEqualTo(3);
    assertThat(count("imported_harvest_name = 'Snapshot 2019'")).isEqualTo(2);
  }
}
