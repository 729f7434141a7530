package org.netarchive.ee.batch.interfaces.imports.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.imports.NasImportPage;
import org.netarchive.ee.scheduler.application.imports.NasImportSession;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

/**
 * Reads a chunked step of an import (domains, aliases, history) from the NetarchiveSuite database,
 * one chunk of source rows per item, by keyset: each chunk after the position of the last. It
 * starts after the position the import recorded with its last written chunk, so a restarted job
 * goes on where the crash left it; a step that ended is passed over.
 */
@Named("nasSourceReader")
@Dependent
public class NasSourceReader extends AbstractItemReader {

  private static final Logger LOG = Logger.getLogger(NasSourceReader.class.getName());

  @Inject
  @BatchProperty(name = "runId")
  String runId;

  @Inject
  @BatchProperty(name = "step")
  String step;

  @EJB NasImportSteps steps;

  private NasImportSession session;
  private long position;
  private boolean end;

  @Override
  public void open(Serializable checkpoint) {
    long run = NasImportJobs.runId(runId);
    session = steps.open(run);
    end = steps.done(session, step);
    // The import's record, not the batch checkpoint, says what is done: it is written with the
    // chunk's counts (see the package documentation).
    position = end ? Long.MIN_VALUE : steps.resumePosition(session, step);
    if (!end && position != Long.MIN_VALUE) {
      LOG.info(
          "NetarchiveSuite import "
              + run
              + ": step "
              + step
              + " resumes after source position "
              + position
              + (checkpoint == null ? "" : " (batch checkpoint " + checkpoint + ")"));
    }
  }

  @Override
  public Object readItem() {
    if (end) {
      return null;
    }
    NasImportPage page = steps.read(session, step, position);
    if (page == null) {
      end = true;
      steps.endStep(session, step);
      return null;
    }
    position = page.position();
    return page;
  }

  @Override
  public Serializable checkpointInfo() {
    return position;
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
      session = null;
    }
  }
}
