package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

/**
 * The application cannot reach its database. The message says what failed and what to check; it
 * carries no cause or stack trace on purpose, so start-up ends in one readable line instead of a
 * wall of driver frames.
 */
public class DatabaseUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DatabaseUnavailableException(String message) {
    super(message, null, false, false);
  }
}
