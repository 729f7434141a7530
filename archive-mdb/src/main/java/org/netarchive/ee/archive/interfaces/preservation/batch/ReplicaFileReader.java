package org.netarchive.ee.archive.interfaces.preservation.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.nio.file.Path;
import org.netarchive.ee.archive.application.Bitarchives;
import org.netarchive.ee.archive.application.preservation.AuditRun;
import org.netarchive.ee.archive.domain.model.bitarchive.SortedNames;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;

/**
 * Reads the names of the files on a replica's disk in name order, after the last one the run has
 * checked: a run resumed after a pause, a stop or a crash goes on where its committed findings end,
 * whatever the batch checkpoint says, so no file is checked twice. The names are sorted in runs of
 * {@link #NAMES_IN_MEMORY} in the server's temporary directory, so a replica of millions of files
 * is not listed in memory.
 */
@Named("replicaFileReader")
@Dependent
public class ReplicaFileReader extends AbstractItemReader {

  @Inject
  @BatchProperty(name = "runId")
  private String runId;

  @Inject private PreservationRecords records;
  @Inject private Bitarchives bitarchives;

  /** The most file names held in memory while sorting a listing (about 15 MB). */
  static final int NAMES_IN_MEMORY = 100_000;

  private SortedNames names;
  private String last;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    long id = AuditRunId.parse(runId);
    AuditRun run =
        records
            .run(id)
            .orElseThrow(() -> new IllegalArgumentException("There is no audit run " + id));
    last = records.lastFinding(id);
    names =
        bitarchives
            .of(run.replica())
            .sortedFileNames(
                last,
                NAMES_IN_MEMORY,
                Path.of(
                    System.getProperty(
                        "jboss.server.temp.dir", System.getProperty("java.io.tmpdir"))));
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

  @Override
  public void close() throws Exception {
    if (names != null) {
      names.close();
    }
  }
}
