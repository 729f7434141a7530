package org.netarchive.ee.archive.interfaces.preservation.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.List;
import org.netarchive.ee.archive.application.preservation.Finding;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;

/** Stages a chunk's findings and counts them in the run's progress, in the chunk's transaction. */
@Named("findingWriter")
@Dependent
public class FindingWriter extends AbstractItemWriter {

  @Inject
  @BatchProperty(name = "runId")
  private String runId;

  @Inject private PreservationRecords records;

  @Override
  public void writeItems(List<Object> items) throws Exception {
    List<Finding> findings = new ArrayList<>(items.size());
    for (Object item : items) {
      findings.add((Finding) item);
    }
    records.addFindings(AuditRunId.parse(runId), findings);
  }
}
