package org.netarchive.ee.archive.interfaces.preservation.batch;

import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.api.BatchProperty;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.netarchive.ee.archive.application.preservation.AuditResults;

/** Applies the run once the whole disk has been read. */
@Named("applyAudit")
@Dependent
public class ApplyAuditBatchlet extends AbstractBatchlet {

  @Inject
  @BatchProperty(name = "runId")
  private String runId;

  @EJB private AuditResults results;

  @Override
  public String process() {
    return results.apply(AuditRunId.parse(runId)).status();
  }
}
