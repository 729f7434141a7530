package org.netarchive.ee.batch.interfaces.split.batch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.job.JobSplitting;
import org.netarchive.ee.scheduler.application.job.SplitContext;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.OpenJob;
import org.netarchive.ee.scheduler.domain.model.job.SplitConfiguration;

/**
 * The split's reads and writes in memory: configurations in pages as the database gives them, and
 * the jobs and progress stored.
 */
final class FakeJobSplitting extends JobSplitting {

  /** A job as stored, with what the service was given. */
  record StoredJob(
      SplitContext split,
      long templateVersionId,
      List<String> globalCrawlerTraps,
      OpenJob job,
      String closedBy,
      List<JobDomain> domains) {}

  /** Progress as recorded. */
  record RecordedProgress(
      long splitId, long estimated, long placed, int jobsMade, JobCandidate lastPlaced) {}

  final List<SplitConfiguration.Page> pages = new ArrayList<>();
  final List<Long> pagesAskedAfter = new ArrayList<>();
  final List<StoredJob> jobs = new ArrayList<>();
  final List<RecordedProgress> recorded = new ArrayList<>();
  final Map<Long, Long> templateVersions = new HashMap<>();
  final List<Long> templateVersionsAsked = new ArrayList<>();
  List<String> globalTraps = List.of();
  Progress progress = new Progress(0, 0, Optional.empty());

  @Override
  public SplitConfiguration.Page configurations(
      SplitContext split, long afterConfigurationId, int size) {
    pagesAskedAfter.add(afterConfigurationId);
    for (SplitConfiguration.Page page : pages) {
      if (page.configurations().isEmpty()
          ? page.lastScanned() > afterConfigurationId
          : page.configurations().get(0).configurationId() > afterConfigurationId) {
        return page;
      }
    }
    return new SplitConfiguration.Page(List.of(), afterConfigurationId, true);
  }

  @Override
  public Progress progress(long splitId) {
    return progress;
  }

  @Override
  public void recordProgress(
      long splitId,
      long estimated,
      long placed,
      int jobsMade,
      JobCandidate lastPlaced,
      Instant now) {
    recorded.add(new RecordedProgress(splitId, estimated, placed, jobsMade, lastPlaced));
  }

  @Override
  public long latestTemplateVersion(long templateId) {
    templateVersionsAsked.add(templateId);
    return templateVersions.getOrDefault(templateId, templateId * 100);
  }

  @Override
  public List<String> activeGlobalCrawlerTraps() {
    return globalTraps;
  }

  @Override
  public long storeJob(
      SplitContext split,
      long templateVersionId,
      List<String> globalCrawlerTraps,
      OpenJob job,
      String closedBy,
      List<JobDomain> domains,
      Instant now) {
    jobs.add(new StoredJob(split, templateVersionId, globalCrawlerTraps, job, closedBy, domains));
    return jobs.size();
  }
}
