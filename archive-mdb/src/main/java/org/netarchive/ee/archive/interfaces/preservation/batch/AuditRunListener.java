package org.netarchive.ee.archive.interfaces.preservation.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.listener.AbstractJobListener;
import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.context.JobContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.netarchive.ee.archive.application.preservation.AuditResults;

/**
 * Records a failed execution as a failed run (ledger and notification). A stopped one (a pause, or
 * the server stopping) stays as it is, to be resumed.
 */
@Named("auditRunListener")
@Dependent
public class AuditRunListener extends AbstractJobListener {

  @Inject
  @BatchProperty(name = "runId")
  private String runId;

  @Inject private JobContext job;
  @EJB private AuditResults results;

  @Override
  public void afterJob() {
    if (job.getBatchStatus() == BatchStatus.FAILED) {
      String exit = job.getExitStatus();
      results.failed(
          AuditRunId.parse(runId),
          "batch execution "
              + job.getExecutionId()
              + " failed"
              + (exit == null || exit.equals("FAILED") ? "" : ": " + exit)
              + "; see the server log");
    }
  }
}
