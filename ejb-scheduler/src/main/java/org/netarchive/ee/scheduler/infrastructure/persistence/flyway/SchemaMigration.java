package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.output.ValidateOutput;
import org.flywaydb.core.api.output.ValidateResult;
import org.netarchive.ee.scheduler.application.monitor.SchemaReport;

/**
 * Brings the database schema up to date when the application is deployed, before any other part
 * touches the database; checks it on demand. Flyway runs its own transactions, hence bean-managed.
 */
@PermitAll
@Singleton
@Startup
@Lock(LockType.READ)
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigration {

  /** JNDI name of the application's datasource (configure-datasource.cli). */
  public static final String DATASOURCE = "java:jboss/datasources/NetarchiveDS";

  private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());

  @Resource(lookup = DATASOURCE)
  private DataSource dataSource;

  private Flyway flyway;

  @PostConstruct
  void migrate() {
    String database = describeDatabase();
    flyway =
        Flyway.configure(SchemaMigration.class.getClassLoader())
            .dataSource(dataSource)
            .locations("classpath:db/migration")
            .failOnMissingLocations(true)
            .validateMigrationNaming(true)
            // The batch runtime's job repository creates its own tables in the same schema,
            // possibly
            // before this runs; a baseline at version 0 lets every migration from V1 on still
            // apply.
            .baselineOnMigrate(true)
            .baselineVersion("0")
            .baselineDescription("tables of other components present before the first migration")
            .load();
    MigrateResult result = flyway.migrate();
    LOG.info(
        () ->
            "Database schema of "
                + database
                + " is at version "
                + (result.targetSchemaVersion != null
                    ? result.targetSchemaVersion
                    : result.initialSchemaVersion)
                + " ("
                + result.migrationsExecuted
                + " migrations applied now)");
  }

  /** Compares the database with the shipped migrations, without changing anything. */
  public SchemaReport check() {
    String database = describeDatabase();
    MigrationInfoService info = flyway.info();
    MigrationInfo current = info.current();
    ValidateResult validation = flyway.validateWithResult();
    List<String> problems =
        validation.invalidMigrations == null
            ? List.of()
            : validation.invalidMigrations.stream().map(SchemaMigration::describe).toList();
    return new SchemaReport(
        database,
        current == null ? "none" : current.getVersion().getVersion(),
        info.applied().length,
        info.pending().length,
        problems);
  }

  private static String describe(ValidateOutput invalid) {
    return "migration "
        + invalid.version
        + " ("
        + invalid.description
        + "): "
        + (invalid.errorDetails == null ? "invalid" : invalid.errorDetails.errorMessage);
  }

  /** Product and version of the database; a clear error if it cannot be reached. */
  private String describeDatabase() {
    try (Connection connection = dataSource.getConnection()) {
      DatabaseMetaData meta = connection.getMetaData();
      return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
    } catch (SQLException e) {
      String reason = rootMessage(e);
      String message =
          "Netarchive EE cannot connect to its database (datasource "
              + DATASOURCE
              + "): "
              + reason
              + ". Check NAS_DB_KIND, NAS_DB_URL, NAS_DB_USER and NAS_DB_PASSWORD (README.md,"
              + " 'Database').";
      LOG.severe(message);
      throw new DatabaseUnavailableException(message);
    }
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String text = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    // Drivers put hints on further lines; the first one says what went wrong.
    return Arrays.stream(text.split("\\R")).findFirst().orElse(text).strip();
  }
}
