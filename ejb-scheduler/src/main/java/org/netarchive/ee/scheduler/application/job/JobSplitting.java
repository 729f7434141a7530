package org.netarchive.ee.scheduler.application.job;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.OpenJob;
import org.netarchive.ee.scheduler.domain.model.job.SplitConfiguration;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.JobStore;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.SplitSource;

/**
 * What the split-harvest batch job reads and stores while it splits a run of a harvest into jobs:
 * the configurations to split, a page at a time, and the jobs it packs with the split's resume
 * point. The split's beginning and end are {@link HarvestScheduling}'s.
 *
 * <p>A CDI bean, not an EJB: every method runs in the caller's transaction (the batch chunk's), so
 * a job and the split's progress commit together, and exceptions reach the batch runtime as they
 * are thrown.
 */
@ApplicationScoped
public class JobSplitting {

  @Inject private SplitSource source;
  @Inject private JobStore store;

  /**
   * How far a split had got: the resume point of its packing step.
   *
   * @param placed configurations placed in stored jobs
   * @param jobsMade jobs stored
   * @param lastPlaced the last configuration placed in a stored job, in split order, if any
   */
  public record Progress(long placed, int jobsMade, Optional<JobCandidate> lastPlaced) {}

  /**
   * The next page of the split's configurations, in configuration id order.
   *
   * @param afterConfigurationId the last configuration id already read, 0 at the start
   * @param size the most configurations to return
   */
  public SplitConfiguration.Page configurations(
      SplitContext split, long afterConfigurationId, int size) throws SQLException {
    return source.page(split.kind(), split.harvestId(), afterConfigurationId, size);
  }

  /** How far the split had got. */
  public Progress progress(long splitId) throws SQLException {
    JobStore.Progress progress = store.progress(splitId);
    return new Progress(progress.placed(), progress.jobsMade(), progress.lastPlaced());
  }

  /**
   * Records how far the split has got, in the transaction that stored its jobs.
   *
   * @param lastPlaced the last configuration placed in a stored job (the resume point), or null
   */
  public void recordProgress(
      long splitId, long estimated, long placed, int jobsMade, JobCandidate lastPlaced, Instant now)
      throws SQLException {
    store.recordProgress(splitId, estimated, placed, jobsMade, lastPlaced, now);
  }

  /** The latest version of a template: the text a job made now is made from. */
  public long latestTemplateVersion(long templateId) throws SQLException {
    return store.latestTemplateVersion(templateId);
  }

  /** The expressions of the active global crawler trap lists, which every job carries. */
  public List<String> activeGlobalCrawlerTraps() throws SQLException {
    return store.activeGlobalCrawlerTraps();
  }

  /**
   * Stores a packed job (status NEW) of the split with what it harvests.
   *
   * @param templateVersionId the version of the job's template it is made from
   * @param globalCrawlerTraps the active global crawler traps
   * @param job the packed job
   * @param closedBy why the job was closed: the packing check the next configuration failed, or END
   * @param domains what the job harvests, one per configuration of {@code job}
   * @return the job's id
   */
  public long storeJob(
      SplitContext split,
      long templateVersionId,
      List<String> globalCrawlerTraps,
      OpenJob job,
      String closedBy,
      List<JobDomain> domains,
      Instant now)
      throws SQLException {
    return store.insert(
        JobStore.NewJob.builder()
            .harvest(split.harvestId(), split.runNumber(), split.kind())
            .splitId(split.splitId())
            .channelId(split.channelId())
            .templateVersionId(templateVersionId)
            .maxBytesPerDomain(job.byteLimit(), job.byteLimitSetByHarvest())
            .limits(split.limits())
            .globalCrawlerTraps(globalCrawlerTraps)
            .totalExpectedObjects(job.totalExpectedObjects())
            .closedBy(closedBy)
            .domains(domains)
            .build(),
        now);
  }
}
