package org.netarchive.ee.batch.interfaces.split.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.batch.runtime.context.StepContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

/**
 * Writes each chunk of estimated configurations as one sorted run file. The reader's position (the
 * last configuration id read) is the end of the run's range, so a range whose configurations were
 * all left out still counts as covered.
 */
@Named("sortedRunWriter")
@Dependent
public class SortedRunWriter extends AbstractItemWriter {

  @Inject
  @BatchProperty(name = "splitId")
  private String splitId;

  @Inject private StepContext step;

  private SortedRuns runs;
  private long firstOfNextRun;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    runs = SortedRuns.of(SplitJobs.splitId(splitId));
    firstOfNextRun = runs.lastCoveredConfigurationId() + 1;
  }

  @Override
  public void writeItems(List<Object> items) throws Exception {
    List<SplitItem> run = new ArrayList<>(items.size());
    for (Object item : items) {
      run.add((SplitItem) item);
    }
    long last = (Long) step.getTransientUserData();
    runs.write(run, firstOfNextRun, last);
    firstOfNextRun = last + 1;
  }
}
