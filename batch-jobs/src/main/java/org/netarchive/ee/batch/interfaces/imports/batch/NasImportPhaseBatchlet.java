package org.netarchive.ee.batch.interfaces.imports.batch;

import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.api.BatchProperty;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.application.imports.NasImportSession;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

/**
 * Runs one small phase of an import whole (channels, schedules, templates, global crawler trap
 * lists, harvests); a phase that ended before a restart is passed over.
 */
@Named("nasImportPhaseBatchlet")
@Dependent
public class NasImportPhaseBatchlet extends AbstractBatchlet {

  @Inject
  @BatchProperty(name = "runId")
  String runId;

  @Inject
  @BatchProperty(name = "phase")
  String phase;

  @EJB NasImportSteps steps;

  @Override
  public String process() {
    try (NasImportSession session = steps.open(NasImportJobs.runId(runId))) {
      steps.runPhase(session, phase);
    }
    return "DONE";
  }
}
