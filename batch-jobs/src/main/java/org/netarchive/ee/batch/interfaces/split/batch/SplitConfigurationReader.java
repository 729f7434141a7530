package org.netarchive.ee.batch.interfaces.split.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.batch.runtime.context.StepContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.Deque;
import org.netarchive.ee.scheduler.application.job.HarvestScheduling;
import org.netarchive.ee.scheduler.application.job.JobSplitting;
import org.netarchive.ee.scheduler.application.job.SplitContext;
import org.netarchive.ee.scheduler.domain.model.job.SplitConfiguration;

/**
 * Reads the configurations of the split's harvest in configuration id order, a page at a time,
 * starting after the last configuration covered by a complete run file.
 */
@Named("splitConfigurationReader")
@Dependent
public class SplitConfigurationReader extends AbstractItemReader {

  static final int PAGE = 2000;

  @Inject
  @BatchProperty(name = "splitId")
  private String splitId;

  @Inject private HarvestScheduling scheduling;
  @Inject private JobSplitting splitting;
  @Inject private StepContext step;

  private SplitContext context;
  private final Deque<SplitConfiguration> page = new ArrayDeque<>();
  private long lastRead;
  private long scanned;
  private boolean exhausted;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    context = scheduling.context(SplitJobs.splitId(splitId));
    // The run files, not the batch checkpoint, say what is done: they are written atomically.
    lastRead = SortedRuns.of(context.splitId()).lastCoveredConfigurationId();
    scanned = lastRead;
  }

  @Override
  public Object readItem() throws Exception {
    while (page.isEmpty() && !exhausted) {
      SplitConfiguration.Page next = splitting.configurations(context, scanned, PAGE);
      page.addAll(next.configurations());
      scanned = next.lastScanned();
      exhausted = next.end();
    }
    SplitConfiguration next = page.poll();
    if (next != null) {
      lastRead = next.configurationId();
      // the writer closes its run's range here (see SortedRunWriter)
      step.setTransientUserData(lastRead);
    }
    return next;
  }

  @Override
  public Serializable checkpointInfo() {
    return lastRead;
  }
}
