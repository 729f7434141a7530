package org.netarchive.ee.batch.application;

import jakarta.annotation.security.PermitAll;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.Local;
import jakarta.ejb.Stateless;
import java.util.Properties;
import org.netarchive.ee.archive.application.IndexBuildLauncher;

/** Starts the index server's {@code build-index} executions (the job's XML is in this module). */
@Stateless
@Local(IndexBuildLauncher.class)
@PermitAll
public class BatchIndexBuildLauncher implements IndexBuildLauncher {

  /** The job's name (META-INF/batch-jobs/build-index.xml). */
  public static final String JOB = "build-index";

  @Override
  public long start(String buildId) {
    Properties parameters = new Properties();
    parameters.setProperty("buildId", buildId);
    return BatchRuntime.getJobOperator().start(JOB, parameters);
  }
}
