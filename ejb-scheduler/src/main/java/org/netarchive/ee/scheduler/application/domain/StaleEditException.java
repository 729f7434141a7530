package org.netarchive.ee.scheduler.application.domain;

import jakarta.ejb.ApplicationException;

/** An edit based on an older version than the stored one: someone else changed it meanwhile. */
@ApplicationException(rollback = true)
public class StaleEditException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public StaleEditException(String what, int stored, int edited) {
    super(
        what
            + " was changed by someone else meanwhile (now version "
            + stored
            + ", the edit was made on version "
            + edited
            + "); reload it and make the change again");
  }
}
