package org.netarchive.ee.batch.testing;

import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.Metric;
import jakarta.batch.runtime.context.StepContext;
import java.io.Serializable;
import java.util.Properties;

/** A step context outside the batch runtime: a name, transient user data and an exception. */
public final class FakeStepContext implements StepContext {

  private final String stepName;
  private Object transientUserData;
  private Exception exception;
  private String exitStatus;

  public FakeStepContext(String stepName) {
    this.stepName = stepName;
  }

  /** Makes the step one that failed with {@code failure}. */
  public FakeStepContext failedWith(Exception failure) {
    this.exception = failure;
    return this;
  }

  @Override
  public String getStepName() {
    return stepName;
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
  public long getStepExecutionId() {
    return 1;
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
    throw new UnsupportedOperationException("no persistent user data in this fake");
  }

  @Override
  public BatchStatus getBatchStatus() {
    return exception == null ? BatchStatus.STARTED : BatchStatus.FAILED;
  }

  @Override
  public String getExitStatus() {
    return exitStatus;
  }

  @Override
  public void setExitStatus(String status) {
    exitStatus = status;
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
