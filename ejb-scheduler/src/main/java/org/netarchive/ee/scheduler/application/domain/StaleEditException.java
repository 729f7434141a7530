package org.netarchive.ee.scheduler.application.domain;

import jakarta.ejb.ApplicationException;

/** An edit based on an older version than the stored one: someone else changed it meanwhile. */
@ApplicationException(rollback = true)
public class StaleEditException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String what;
  private final int stored;
  private final int edited;

  public StaleEditException(String what, int stored, int edited) {
    super(
        what
            + " was changed by someone else meanwhile (now version "
            + stored
            + ", the edit was made on version "
            + edited
            + "); reload it and make the change again");
    this.what = what;
    this.stored = stored;
    this.edited = edited;
  }

  /** What was edited, as the message names it, e.g. "Domain 'kb.dk'". */
  public String what() {
    return what;
  }

  /** The version stored now. */
  public int stored() {
    return stored;
  }

  /** The version the edit was made on. */
  public int edited() {
    return edited;
  }
}
