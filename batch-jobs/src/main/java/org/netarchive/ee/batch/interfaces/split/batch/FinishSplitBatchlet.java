package org.netarchive.ee.batch.interfaces.split.batch;

import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.api.BatchProperty;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.application.job.HarvestScheduling;

/** Ends the split: its jobs become dispatchable and the harvest's run is counted. */
@Named("finishSplitBatchlet")
@Dependent
public class FinishSplitBatchlet extends AbstractBatchlet {

  @Inject
  @BatchProperty(name = "splitId")
  private String splitId;

  @Inject private HarvestScheduling scheduling;

  @Override
  public String process() throws Exception {
    long split = SplitJobs.splitId(splitId);
    scheduling.finishSplit(split);
    SortedRuns.of(split).delete();
    return "DONE";
  }
}
