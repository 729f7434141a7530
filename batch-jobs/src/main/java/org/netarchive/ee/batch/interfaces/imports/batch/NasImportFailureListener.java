package org.netarchive.ee.batch.interfaces.imports.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.listener.StepListener;
import jakarta.batch.runtime.context.StepContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

/** When a step of the import fails, the import is FAILED with the step and the reason. */
@Named("nasImportFailureListener")
@Dependent
public class NasImportFailureListener implements StepListener {

  private static final Logger LOG = Logger.getLogger(NasImportFailureListener.class.getName());

  @Inject
  @BatchProperty(name = "runId")
  String runId;

  @Inject StepContext step;

  @EJB NasImportSteps steps;

  @Override
  public void beforeStep() {}

  @Override
  public void afterStep() {
    Exception failure = step.getException();
    if (failure == null) {
      return;
    }
    long run = NasImportJobs.runId(runId);
    LOG.log(
        Level.WARNING,
        "Step " + step.getStepName() + " of NetarchiveSuite import " + run + " failed",
        failure);
    steps.fail(run, "step " + step.getStepName() + ": " + describe(failure));
  }

  private static String describe(Throwable failure) {
    Throwable cause = failure;
    while ((cause.getMessage() == null || cause instanceof jakarta.ejb.EJBException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
  }
}
