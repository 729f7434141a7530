package org.netarchive.ee.batch.interfaces.split.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.job.HarvestScheduling;
import org.netarchive.ee.scheduler.application.job.JobSplitting;
import org.netarchive.ee.scheduler.application.job.SplitContext;
import org.netarchive.ee.scheduler.domain.model.job.Fit;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.JobPacker;
import org.netarchive.ee.scheduler.domain.model.job.OpenJob;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

/**
 * Packs configurations, in split order, into jobs with the six checks of reference/000; stores a
 * job (status NEW, with its template version, limits, crawler traps and domains) as soon as the
 * next configuration does not fit, together with the split's resume point, in the chunk's
 * transaction.
 */
@Named("jobPackingWriter")
@Dependent
public class JobPackingWriter extends AbstractItemWriter {

  @Inject
  @BatchProperty(name = "splitId")
  private String splitId;

  @Inject private HarvestScheduling scheduling;
  @Inject private JobSplitting splitting;

  private final Clock clock = Clock.systemUTC();
  private final Map<Long, Long> templateVersions = new HashMap<>();
  private final List<JobDomain> open = new ArrayList<>();

  private SplitContext context;
  private JobPacker packer;
  private List<String> globalTraps;
  private long estimated;
  private long placed;
  private int jobsMade;
  private JobCandidate lastPlaced;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    long split = SplitJobs.splitId(splitId);
    context = scheduling.context(split);
    packer = new JobPacker(context.settings(), context.limits().harvestMaxBytes());
    JobSplitting.Progress progress = splitting.progress(split);
    placed = progress.placed();
    jobsMade = progress.jobsMade();
    lastPlaced = progress.lastPlaced().orElse(null);
    // the run files hold every estimated configuration, placed or not
    estimated = SortedRuns.of(split).itemCount();
    globalTraps = splitting.activeGlobalCrawlerTraps();
  }

  @Override
  public void writeItems(List<Object> items) throws Exception {
    for (Object item : items) {
      if (SortedRunsReader.END.equals(item)) {
        if (!packer.isEmpty()) {
          storeJob("END");
        }
        continue;
      }
      SplitItem next = (SplitItem) item;
      Fit fit = packer.check(next.candidate());
      if (fit != Fit.FITS) {
        storeJob(fit.name());
      }
      packer.add(next.candidate());
      open.add(next.domain());
    }
    splitting.recordProgress(
        context.splitId(), estimated, placed, jobsMade, lastPlaced, clock.instant());
  }

  private void storeJob(String closedBy) throws Exception {
    OpenJob job = packer.close();
    long templateVersion =
        templateVersions.get(job.templateId()) == null
            ? templateVersion(job.templateId())
            : templateVersions.get(job.templateId());
    splitting.storeJob(
        context, templateVersion, globalTraps, job, closedBy, List.copyOf(open), clock.instant());
    placed += job.size();
    jobsMade++;
    lastPlaced = job.candidates().get(job.size() - 1);
    open.clear();
  }

  private long templateVersion(long templateId) throws Exception {
    long version = splitting.latestTemplateVersion(templateId);
    templateVersions.put(templateId, version);
    return version;
  }
}
