package org.netarchive.ee.batch.interfaces.split.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.ItemProcessor;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.job.HarvestScheduling;
import org.netarchive.ee.scheduler.application.job.SplitContext;
import org.netarchive.ee.scheduler.domain.model.job.ContinuedSnapshot;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.ObjectEstimate;
import org.netarchive.ee.scheduler.domain.model.job.PastHarvest;
import org.netarchive.ee.scheduler.domain.model.job.SplitConfiguration;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

/**
 * Estimates a configuration's expected objects (reference/000) and turns it into a split item;
 * leaves out (returns null for) a domain the snapshot this one continues has finished.
 */
@Named("estimateProcessor")
@Dependent
public class EstimateProcessor implements ItemProcessor {

  @Inject
  @BatchProperty(name = "splitId")
  private String splitId;

  @Inject private HarvestScheduling scheduling;

  private SplitContext context;

  @Override
  public Object processItem(Object item) {
    if (context == null) {
      context = scheduling.context(SplitJobs.splitId(splitId));
    }
    SplitConfiguration c = (SplitConfiguration) item;
    List<PastHarvest> past = new ArrayList<>(c.history().size());
    for (SplitConfiguration.History h : c.history()) {
      if (context.previousSnapshotId().isPresent()
          && h.harvestId() != null
          && h.harvestId() == context.previousSnapshotId().getAsLong()
          && ContinuedSnapshot.finished(h.harvest(), c.maxObjects(), c.maxBytes())) {
        return null;
      }
      past.add(h.harvest());
    }
    if (c.seeds().isEmpty()) {
      // A configuration without seeds has nothing to crawl; a job cannot carry it.
      return null;
    }
    Optional<PastHarvest> best = ObjectEstimate.best(past);
    long expected =
        ObjectEstimate.expectedObjects(
            context.settings(),
            best,
            c.maxObjects(),
            c.maxBytes(),
            context.limits().harvestMaxObjects(),
            context.limits().harvestMaxBytes());
    return new SplitItem(
        new JobCandidate(
            c.configurationId(),
            c.domainId(),
            c.domainName(),
            c.templateId(),
            c.maxBytes(),
            expected),
        new JobDomain(
            c.domainId(),
            c.configurationId(),
            c.domainName(),
            c.configurationName(),
            JobDomain.tighter(c.maxObjects(), context.limits().harvestMaxObjects()),
            JobDomain.tighter(c.maxBytes(), context.limits().harvestMaxBytes()),
            c.maxObjects(),
            c.maxBytes(),
            expected,
            c.seeds(),
            c.crawlerTraps()));
  }
}
