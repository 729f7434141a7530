package org.netarchive.ee.batch.application;

import jakarta.batch.operations.NoSuchJobExecutionException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.BatchStatus;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The executions of one batch job that this server started, and whether one of them still runs.
 *
 * <p>After a crash the batch repository still says STARTED for the executions that died with the
 * server; only the executions started since this server came up can really be running, so those are
 * the ones remembered here. A launcher singleton holds one of these per job it starts.
 */
final class ExecutionsStartedHere {

  private final String job;
  private final Set<Long> startedHere = ConcurrentHashMap.newKeySet();

  /**
   * @param job the batch job's name (its XML in META-INF/batch-jobs)
   */
  ExecutionsStartedHere(String job) {
    this.job = job;
  }

  /** Starts an execution of the job with these parameters and remembers it; answers its id. */
  long start(Properties parameters) {
    long execution = BatchRuntime.getJobOperator().start(job, parameters);
    startedHere.add(execution);
    return execution;
  }

  /**
   * Whether the execution was started here and is starting, started or stopping; an execution that
   * has ended (or that the batch repository no longer knows) is forgotten.
   */
  boolean isRunning(long executionId) {
    if (!startedHere.contains(executionId)) {
      return false;
    }
    try {
      BatchStatus status =
          BatchRuntime.getJobOperator().getJobExecution(executionId).getBatchStatus();
      boolean running =
          status == BatchStatus.STARTING
              || status == BatchStatus.STARTED
              || status == BatchStatus.STOPPING;
      if (!running) {
        startedHere.remove(executionId);
      }
      return running;
    } catch (NoSuchJobExecutionException e) {
      startedHere.remove(executionId);
      return false;
    }
  }
}
