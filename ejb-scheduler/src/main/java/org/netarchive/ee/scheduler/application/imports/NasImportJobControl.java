package org.netarchive.ee.scheduler.application.imports;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasImportRuns;

/**
 * Starts and resumes the batch jobs of NetarchiveSuite imports. A CDI bean, as the scheduler's is:
 * the launcher lives in the batch module, which starts after this one, so it is looked up when
 * first used rather than when a start-up bean of this module is made.
 */
@ApplicationScoped
public class NasImportJobControl {

  private static final Logger LOG = Logger.getLogger(NasImportJobControl.class.getName());

  @Inject private NasImportRuns runs;
  @EJB private NasImportLauncher launcher;
  @EJB private NasImportSteps steps;

  /** Starts the job of a recorded import; if it cannot start, the import fails saying so. */
  public void start(long runId) throws SQLException {
    try {
      runs.executionStarted(runId, launcher.start(runId), false, Instant.now());
    } catch (RuntimeException e) {
      steps.fail(runId, "its batch job could not start: " + e.getMessage());
    }
  }

  /**
   * Starts again the jobs of the RUNNING imports that no execution of this server runs: a stop of
   * the server cut them. Each goes on from what it recorded; one that cannot fails with the reason.
   */
  public void resumeInterrupted() {
    Map<Long, Long> running;
    try {
      running = runs.running();
    } catch (SQLException e) {
      LOG.log(Level.SEVERE, "Cannot read the NetarchiveSuite imports to resume", e);
      return;
    }
    running.forEach(
        (runId, execution) -> {
          if (execution > 0 && launcher.isRunning(execution)) {
            return;
          }
          try {
            // counted before the job starts: its first chunks look for work a crash left
            // unrecorded
            runs.executionStarted(runId, execution, true, Instant.now());
            long resumed = launcher.start(runId);
            runs.executionStarted(runId, resumed, false, Instant.now());
            LOG.warning(
                "NetarchiveSuite import "
                    + runId
                    + " was interrupted by a server stop; resumed as batch execution "
                    + resumed);
          } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Cannot resume NetarchiveSuite import " + runId, e);
            steps.fail(runId, "it could not be resumed after a server stop: " + e.getMessage());
          }
        });
  }
}
