package org.netarchive.ee.archive.interfaces.preservation.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.netarchive.ee.archive.application.Bitarchives;
import org.netarchive.ee.archive.application.preservation.AuditRun;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;

/**
 * Reads the names of the files on a replica's disk in name order, after the last one the run has
 * checked: a run resumed after a pause, a stop or a crash goes on where its committed findings end,
 * whatever the batch checkpoint says, so no file is checked twice.
 */
@Named("replicaFileReader")
@Dependent
public class ReplicaFileReader extends AbstractItemReader {

  @Inject
  @BatchProperty(name = "runId")
  private String runId;

  @Inject private PreservationRecords records;
  @Inject private Bitarchives bitarchives;

  private Iterator<String> names;
  private String last;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    long id = AuditRunId.parse(runId);
    AuditRun run =
        records
            .run(id)
            .orElseThrow(() -> new IllegalArgumentException("There is no audit run " + id));
    List<String> all = bitarchives.of(run.replica()).fileNames();
    last = records.lastFinding(id);
    int from = 0;
    if (last != null) {
      int at = Collections.binarySearch(all, last);
      from = at >= 0 ? at + 1 : -at - 1;
    }
    names = all.subList(from, all.size()).iterator();
  }

  @Override
  public Object readItem() {
    if (!names.hasNext()) {
      return null;
    }
    last = names.next();
    return last;
  }

  @Override
  public Serializable checkpointInfo() {
    return last;
  }
}
