package org.netarchive.ee.batch.interfaces.lists.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.listener.JobListener;
import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Deletes the uploaded list when the job that worked through it has completed; a failed or stopped
 * job keeps it, so that a restart can go on with it.
 */
@Named("uploadedListCleanup")
@Dependent
public class UploadedListCleanup implements JobListener {

  @Inject
  @BatchProperty(name = "file")
  private String file;

  @Inject private JobContext job;

  @Override
  public void beforeJob() {}

  @Override
  public void afterJob() throws Exception {
    if (job.getBatchStatus() == BatchStatus.COMPLETED && file != null && !file.isBlank()) {
      Files.deleteIfExists(Path.of(file));
    }
  }
}
