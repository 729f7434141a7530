package org.netarchive.ee.scheduler.application.imports;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Instant;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasImportRuns;

/**
 * Marks, when the application starts, the NetarchiveSuite imports a stop of the server interrupted
 * as failed: nothing runs them any more. Starting the import again takes what they did not.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@PermitAll
public class NasImportStartup {

  private static final Logger LOG = Logger.getLogger(NasImportStartup.class.getName());

  @Inject private NasImportRuns runs;

  @PostConstruct
  void failInterrupted() {
    try {
      int interrupted =
          runs.failRunning(
              "The server stopped during the import; start it again: it takes what this one did"
                  + " not",
              Instant.now());
      if (interrupted > 0) {
        LOG.warning(interrupted + " NetarchiveSuite import(s) were interrupted by a server stop");
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the NetarchiveSuite imports", e);
    }
  }
}
