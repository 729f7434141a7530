package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Migrations V1 to V6 on an in-memory H2, and the constraints of the harvest tables (V6): channels,
 * harvest definitions of both kinds, the configurations of selective harvests, global crawler trap
 * lists and the harvest history. Each test makes the rows it needs under names of its own.
 */
class HarvestSchemaTest {

  private static final String NOW = "TIMESTAMP WITH TIME ZONE '2026-05-01 10:00:00+00'";
  private static final AtomicLong NAMES = new AtomicLong();

  private static MigratedDatabase db;
  private static long templateId;
  private static long dailyScheduleId;

  @BeforeAll
  static void migrate() throws SQLException {
    db = MigratedDatabase.migrate("harvests");
    templateId =
        db.insert(
            "INSERT INTO harvest_template (name, description, active, created_at, version)"
                + " VALUES ('default', '', TRUE, "
                + NOW
                + ", 0)");
    dailyScheduleId = db.single("SELECT id FROM schedule WHERE name = 'Daily'");
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
  }

  private static String unique(String prefix) {
    return prefix + NAMES.incrementAndGet();
  }

  private static long channelId(String name) throws SQLException {
    return db.single("SELECT id FROM harvest_channel WHERE name = '" + name + "'");
  }

  /** A domain with one configuration; returns {domain id, configuration id}. */
  private static long[] domainWithConfiguration() throws SQLException {
    long domainId = db.single("SELECT NEXT VALUE FOR domain_seq");
    String name = unique("domain") + ".dk";
    db.update(
        "INSERT INTO domain (id, name, unicode_name, tld, created_at, version) VALUES ("
            + domainId
            + ", '"
            + name
            + "', '"
            + name
            + "', 'dk', "
            + NOW
            + ", 0)");
    return new long[] {domainId, configuration(domainId, "defaultconfig")};
  }

  private static long configuration(long domainId, String name) throws SQLException {
    long id = db.single("SELECT NEXT VALUE FOR domain_configuration_seq");
    db.update(
        "INSERT INTO domain_configuration (id, domain_id, name, template_id, max_objects,"
            + " max_bytes, max_request_rate, max_hops, honor_robots, extract_javascript, version)"
            + " VALUES ("
            + id
            + ", "
            + domainId
            + ", '"
            + name
            + "', "
            + templateId
            + ", -1, 1000000000, 60, 20, TRUE, TRUE, 0)");
    return id;
  }

  private static long selective(String columns, String values) throws SQLException {
    return db.insert(
        "INSERT INTO harvest_definition (kind, name, active, channel_id, run_count, created_at,"
            + " version"
            + columns
            + ") VALUES ('SELECTIVE', '"
            + unique("selective ")
            + "', "
            + values
            + ")");
  }

  private static long inactiveSelective() throws SQLException {
    return selective("", "FALSE, " + channelId("HIGHPRIORITY") + ", 0, " + NOW + ", 0");
  }

  private static long snapshot(String limits) throws SQLException {
    return db.insert(
        "INSERT INTO harvest_definition (kind, name, active, channel_id, run_count, created_at,"
            + " version, max_objects_per_domain, max_bytes_per_domain, max_job_running_seconds)"
            + " VALUES ('SNAPSHOT', '"
            + unique("snapshot ")
            + "', FALSE, "
            + channelId("LOWPRIORITY")
            + ", 0, "
            + NOW
            + ", 0, "
            + limits
            + ")");
  }

  private static void history(
      long[] domainAndConfiguration, String harvestAndJob, String imported, String counts)
      throws SQLException {
    db.update(
        "INSERT INTO harvest_history (id, domain_id, configuration_id, harvest_id, job_id,"
            + " imported_harvest_name, imported_job_id, started_at, objects, bytes, stop_reason)"
            + " VALUES (NEXT VALUE FOR harvest_history_seq, "
            + domainAndConfiguration[0]
            + ", "
            + domainAndConfiguration[1]
            + ", "
            + harvestAndJob
            + ", "
            + imported
            + ", "
            + NOW
            + ", "
            + counts
            + ")");
  }

  @Test
  void givenTheMigrations_whenApplied_thenTheTwoDefaultChannelsExist() throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Statement statement = db.connection().createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT name, kind, default_kind FROM harvest_channel"
                    + " WHERE default_kind IS NOT NULL ORDER BY name")) {
      while (row.next()) {
        rows.add(row.getString(1) + " " + row.getString(2) + " " + row.getString(3));
      }
    }

    assertThat(rows)
        .containsExactly("HIGHPRIORITY SELECTIVE SELECTIVE", "LOWPRIORITY SNAPSHOT SNAPSHOT");
  }

  @Test
  void givenADefaultSelectiveChannel_whenInsertingAnother_thenRefused() {
    assertThatThrownBy(
            () ->
                db.update(
                    "INSERT INTO harvest_channel (name, kind, default_kind, version)"
                        + " VALUES ('SECONDDEFAULT', 'SELECTIVE', 'SELECTIVE', 0)"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UQ_HARVEST_CHANNEL_DEFAULT");
  }

  @Test
  void givenASnapshotChannel_whenMarkedTheSelectiveDefault_thenRefused() {
    assertThatThrownBy(
            () ->
                db.update(
                    "INSERT INTO harvest_channel (name, kind, default_kind, version)"
                        + " VALUES ('MIXEDUP', 'SNAPSHOT', 'SELECTIVE', 0)"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_CHANNEL_DEFAULT");
  }

  @Test
  void givenNamesThatAreNoQueueNamePart_whenInsertingChannels_thenRefused() throws SQLException {
    db.update(
        "INSERT INTO harvest_channel (name, kind, version) VALUES ('FOCUSED2', 'SELECTIVE', 0)");

    for (String name : List.of("focused", "FOCUSED_CRAWL", "FOCUSED CRAWL", "", "A".repeat(60))) {
      String sql =
          "INSERT INTO harvest_channel (name, kind, version) VALUES ('"
              + name
              + "', 'SNAPSHOT', 0)";
      if (name.length() == 60) {
        db.update(sql);
        continue;
      }
      assertThatThrownBy(() -> db.update(sql))
          .as(name)
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("CK_HARVEST_CHANNEL_NAME");
    }
  }

  @Test
  void givenASelectiveHarvest_whenItUsesASnapshotChannel_thenRefused() {
    assertThatThrownBy(
            () -> selective("", "FALSE, " + channelId("LOWPRIORITY") + ", 0, " + NOW + ", 0"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("FK_HARVEST_DEFINITION_CHANNEL");
  }

  @Test
  void givenAnActiveSelectiveHarvest_whenItHasNoScheduleOrNextDate_thenRefused()
      throws SQLException {
    long high = channelId("HIGHPRIORITY");
    selective(
        ", schedule_id, next_date",
        "TRUE, " + high + ", 0, " + NOW + ", 0, " + dailyScheduleId + ", " + NOW);

    assertThatThrownBy(
            () -> selective(", next_date", "TRUE, " + high + ", 0, " + NOW + ", 0, " + NOW))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_SELECTIVE_ACTIVE");
    assertThatThrownBy(
            () ->
                selective(
                    ", schedule_id", "TRUE, " + high + ", 0, " + NOW + ", 0, " + dailyScheduleId))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_SELECTIVE_ACTIVE");
    assertThatThrownBy(
            () -> selective(", next_date", "FALSE, " + high + ", 0, " + NOW + ", 0, " + NOW))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_SELECTIVE_ACTIVE");
  }

  @Test
  void givenASelectiveHarvest_whenItHasSnapshotLimits_thenRefused() {
    assertThatThrownBy(
            () ->
                selective(
                    ", max_objects_per_domain",
                    "FALSE, " + channelId("HIGHPRIORITY") + ", 0, " + NOW + ", 0, 100"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_SELECTIVE");
  }

  @Test
  void givenASnapshotHarvest_whenALimitIsMissingOrOutOfRange_thenRefused() throws SQLException {
    snapshot("-1, -1, 0");
    snapshot("1, 1000000000, 604800");

    assertThatThrownBy(() -> snapshot("-1, NULL, 0"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_SNAPSHOT");
    assertThatThrownBy(() -> snapshot("0, -1, 0"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_MAX_OBJECTS");
    assertThatThrownBy(() -> snapshot("-1, -2, 0"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_MAX_BYTES");
    assertThatThrownBy(() -> snapshot("-1, -1, -1"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_MAX_SECONDS");
  }

  @Test
  void givenASnapshotHarvest_whenItContinuesFromItself_thenRefused() throws SQLException {
    long first = snapshot("-1, -1, 0");
    long second = snapshot("-1, -1, 0");
    db.update(
        "UPDATE harvest_definition SET previous_snapshot_id = " + first + " WHERE id = " + second);

    assertThatThrownBy(
            () ->
                db.update(
                    "UPDATE harvest_definition SET previous_snapshot_id = id WHERE id = " + first))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_PREVIOUS");
  }

  @Test
  void givenAHarvestName_whenAHarvestOfTheOtherKindTakesIt_thenRefused() throws SQLException {
    long id = snapshot("-1, -1, 0");
    String name = "Taken " + id;
    db.update("UPDATE harvest_definition SET name = '" + name + "' WHERE id = " + id);
    long other = inactiveSelective();

    assertThatThrownBy(
            () ->
                db.update(
                    "UPDATE harvest_definition SET name = '" + name + "' WHERE id = " + other))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UQ_HARVEST_DEFINITION_NAME");
    assertThatThrownBy(
            () -> db.update("UPDATE harvest_definition SET name = ' x' WHERE id = " + other))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_DEFINITION_NAME");
  }

  @Test
  void givenASelectiveHarvestWithADomain_whenAddingAnotherConfigurationOfIt_thenRefused()
      throws SQLException {
    long harvest = inactiveSelective();
    long[] domain = domainWithConfiguration();
    long deep = configuration(domain[0], "deep");
    String link =
        "INSERT INTO harvest_configuration (harvest_id, domain_id, configuration_id) VALUES (";
    db.update(link + harvest + ", " + domain[0] + ", " + domain[1] + ")");

    assertThatThrownBy(() -> db.update(link + harvest + ", " + domain[0] + ", " + deep + ")"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining(
            "HARVEST_CONFIGURATION(HARVEST_ID, DOMAIN_ID)"); // H2 names the key's index
  }

  @Test
  void givenAConfiguration_whenLinkedUnderAnotherDomain_thenRefused() throws SQLException {
    long harvest = inactiveSelective();
    long[] one = domainWithConfiguration();
    long[] other = domainWithConfiguration();

    assertThatThrownBy(
            () ->
                db.update(
                    "INSERT INTO harvest_configuration (harvest_id, domain_id, configuration_id)"
                        + " VALUES ("
                        + harvest
                        + ", "
                        + other[0]
                        + ", "
                        + one[1]
                        + ")"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("FK_HARVEST_CONFIGURATION_CONFIGURATION");
  }

  @Test
  void givenAHarvestWithConfigurations_whenDeleted_thenItsLinksGoToo() throws SQLException {
    long harvest = inactiveSelective();
    long[] domain = domainWithConfiguration();
    db.update(
        "INSERT INTO harvest_configuration (harvest_id, domain_id, configuration_id) VALUES ("
            + harvest
            + ", "
            + domain[0]
            + ", "
            + domain[1]
            + ")");

    db.update("DELETE FROM harvest_definition WHERE id = " + harvest);

    assertThat(
            db.single("SELECT COUNT(*) FROM harvest_configuration WHERE harvest_id = " + harvest))
        .isZero();
  }

  @Test
  void givenHistoryOfThisSystemAndImportedHistory_whenInserted_thenBothAreKept()
      throws SQLException {
    long harvest = inactiveSelective();
    long[] domain = domainWithConfiguration();

    history(domain, harvest + ", 1", "NULL, NULL", "10, 1000, 'DOWNLOAD_COMPLETE'");
    history(domain, "NULL, NULL", "'Snapshot 2019', 4711", "0, 0, 'TIME_LIMIT'");

    assertThat(db.single("SELECT COUNT(*) FROM harvest_history WHERE domain_id = " + domain[0]))
        .isEqualTo(2);
  }

  @Test
  void givenHistoryWithBothOrNeitherOrigin_whenInserted_thenRefused() throws SQLException {
    long harvest = inactiveSelective();
    long[] domain = domainWithConfiguration();

    assertThatThrownBy(() -> history(domain, "NULL, NULL", "NULL, NULL", "1, 1, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_HISTORY_ORIGIN");
    assertThatThrownBy(() -> history(domain, harvest + ", 2", "'Old', 2", "1, 1, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_HISTORY_ORIGIN");
    assertThatThrownBy(
            () -> history(domain, harvest + ", NULL", "NULL, NULL", "1, 1, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_HISTORY_ORIGIN");
  }

  @Test
  void givenHistory_whenCountsOrStopReasonAreInvalid_thenRefused() throws SQLException {
    long harvest = inactiveSelective();
    long[] domain = domainWithConfiguration();

    assertThatThrownBy(() -> history(domain, harvest + ", 3", "NULL, NULL", "-1, 1, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_HISTORY_COUNTS");
    assertThatThrownBy(() -> history(domain, harvest + ", 3", "NULL, NULL", "1, 1, 'FINISHED'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_HISTORY_STOP_REASON");
    assertThatThrownBy(() -> history(domain, harvest + ", 0", "NULL, NULL", "1, 1, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_HISTORY_JOB");
  }

  @Test
  void givenADomainInAJob_whenRecordedTwice_thenRefused() throws SQLException {
    long harvest = inactiveSelective();
    long[] domain = domainWithConfiguration();
    history(domain, harvest + ", 4", "NULL, NULL", "1, 1, 'TIME_LIMIT'");
    history(domain, "NULL, NULL", "'Old', 4", "1, 1, 'TIME_LIMIT'");

    assertThatThrownBy(() -> history(domain, harvest + ", 4", "NULL, NULL", "2, 2, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UQ_HARVEST_HISTORY_JOB");
    assertThatThrownBy(() -> history(domain, "NULL, NULL", "'Old', 4", "2, 2, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UQ_HARVEST_HISTORY_IMPORTED");
  }

  @Test
  void givenHistoryOfAConfiguration_whenTheDomainDoesNotMatch_thenRefused() throws SQLException {
    long harvest = inactiveSelective();
    long[] one = domainWithConfiguration();
    long[] other = domainWithConfiguration();

    assertThatThrownBy(
            () ->
                history(
                    new long[] {other[0], one[1]},
                    harvest + ", 5",
                    "NULL, NULL",
                    "1, 1, 'TIME_LIMIT'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("FK_HARVEST_HISTORY_CONFIGURATION");
  }

  @Test
  void givenATrapListName_whenTakenTwice_thenRefused() throws SQLException {
    long list =
        db.insert(
            "INSERT INTO global_crawler_trap_list (name, active, version)"
                + " VALUES ('Calendars', TRUE, 0)");
    db.update(
        "INSERT INTO global_crawler_trap (list_id, position, expression) VALUES ("
            + list
            + ", 0, '.*calendar.*')");

    assertThatThrownBy(
            () ->
                db.update(
                    "INSERT INTO global_crawler_trap_list (name, active, version)"
                        + " VALUES ('Calendars', FALSE, 0)"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UQ_GLOBAL_CRAWLER_TRAP_LIST_NAME");
    assertThatThrownBy(
            () ->
                db.update(
                    "INSERT INTO global_crawler_trap (list_id, position, expression) VALUES ("
                        + list
                        + ", 0, '.*other.*')"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("GLOBAL_CRAWLER_TRAP(LIST_ID, POSITION)");
  }
}
