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
import org.netarchive.ee.scheduler.application.imports.NasImportLauncher;

/**
 * Starts import-netarchivesuite executions for the NetarchiveSuite imports and knows which of them
 * this server runs (as {@link BatchSplitLauncher} does for splits: after a crash the batch
 * repository still says STARTED for the executions that died with the server).
 */
@Singleton
@Local(NasImportLauncher.class)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class BatchNasImportLauncher implements NasImportLauncher {

  /** The job's name (META-INF/batch-jobs/import-netarchivesuite.xml). */
  public static final String JOB = "import-netarchivesuite";

  private final Set<Long> startedHere = ConcurrentHashMap.newKeySet();

  @Override
  public long start(long runId) {
    Properties parameters = new Properties();
    parameters.setProperty("runId", Long.toString(runId));
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
