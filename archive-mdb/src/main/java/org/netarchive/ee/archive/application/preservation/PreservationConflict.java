package org.netarchive.ee.archive.application.preservation;

import jakarta.ejb.ApplicationException;

/**
 * A request the state of an audit or a file forbids: an audit of that kind running already, a run
 * that is not paused, a file the vote left to a person, a repair refused on the way. An application
 * exception: the caller gets it as it is (the REST API answers 409), and no error is logged for it.
 */
@ApplicationException(rollback = true)
public class PreservationConflict extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public PreservationConflict(String message) {
    super(message);
  }

  public PreservationConflict(String message, Throwable cause) {
    super(message, cause);
  }
}
