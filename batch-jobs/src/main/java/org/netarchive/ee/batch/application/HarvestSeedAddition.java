package org.netarchive.ee.batch.application;

import jakarta.annotation.security.RolesAllowed;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;
import org.netarchive.ee.scheduler.application.harvest.HarvestSeedAdditionRuns;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestService.SeedTarget;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.SeedsAdded;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport;

/**
 * Seeds added to a selective harvest, of any number: a list of up to {@value #DIRECT_LINES} lines
 * is added at once, in one transaction, and answered with what was added; a longer one is stored
 * and added by the add-seeds batch job, a chunk a transaction, with progress. No transaction is
 * ever as long as the list, so no list can run into the transaction timeout (which, on the embedded
 * database, could close the database under every other transaction).
 */
@Stateless
@RolesAllowed({"admin", "curator"})
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class HarvestSeedAddition {

  /** Longest list added at once; a longer one goes to the batch job. */
  public static final int DIRECT_LINES = 1000;

  /** Problems listed in a report; the counts cover all of them. */
  public static final int REPORT_PROBLEMS = 1000;

  static final String JOB = "add-seeds";

  @EJB private HarvestService harvests;
  @Inject private HarvestSeedAdditionRuns runs;

  /** What adding a list did: added it at once, or started the job that adds it. */
  public sealed interface Outcome {}

  /** The list was added; here is what it did. */
  public record Added(SeedsAdded seeds) implements Outcome {}

  /** The list is being added by the job execution {@code executionId}. */
  public record Started(long executionId, long lines) implements Outcome {}

  /**
   * Adds seeds, one per line, to a selective harvest (see {@link HarvestService#addSeeds}). The
   * harvest, template and limits are checked before anything is stored.
   */
  public Outcome add(
      String harvestName,
      InputStream seeds,
      String templateName,
      Long maxObjects,
      Long maxBytes,
      Integer maxRequestRate,
      String startedBy)
      throws IOException {
    SeedTarget target =
        harvests.seedTarget(harvestName, templateName, maxObjects, maxBytes, maxRequestRate);
    UploadedList list = UploadedList.store(seeds, "seed list");
    if (list.lines() <= DIRECT_LINES) {
      // Bad UTF-8 is replaced, as the batch job's reader does, so the line is refused by name.
      String text = new String(Files.readAllBytes(list.file()), StandardCharsets.UTF_8);
      list.delete();
      return new Added(harvests.addSeeds(target, text));
    }
    Properties parameters = new Properties();
    parameters.setProperty("file", list.file().toString());
    parameters.setProperty("totalLines", Long.toString(list.lines()));
    parameters.setProperty("startedBy", startedBy);
    parameters.setProperty("harvestId", Long.toString(target.rows().harvestId()));
    parameters.setProperty("harvestDescription", target.harvestDescription());
    parameters.setProperty("configurationName", target.rows().name());
    parameters.setProperty("templateId", Long.toString(target.rows().templateId()));
    parameters.setProperty("defaultTemplateId", Long.toString(target.rows().defaultTemplateId()));
    parameters.setProperty("maxObjects", Long.toString(target.rows().settings().maxObjects()));
    parameters.setProperty("maxBytes", Long.toString(target.rows().settings().maxBytes()));
    parameters.setProperty(
        "maxRequestRate", Integer.toString(target.rows().settings().maxRequestRate()));
    return new Started(BatchRuntime.getJobOperator().start(JOB, parameters), list.lines());
  }

  /**
   * Progress and outcome of a run.
   *
   * @param executionId the job execution
   * @param status the batch status (STARTING, STARTED, COMPLETED, FAILED, ...)
   * @param report counts and the first problems, or null before the job has written anything
   */
  public record SeedAdditionStatus(long executionId, String status, SeedAdditionReport report) {}

  /** A run of the harvest's, if {@code executionId} is one. */
  @RolesAllowed({"admin", "curator", "viewer"})
  public Optional<SeedAdditionStatus> status(String harvestName, long executionId)
      throws SQLException {
    Optional<BatchJobs.Run> run = BatchJobs.run(JOB, executionId);
    if (run.isEmpty()) {
      return Optional.empty();
    }
    Optional<SeedAdditionReport> report = runs.report(run.get().instanceId(), REPORT_PROBLEMS);
    if (report.isPresent() && !report.get().harvest().equals(harvestName)) {
      return Optional.empty();
    }
    return Optional.of(
        new SeedAdditionStatus(executionId, run.get().status(), report.orElse(null)));
  }
}
