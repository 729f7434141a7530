package org.netarchive.ee.archive.application.adoption;

import jakarta.ejb.ApplicationException;

/**
 * Input an adoption cannot take (a malformed admin data line, a directory that is no bitarchive
 * directory, an unknown replica): the caller gets it as it is, with its message naming the thing
 * and the value, and the server log is not filled with stack traces of user mistakes.
 */
@ApplicationException(rollback = true)
public class AdoptionRefused extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public AdoptionRefused(IllegalArgumentException cause) {
    super(cause.getMessage(), cause);
  }
}
