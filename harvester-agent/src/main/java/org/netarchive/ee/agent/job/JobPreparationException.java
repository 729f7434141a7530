package org.netarchive.ee.agent.job;

/** A job cannot be prepared for crawling; the message says why, for the job's harvest errors. */
public final class JobPreparationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * @param message what is wrong with the job
   * @param cause the underlying problem
   */
  public JobPreparationException(String message, Throwable cause) {
    super(message, cause);
  }
}
