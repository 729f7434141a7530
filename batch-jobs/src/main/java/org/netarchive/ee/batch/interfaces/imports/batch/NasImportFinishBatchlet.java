package org.netarchive.ee.batch.interfaces.imports.batch;

import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.api.BatchProperty;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

/** Ends the import: what is not imported is reported, and the import is DONE. */
@Named("nasImportFinishBatchlet")
@Dependent
public class NasImportFinishBatchlet extends AbstractBatchlet {

  @Inject
  @BatchProperty(name = "runId")
  String runId;

  @EJB NasImportSteps steps;

  @Override
  public String process() {
    steps.finish(NasImportJobs.runId(runId));
    return "DONE";
  }
}
