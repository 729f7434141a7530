package org.netarchive.ee.archive.interfaces.preservation.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.batch.runtime.context.JobContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.Bitarchives;
import org.netarchive.ee.archive.application.preservation.AuditRun;
import org.netarchive.ee.archive.application.preservation.BatchResultFindings;
import org.netarchive.ee.archive.application.preservation.Finding;
import org.netarchive.ee.archive.application.preservation.ReplicaBatches;
import org.netarchive.ee.archive.domain.model.bitarchive.SortedNames;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;

/**
 * Reads the names of the files on a replica's disk in name order, after the last one the run has
 * checked: a run resumed after a pause, a stop or a crash goes on where its committed findings end,
 * whatever the batch checkpoint says, so no file is checked twice. The names are sorted in runs of
 * {@link #NAMES_IN_MEMORY} in the server's temporary directory, so a replica of millions of files
 * is not listed in memory.
 *
 * <p>A replica held on a bitarchive node is read through a batch job over it ({@code sizes} or
 * {@code checksum}, by the audit's kind): its result, sorted the same way, gives the findings
 * themselves, which the processor passes on. A job that failed on any file fails the run, which
 * would otherwise find those copies missing.
 */
@Named("replicaFileReader")
@Dependent
public class ReplicaFileReader extends AbstractItemReader {

  @Inject
  @BatchProperty(name = "runId")
  private String runId;

  @Inject private PreservationRecords records;
  @Inject private Bitarchives bitarchives;
  @Inject private JobContext job;
  @EJB private ReplicaBatches batches;

  private static final Logger LOG = Logger.getLogger(ReplicaFileReader.class.getName());

  /** The most file names held in memory while sorting a listing (about 15 MB). */
  static final int NAMES_IN_MEMORY = 100_000;

  /** The most lines of a batch result held in memory while sorting it (about 25 MB). */
  static final int LINES_IN_MEMORY = 50_000;

  private SortedNames names;
  private BatchResultFindings findings;
  private String last;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    long id = AuditRunId.parse(runId);
    AuditRun run =
        records
            .run(id)
            .orElseThrow(() -> new IllegalArgumentException("There is no audit run " + id));
    last = records.lastFinding(id);
    Path work =
        Path.of(System.getProperty("jboss.server.temp.dir", System.getProperty("java.io.tmpdir")));
    if (bitarchives.local(run.replica()).isPresent()) {
      names = bitarchives.of(run.replica()).sortedFileNames(last, NAMES_IN_MEMORY, work);
    } else {
      findings = fromBatch(run, work);
    }
  }

  private BatchResultFindings fromBatch(AuditRun run, Path work) throws IOException {
    String batchJob = run.kind() == AuditKind.CHECKSUM ? "checksum" : "sizes";
    Path result = work.resolve("audit-" + run.id() + "-" + UUID.randomUUID() + ".txt");
    try {
      batches.run(run.replica(), batchJob, null, result);
      return BatchResultFindings.of(result, run.kind(), last, LINES_IN_MEMORY, work);
    } catch (IOException | RuntimeException e) {
      String why =
          "Batch job '"
              + batchJob
              + "' on replica "
              + run.replica()
              + " did not give audit run "
              + run.id()
              + " its findings: "
              + (e.getMessage() == null ? e.toString() : e.getMessage());
      LOG.warning(why);
      job.setExitStatus(why.length() > 1000 ? why.substring(0, 1000) + "..." : why);
      throw e;
    } finally {
      Files.deleteIfExists(result);
    }
  }

  @Override
  public Object readItem() {
    if (findings != null) {
      if (!findings.hasNext()) {
        return null;
      }
      Finding finding = findings.next();
      last = finding.fileName();
      return finding;
    }
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
    if (findings != null) {
      findings.close();
    }
  }
}
