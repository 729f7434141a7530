package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;

/**
 * The shipped migrations on an in-memory H2, as the server runs them, and the constraints of the
 * harvest template tables. (The same SQL runs on PostgreSQL in the integration tests' second pass.)
 */
class HarvestTemplateSchemaTest {

  private static final OffsetDateTime NOW =
      OffsetDateTime.of(2025, 3, 3, 9, 0, 0, 0, ZoneOffset.UTC);

  private static MigratedDatabase db;

  @BeforeAll
  static void migrate() throws SQLException {
    db = MigratedDatabase.migrate("schema");
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
  }

  private static long insertTemplate(String name) throws SQLException {
    try (PreparedStatement insert =
        db.connection()
            .prepareStatement(
                "INSERT INTO harvest_template (name, description, active, created_at, version)"
                    + " VALUES (?, '', TRUE, ?, 0)",
                new String[] {"id"})) {
      insert.setString(1, name);
      insert.setObject(2, NOW);
      insert.executeUpdate();
      try (ResultSet keys = insert.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  private static void insertVersion(long templateId, int number, String text) throws SQLException {
    try (PreparedStatement insert =
        db.connection()
            .prepareStatement(
                "INSERT INTO harvest_template_version (template_id, version_number, crawler_beans,"
                    + " sha256, uploaded_at, uploaded_by) VALUES (?, ?, ?, ?, ?, 'curator')")) {
      insert.setLong(1, templateId);
      insert.setInt(2, number);
      insert.setString(3, text);
      insert.setString(4, "0".repeat(64));
      insert.setObject(5, NOW);
      insert.executeUpdate();
    }
  }

  @Test
  void givenTheDefaultTemplate_whenStoredAsAVersion_thenReadBackExactly() throws SQLException {
    long id = insertTemplate("default");
    String text = CrawlTemplate.defaultTemplate().text();

    insertVersion(id, 1, text);

    try (PreparedStatement select =
        db.connection()
            .prepareStatement(
                "SELECT crawler_beans FROM harvest_template_version WHERE template_id = ?")) {
      select.setLong(1, id);
      try (ResultSet row = select.executeQuery()) {
        assertThat(row.next()).isTrue();
        assertThat(row.getString(1)).isEqualTo(text);
      }
    }
  }

  @Test
  void givenATextOfTheLargestSize_whenStored_thenKeptWhole() throws SQLException {
    long id = insertTemplate("largest");
    String text = "ø".repeat(CrawlTemplate.MAX_LENGTH);

    insertVersion(id, 1, text);

    try (Statement statement = db.connection().createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT crawler_beans FROM harvest_template_version WHERE template_id = " + id)) {
      row.next();
      assertThat(row.getString(1)).isEqualTo(text);
    }
  }

  @Test
  void givenATextOverTheLargestSize_whenStored_thenRefused() throws SQLException {
    long id = insertTemplate("too large");

    assertThatThrownBy(() -> insertVersion(id, 1, "x".repeat(CrawlTemplate.MAX_LENGTH + 1)))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CRAWLER_BEANS");
  }

  @Test
  void givenATakenName_whenInsertingAnotherTemplate_thenRefused() throws SQLException {
    insertTemplate("taken");

    assertThatThrownBy(() -> insertTemplate("taken"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UQ_HARVEST_TEMPLATE_NAME");
  }

  @Test
  void givenATakenVersionNumber_whenInsertingAnotherVersion_thenRefused() throws SQLException {
    long id = insertTemplate("versioned");
    insertVersion(id, 1, "<beans/>");
    insertVersion(id, 2, "<beans></beans>");

    assertThatThrownBy(() -> insertVersion(id, 2, "<beans> </beans>"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UQ_HARVEST_TEMPLATE_VERSION_NUMBER");
  }

  @Test
  void givenVersionNumberZero_whenInserting_thenRefused() throws SQLException {
    long id = insertTemplate("numbered from one");

    assertThatThrownBy(() -> insertVersion(id, 0, "<beans/>"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("CK_HARVEST_TEMPLATE_VERSION_NUMBER");
  }

  @Test
  void givenNoSuchTemplate_whenInsertingAVersion_thenRefused() {
    assertThatThrownBy(() -> insertVersion(Long.MAX_VALUE, 1, "<beans/>"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("FK_HARVEST_TEMPLATE_VERSION_TEMPLATE");
  }

  @Test
  void givenATemplateWithVersions_whenDeletingIt_thenRefusedBecauseJobsMayReferToThem()
      throws SQLException {
    long id = insertTemplate("kept");
    insertVersion(id, 1, "<beans/>");

    assertThatThrownBy(
            () -> {
              try (Statement statement = db.connection().createStatement()) {
                statement.executeUpdate("DELETE FROM harvest_template WHERE id = " + id);
              }
            })
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("FK_HARVEST_TEMPLATE_VERSION_TEMPLATE");
  }
}
