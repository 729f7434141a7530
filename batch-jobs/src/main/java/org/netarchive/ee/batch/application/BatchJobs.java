package org.netarchive.ee.batch.application;

import jakarta.annotation.security.RolesAllowed;
import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobExecutionException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.JobExecution;
import jakarta.ejb.Stateless;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * Starts this module's batch jobs and reads their executions. The jobs' XML lives in this module,
 * so starting them must happen here: the job operator finds job XML through the calling module.
 */
@Stateless
public class BatchJobs {

  /** Jobs an operator may start by name from the UI or the API. */
  public static final Set<String> OPERATOR_JOBS = Set.of("verify-schema");

  /** Starts {@code jobName}; an unknown name is refused with the list of known jobs. */
  @RolesAllowed("admin")
  public BatchJobExecution start(String jobName, Properties parameters) {
    if (!OPERATOR_JOBS.contains(jobName)) {
      throw new IllegalArgumentException(
          "Unknown batch job '" + jobName + "'; jobs that can be started: " + OPERATOR_JOBS);
    }
    JobOperator operator = BatchRuntime.getJobOperator();
    long id = operator.start(jobName, parameters);
    return view(operator.getJobExecution(id));
  }

  /** The execution with that id, if there is one. */
  @RolesAllowed({"admin", "curator", "viewer"})
  public Optional<BatchJobExecution> find(long executionId) {
    try {
      return Optional.of(view(BatchRuntime.getJobOperator().getJobExecution(executionId)));
    } catch (NoSuchJobExecutionException e) {
      return Optional.empty();
    }
  }

  /**
   * An execution of the job {@code jobName} and its job instance's id, if {@code executionId} is
   * one: the instance is what a restarted job's bookkeeping is kept under.
   */
  static Optional<Run> run(String jobName, long executionId) {
    JobOperator operator = BatchRuntime.getJobOperator();
    try {
      JobExecution execution = operator.getJobExecution(executionId);
      if (!execution.getJobName().equals(jobName)) {
        return Optional.empty();
      }
      return Optional.of(
          new Run(
              executionId,
              execution.getBatchStatus().name(),
              operator.getJobInstance(executionId).getInstanceId()));
    } catch (NoSuchJobExecutionException e) {
      return Optional.empty();
    }
  }

  /** An execution of a job: its id, batch status and job instance. */
  record Run(long executionId, String status, long instanceId) {}

  private static BatchJobExecution view(JobExecution execution) {
    return new BatchJobExecution(
        execution.getExecutionId(),
        execution.getJobName(),
        execution.getBatchStatus().name(),
        execution.getExitStatus(),
        instant(execution.getStartTime()),
        instant(execution.getEndTime()));
  }

  private static Instant instant(Date date) {
    return date == null ? null : date.toInstant();
  }
}
