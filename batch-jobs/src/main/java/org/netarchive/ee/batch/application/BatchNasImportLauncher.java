package org.netarchive.ee.batch.application;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Local;
import jakarta.ejb.Singleton;
import java.util.Properties;
import org.netarchive.ee.scheduler.application.imports.NasImportLauncher;

/**
 * Starts import-netarchivesuite executions for the NetarchiveSuite imports and knows which of them
 * this server runs ({@link ExecutionsStartedHere}: after a crash the batch repository still says
 * STARTED for the executions that died with the server).
 */
@Singleton
@Local(NasImportLauncher.class)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class BatchNasImportLauncher implements NasImportLauncher {

  /** The job's name (META-INF/batch-jobs/import-netarchivesuite.xml). */
  public static final String JOB = "import-netarchivesuite";

  private final ExecutionsStartedHere executions = new ExecutionsStartedHere(JOB);

  @Override
  public long start(long runId) {
    Properties parameters = new Properties();
    parameters.setProperty("runId", Long.toString(runId));
    return executions.start(parameters);
  }

  @Override
  public boolean isRunning(long executionId) {
    return executions.isRunning(executionId);
  }
}
