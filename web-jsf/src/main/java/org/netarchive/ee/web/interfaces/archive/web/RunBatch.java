package org.netarchive.ee.web.interfaces.archive.web;

import static org.netarchive.ee.web.Inputs.blankToNull;

import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.archive.domain.model.batch.BatchJob;
import org.netarchive.ee.archive.domain.model.batch.BatchJobs;
import org.netarchive.ee.archive.domain.model.batch.BatchRun;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess;
import org.netarchive.ee.web.interfaces.archive.ArchiveTask;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs archive/run-batch.xhtml: curators and admins run one of the archive's named batch jobs on a
 * replica, over all files or those whose name matches a pattern; everyone sees the recent runs,
 * followed while they run, and downloads a finished run's result.
 */
@Named
@ViewScoped
public class RunBatch implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String FORM = "batch";

  @Inject private ArchiveAccess archive;

  private String job;
  private String replica;
  private String filePattern;
  private String parameters;

  /** Starts the job the form names. */
  public void run() {
    FacesContext context = FacesContext.getCurrentInstance();
    if (!Refusals.curatorOrAdmin(context)) {
      return;
    }
    String user = context.getExternalContext().getRemoteUser();
    // Each check names its own field, so the refusal is shown where the mistake is.
    if (Refusals.attempt(FORM, "job", () -> named(job)).isEmpty()
        || Refusals.attempt(FORM, "replica", () -> archive.requireReplica(required(replica)))
            .isEmpty()
        || Refusals.attempt(
                FORM,
                "filePattern",
                () -> String.valueOf(BatchRun.filePattern(blankToNull(filePattern))))
            .isEmpty()) {
      return;
    }
    Refusals.attempt(
            FORM,
            "parameters",
            () ->
                archive.batch(job, parameters(parameters), blankToNull(filePattern), replica, user))
        .ifPresent(run -> Refusals.info(Texts.text("runBatch.started", job, replica)));
  }

  private static BatchJob named(String job) {
    if (job == null || job.isBlank()) {
      throw new InvalidFieldException(
          "job", "Choose a batch job; the batch jobs are " + BatchJobs.all().keySet());
    }
    return BatchJobs.named(job);
  }

  private String required(String value) {
    if (value == null || value.isBlank()) {
      throw new InvalidFieldException(
          "replica", "Choose a replica; the replicas are " + archive.replicaIds());
    }
    return value;
  }

  /**
   * Parameters written {@code name=value}, separated by commas or new lines.
   *
   * @throws InvalidFieldException naming an entry without {@code =}
   */
  static Map<String, String> parameters(String text) {
    Map<String, String> parameters = new LinkedHashMap<>();
    if (text == null) {
      return parameters;
    }
    for (String entry : text.split("[,\\n]")) {
      String e = entry.strip();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.indexOf('=');
      if (eq <= 0) {
        throw new InvalidFieldException(
            "parameters", "Parameter '" + e + "' is not written name=value, e.g. algorithm=MD5");
      }
      parameters.put(e.substring(0, eq).strip(), e.substring(eq + 1).strip());
    }
    return parameters;
  }

  /** The batch jobs, by name. */
  public List<BatchJob> getJobs() {
    return List.copyOf(BatchJobs.all().values());
  }

  public List<String> getReplicas() {
    return archive.replicaIds();
  }

  /** The recent runs, newest first. */
  public List<ArchiveTask.View> getRuns() {
    return archive.tasks(ArchiveTask.Kind.BATCH);
  }

  /** Whether a run is not finished yet (the page then follows it). */
  public boolean isAnyRunning() {
    return getRuns().stream().anyMatch(t -> !t.state().finished());
  }

  /** The address of a run's result, in the REST API. */
  public String resultUrl(String id) {
    return FacesContext.getCurrentInstance().getExternalContext().getRequestContextPath()
        + "/api/archive/batches/"
        + id
        + "/result";
  }

  public String getJob() {
    return job;
  }

  public void setJob(String job) {
    this.job = job;
  }

  public String getReplica() {
    return replica;
  }

  public void setReplica(String replica) {
    this.replica = replica;
  }

  public String getFilePattern() {
    return filePattern;
  }

  public void setFilePattern(String filePattern) {
    this.filePattern = filePattern;
  }

  public String getParameters() {
    return parameters;
  }

  public void setParameters(String parameters) {
    this.parameters = parameters;
  }
}
