package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The component monitor's tables after V10 on an in-memory H2: one row per instance of a component
 * (several agents all called harvester-agent), and an instance's warnings go with it.
 */
class ComponentSchemaTest {

  private static final String URL =
      "jdbc:h2:mem:components-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  private static final String NOW = "TIMESTAMP WITH TIME ZONE '2026-05-01 10:00:00+00'";

  private static Connection connection;

  @BeforeAll
  static void migrate() throws SQLException {
    Flyway.configure()
        .dataSource(URL, "sa", "")
        .locations("classpath:db/migration")
        .failOnMissingLocations(true)
        .load()
        .migrate();
    connection = DriverManager.getConnection(URL, "sa", "");
  }

  @AfterAll
  static void close() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SHUTDOWN");
    }
    connection.close();
  }

  private static void update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate(sql);
    }
  }

  private static long single(String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }

  private static void status(String component, String instance) throws SQLException {
    update(
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
    update(
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
            single(
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

    update(
        "DELETE FROM component_status WHERE component = 'harvester-agent'"
            + " AND instance_name = 'schema-b1'");

    assertThat(single("SELECT COUNT(*) FROM component_warning WHERE instance_name = 'schema-b1'"))
        .isZero();
  }
}
