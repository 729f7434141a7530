package org.netarchive.ee.batch.testing;

import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.Metric;
import jakarta.batch.runtime.context.JobContext;
import jakarta.batch.runtime.context.StepContext;
import java.io.Serializable;
import java.util.Properties;

/**
 * The job and step contexts of the batch runtime, as far as the artifacts use them: the job
 * instance, the step's name, its transient user data and the exception it failed with.
 */
public final class FakeBatchContext implements JobContext, StepContext {

  private final String name;
  private final long instanceId;
  private Object transientUserData;
  private Exception exception;

  /** A context named {@code name} of job instance {@code instanceId}. */
  public FakeBatchContext(String name, long instanceId) {
    this.name = name;
    this.instanceId = instanceId;
  }

  /** Makes the step one that failed with {@code failure}. */
  public FakeBatchContext failedWith(Exception failure) {
    this.exception = failure;
    return this;
  }

  @Override
  public String getJobName() {
    return name;
  }

  @Override
  public String getStepName() {
    return name;
  }

  @Override
  public long getInstanceId() {
    return instanceId;
  }

  @Override
  public long getExecutionId() {
    return instanceId;
  }

  @Override
  public long getStepExecutionId() {
    return instanceId;
  }

  @Override
  public Object getTransientUserData() {
    return transientUserData;
  }

  @Override
  public void setTransientUserData(Object data) {
    transientUserData = data;
  }

  @Override
  public Properties getProperties() {
    return new Properties();
  }

  @Override
  public Serializable getPersistentUserData() {
    return null;
  }

  @Override
  public void setPersistentUserData(Serializable data) {
    throw new UnsupportedOperationException("The artifacts keep no persistent user data");
  }

  @Override
  public BatchStatus getBatchStatus() {
    return exception == null ? BatchStatus.STARTED : BatchStatus.FAILED;
  }

  @Override
  public String getExitStatus() {
    return null;
  }

  @Override
  public void setExitStatus(String status) {
    throw new UnsupportedOperationException("Exit status " + status + " is not expected here");
  }

  @Override
  public Exception getException() {
    return exception;
  }

  @Override
  public Metric[] getMetrics() {
    return new Metric[0];
  }
}
