package org.netarchive.ee.batch.application;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Local;
import jakarta.ejb.Singleton;
import java.util.Properties;
import org.netarchive.ee.scheduler.application.job.SplitLauncher;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * Starts split-harvest executions for the scheduler and knows which of them this server runs
 * ({@link ExecutionsStartedHere}: after a crash the batch repository still says STARTED for the
 * executions that died with the server).
 */
@Singleton
@Local(SplitLauncher.class)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class BatchSplitLauncher implements SplitLauncher {

  /** The job's name (META-INF/batch-jobs/split-harvest.xml). */
  public static final String JOB = "split-harvest";

  private final ExecutionsStartedHere executions = new ExecutionsStartedHere(JOB);

  @Override
  public long start(long splitId) {
    Properties parameters = new Properties();
    parameters.setProperty("splitId", Long.toString(splitId));
    // Tuning for very large or very small installations: configurations per sorted run file
    // (default 50000) and per packing transaction (default 20000). Read at every start, so a
    // system property set while the server runs counts from the next split on.
    ServerSettings settings = ServerSettings.current();
    for (String name : new String[] {"runSize", "packChunkSize"}) {
      String setting = "netarchive.split." + name;
      settings
          .text(setting)
          .ifPresent(
              value -> {
                if (!value.matches("[1-9][0-9]{0,8}")) {
                  throw ServerSettings.refusal(
                      setting, "must be a whole number from 1 to 999999999", value);
                }
                parameters.setProperty(name, value);
              });
    }
    return executions.start(parameters);
  }

  @Override
  public boolean isRunning(long executionId) {
    return executions.isRunning(executionId);
  }
}
