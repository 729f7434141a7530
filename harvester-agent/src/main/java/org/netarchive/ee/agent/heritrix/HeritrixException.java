package org.netarchive.ee.agent.heritrix;

/** Heritrix could not be started or driven; the message says what happened. */
public final class HeritrixException extends Exception {

  private static final long serialVersionUID = 1L;

  public HeritrixException(String message) {
    super(message);
  }

  public HeritrixException(String message, Throwable cause) {
    super(message, cause);
  }
}
