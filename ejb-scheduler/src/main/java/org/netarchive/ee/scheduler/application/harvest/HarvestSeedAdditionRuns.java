package org.netarchive.ee.scheduler.application.harvest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.HarvestSeedRuns;

/**
 * The bookkeeping of the add-seeds batch job: each run's totals and refused lines, added to chunk
 * by chunk, and its report. The seeds themselves are added by {@link HarvestSeeding}.
 *
 * <p>A CDI bean, not an EJB: every method runs in the caller's transaction (the batch chunk's), so
 * a chunk's seeds and its bookkeeping commit together.
 */
@ApplicationScoped
public class HarvestSeedAdditionRuns {

  @Inject private HarvestSeedRuns runs;

  /** Records a new run (idempotent: a restarted job instance keeps its row). */
  public void start(
      long jobInstanceId, long harvestId, long totalLines, String startedBy, Instant now)
      throws SQLException {
    runs.start(jobInstanceId, harvestId, totalLines, startedBy, now);
  }

  /** Adds one chunk's outcome to the run. */
  public void record(long jobInstanceId, SeedAdditionReport.Chunk chunk) throws SQLException {
    runs.record(jobInstanceId, chunk);
  }

  /** The report of a run with at most {@code maxProblems} problems, in line order. */
  public Optional<SeedAdditionReport> report(long jobInstanceId, int maxProblems)
      throws SQLException {
    return runs.report(jobInstanceId, maxProblems);
  }
}
