package org.netarchive.ee.archive.application;

/**
 * Starts the batch job that builds an index (batch-jobs' {@code build-index}); implemented there,
 * since the job operator finds a job's XML through the module that starts it.
 */
public interface IndexBuildLauncher {

  /**
   * Starts a build.
   *
   * @param buildId the build {@link IndexServer#run} is to do
   * @return the batch job execution's id
   */
  long start(String buildId);
}
