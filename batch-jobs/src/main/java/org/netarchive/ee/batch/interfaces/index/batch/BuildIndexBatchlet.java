package org.netarchive.ee.batch.interfaces.index.batch;

import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.api.BatchProperty;
import jakarta.batch.runtime.context.JobContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.netarchive.ee.archive.application.IndexBuild;
import org.netarchive.ee.archive.application.IndexServer;

/**
 * Does one index build of the index server; the job's exit status names the index and the jobs
 * found and missing, e.g. {@code "READY DEDUP 1-3 found [1, 3] missing [2]"}.
 */
@Named("buildIndex")
@Dependent
public class BuildIndexBatchlet extends AbstractBatchlet {

  @EJB private IndexServer indexServer;
  @Inject private JobContext job;

  @Inject
  @BatchProperty(name = "buildId")
  private String buildId;

  @Override
  public String process() {
    indexServer.run(buildId);
    IndexBuild.View view = indexServer.find(buildId).orElseThrow().view();
    String status =
        view.state()
            + " "
            + view.kind()
            + " "
            + (view.name() == null ? "" : view.name() + " ")
            + "found "
            + view.foundJobIds()
            + " missing "
            + view.missingJobIds();
    job.setExitStatus(status);
    if (view.failure() != null) {
      throw new IllegalStateException("Index build " + buildId + " failed: " + view.failure());
    }
    return status;
  }
}
