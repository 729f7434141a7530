package org.netarchive.ee.scheduler.application.domain;

import jakarta.ejb.ApplicationException;

/** Something asked for by name does not exist; the message names it. */
@ApplicationException(rollback = true)
public class NotFoundException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NotFoundException(String message) {
    super(message);
  }
}
