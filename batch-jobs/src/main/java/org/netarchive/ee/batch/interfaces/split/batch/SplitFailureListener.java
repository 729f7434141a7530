package org.netarchive.ee.batch.interfaces.split.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.listener.StepListener;
import jakarta.batch.runtime.context.StepContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.job.HarvestScheduling;

/**
 * When a step of split-harvest fails, fails the split: its jobs are removed and the harvest is
 * deactivated with the reason (reference/000: "If there are any errors in the scheduling process,
 * including the creation of jobs, the harvest is deactivated").
 */
@Named("splitFailureListener")
@Dependent
public class SplitFailureListener implements StepListener {

  private static final Logger LOG = Logger.getLogger(SplitFailureListener.class.getName());

  @Inject
  @BatchProperty(name = "splitId")
  private String splitId;

  @Inject private StepContext step;
  @Inject private HarvestScheduling scheduling;

  @Override
  public void beforeStep() {}

  @Override
  public void afterStep() throws Exception {
    Exception failure = step.getException();
    if (failure == null) {
      return;
    }
    long split = SplitJobs.splitId(splitId);
    LOG.log(
        Level.WARNING, "Step " + step.getStepName() + " of split " + split + " failed", failure);
    scheduling.failSplit(split, "step " + step.getStepName() + ": " + describe(failure));
    SortedRuns.of(split).delete();
  }

  private static String describe(Throwable failure) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = failure; t != null && text.length() < 1500; t = t.getCause()) {
      if (!text.isEmpty()) {
        text.append("; caused by ");
      }
      text.append(t.getClass().getSimpleName());
      if (t.getMessage() != null) {
        text.append(": ").append(t.getMessage());
      }
    }
    return text.toString();
  }
}
