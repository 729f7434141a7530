package org.netarchive.ee.batch.interfaces.split.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.job.JobSplitting;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobPacker;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

/**
 * Reads the estimated configurations in split order (a merge of the run files), after the last
 * configuration already stored in a job; ends with {@link #END} so the writer can store the last
 * job in the last chunk's transaction.
 */
@Named("sortedRunsReader")
@Dependent
public class SortedRunsReader extends AbstractItemReader {

  /** Marks the end of the configurations. */
  static final String END = "END";

  @Inject
  @BatchProperty(name = "splitId")
  private String splitId;

  @Inject private JobSplitting splitting;

  private SortedRuns.Merge merge;
  private boolean ended;
  private long read;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    long split = SplitJobs.splitId(splitId);
    merge = SortedRuns.of(split).merge();
    Optional<JobCandidate> resumeAfter = splitting.progress(split).lastPlaced();
    if (resumeAfter.isPresent()) {
      // skip what stored jobs already hold; the order is total, so this is exact
      while (true) {
        SplitItem item = merge.next();
        if (item == null) {
          break;
        }
        if (JobPacker.SPLIT_ORDER.compare(item.candidate(), resumeAfter.get()) > 0) {
          pending = item;
          break;
        }
      }
    }
  }

  private SplitItem pending;

  @Override
  public Object readItem() throws Exception {
    if (pending != null) {
      SplitItem item = pending;
      pending = null;
      read++;
      return item;
    }
    SplitItem item = merge.next();
    if (item != null) {
      read++;
      return item;
    }
    if (!ended) {
      ended = true;
      return END;
    }
    return null;
  }

  @Override
  public Serializable checkpointInfo() {
    return read;
  }

  @Override
  public void close() throws Exception {
    if (merge != null) {
      merge.close();
    }
  }
}
