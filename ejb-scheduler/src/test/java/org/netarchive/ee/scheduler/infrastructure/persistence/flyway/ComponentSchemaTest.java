package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The component monitor's tables after V10 on an in-memory H2: one row per instance of a component
 * (several agents all called harvester-agent), and an instance's warnings go with it.
 */
class ComponentSchemaTest {

  private static final String NOW = "TIMESTAMP WITH TIME ZONE '2026-05-01 10:00:00+00'";

  private static MigratedDatabase db;

  @BeforeAll
  static void migrate() throws SQLException {
    db = MigratedDatabase.migrate("components");
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
  }

  private static void status(String component, String instance) throws SQLException {
    db.update(
        "INSERT INTO component_status (component, kind, instance_name, state, first_seen,"
            + " last_heartbeat, heartbeat_interval_seconds, version) VALUES ('"
            + component
            + "', 'HARVESTER_AGENT', '"
            + instance
            + "', 'IDLE', "
            + NOW
            + ", "
            + NOW
            + ", 30, 0)");
  }

  private static void warning(String component, String instance, int order) throws SQLException {
    db.update(
        "INSERT INTO component_warning (component, instance_name, entry_order, logged_at,"
            + " log_level, logger, message) VALUES ('"
            + component
            + "', '"
            + instance
            + "', "
            + order
            + ", "
            + NOW
            + ", 'WARNING', 'org.netarchive.ee.agent', 'disk nearly full')");
  }

  @Test
  void givenTwoAgentsOfTheSameComponent_whenRecorded_thenEachHasItsRow_butNotTwice()
      throws SQLException {
    status("harvester-agent", "schema-a1");
    status("harvester-agent", "schema-a2");

    assertThat(
            db.single(
                "SELECT COUNT(*) FROM component_status WHERE component = 'harvester-agent'"
                    + " AND instance_name LIKE 'schema-a%'"))
        .isEqualTo(2);
    assertThatThrownBy(() -> status("harvester-agent", "schema-a1"))
        .isInstanceOf(SQLException.class);
  }

  @Test
  void givenAnInstanceWithWarnings_whenRemoved_thenItsWarningsGoToo_andNoneWithoutAnInstance()
      throws SQLException {
    status("harvester-agent", "schema-b1");
    warning("harvester-agent", "schema-b1", 0);
    warning("harvester-agent", "schema-b1", 1);
    assertThatThrownBy(() -> warning("harvester-agent", "schema-nobody", 0))
        .isInstanceOf(SQLException.class);

    db.update(
        "DELETE FROM component_status WHERE component = 'harvester-agent'"
            + " AND instance_name = 'schema-b1'");

    assertThat(
            db.single("SELECT COUNT(*) FROM component_warning WHERE instance_name = 'schema-b1'"))
        .isZero();
  }
}
