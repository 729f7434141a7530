package org.netarchive.ee.batch.application;

import jakarta.annotation.security.PermitAll;
import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobExecutionException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.BatchStatus;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Local;
import jakarta.ejb.Singleton;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.netarchive.ee.scheduler.application.job.SplitLauncher;

/**
 * Starts split-harvest executions for the scheduler and knows which of them this server runs.
 *
 * <p>After a crash the batch repository still says STARTED for the executions that died with the
 * server; only the executions started since this server came up can really be running, so those are
 * the ones it remembers.
 */
@Singleton
@Local(SplitLauncher.class)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class BatchSplitLauncher implements SplitLauncher {

  /** The job's name (META-INF/batch-jobs/split-harvest.xml). */
  public static final String JOB = "split-harvest";

  private final Set<Long> startedHere = ConcurrentHashMap.newKeySet();

  @Override
  public long start(long splitId) {
    Properties parameters = new Properties();
    parameters.setProperty("splitId", Long.toString(splitId));
    // Tuning for very large or very small installations: configurations per sorted run file
    // (default 50000) and per packing transaction (default 20000).
    for (String name : new String[] {"runSize", "packChunkSize"}) {
      String value = System.getProperty("netarchive.split." + name);
      if (value != null) {
        parameters.setProperty(name, value);
      }
    }
    long execution = BatchRuntime.getJobOperator().start(JOB, parameters);
    startedHere.add(execution);
    return execution;
  }

  @Override
  public boolean isRunning(long executionId) {
    if (!startedHere.contains(executionId)) {
      return false;
    }
    JobOperator operator = BatchRuntime.getJobOperator();
    try {
      BatchStatus status = operator.getJobExecution(executionId).getBatchStatus();
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
