package org.netarchive.ee.web.interfaces.archive;

/** The archive did not answer a request in time, or could not be reached. */
public class ArchiveUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ArchiveUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
