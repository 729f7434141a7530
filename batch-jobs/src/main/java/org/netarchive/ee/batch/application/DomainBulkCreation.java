package org.netarchive.ee.batch.application;

import jakarta.annotation.security.RolesAllowed;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;
import org.netarchive.ee.scheduler.application.domain.DomainBulkCreationRuns;
import org.netarchive.ee.scheduler.application.template.DefaultTemplate;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport;

/**
 * Bulk creation of domains from an uploaded list: the list is streamed to a file under the server's
 * data directory (never held in memory), then the create-domains batch job works through it with
 * progress and a report of refused lines.
 */
@Stateless
@RolesAllowed({"admin", "curator"})
public class DomainBulkCreation {

  /** Largest list accepted, in bytes (2,000,000 names take about 40 MB). */
  public static final long MAX_BYTES = UploadedList.MAX_BYTES;

  /** Problems listed in a report; the counts cover all of them. */
  public static final int REPORT_PROBLEMS = 1000;

  @Inject private DefaultTemplate defaultTemplate;
  @Inject private DomainBulkCreationRuns runs;

  /**
   * Stores the list and starts the job.
   *
   * @return the job execution id
   */
  public long start(InputStream list, String sourceName, String startedBy) throws IOException {
    UploadedList uploaded = UploadedList.store(list, "domain list");
    Properties parameters = new Properties();
    parameters.setProperty("file", uploaded.file().toString());
    parameters.setProperty(
        "sourceName", sourceName == null || sourceName.isBlank() ? "domain list" : sourceName);
    parameters.setProperty("totalLines", Long.toString(uploaded.lines()));
    parameters.setProperty("startedBy", startedBy);
    parameters.setProperty("templateId", Long.toString(defaultTemplate.id()));
    return BatchRuntime.getJobOperator().start("create-domains", parameters);
  }

  /**
   * Progress and outcome of a run.
   *
   * @param executionId the job execution
   * @param status the batch status (STARTING, STARTED, COMPLETED, FAILED, ...)
   * @param report counts and the first problems, or null before the job has written anything
   */
  public record BulkStatus(long executionId, String status, BulkCreationReport report) {}

  @RolesAllowed({"admin", "curator", "viewer"})
  public Optional<BulkStatus> status(long executionId) throws SQLException {
    Optional<BatchJobs.Run> run = BatchJobs.run("create-domains", executionId);
    if (run.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new BulkStatus(
            executionId,
            run.get().status(),
            runs.report(run.get().instanceId(), REPORT_PROBLEMS).orElse(null)));
  }
}
