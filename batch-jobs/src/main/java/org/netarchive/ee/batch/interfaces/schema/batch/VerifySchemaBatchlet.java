package org.netarchive.ee.batch.interfaces.schema.batch;

import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.monitor.SchemaCheck;
import org.netarchive.ee.scheduler.application.monitor.SchemaReport;

/**
 * Checks the schema; the job's exit status says what was found, e.g. {@code "UP_TO_DATE version 1
 * (H2 2.2.224)"}. A pending or invalid migration fails the step, with the problems in the exit
 * status.
 */
@Named("verifySchema")
@Dependent
public class VerifySchemaBatchlet extends AbstractBatchlet {

  private static final Logger LOG = Logger.getLogger(VerifySchemaBatchlet.class.getName());

  @Inject private SchemaCheck schema;
  @Inject private JobContext job;

  @Override
  public String process() {
    SchemaReport report = schema.check();
    String summary =
        "version "
            + report.currentVersion()
            + ", "
            + report.applied()
            + " applied, "
            + report.pending()
            + " pending ("
            + report.database()
            + ")";
    if (report.upToDate()) {
      LOG.info(() -> "Schema check: up to date, " + summary);
      job.setExitStatus("UP_TO_DATE " + summary);
      return "UP_TO_DATE " + summary;
    }
    String problems = "OUT_OF_DATE " + summary + "; " + String.join("; ", report.problems());
    LOG.warning(() -> "Schema check: " + problems);
    job.setExitStatus(problems);
    throw new IllegalStateException("Schema check failed: " + problems);
  }
}
