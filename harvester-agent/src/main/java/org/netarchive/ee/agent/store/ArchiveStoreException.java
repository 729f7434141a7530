package org.netarchive.ee.agent.store;

/** The archive did not confirm that it holds a file; the message says why. */
public class ArchiveStoreException extends Exception {

  private static final long serialVersionUID = 1L;

  public ArchiveStoreException(String message) {
    super(message);
  }

  public ArchiveStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
