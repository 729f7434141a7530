package org.netarchive.ee.archive.domain.model.bitarchive;

/** A get-record named an offset at which no WARC or ARC record starts. */
public class NotARecordStartException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public NotARecordStartException(String message, Throwable cause) {
    super(message, cause);
  }

  public NotARecordStartException(String message) {
    super(message);
  }
}
