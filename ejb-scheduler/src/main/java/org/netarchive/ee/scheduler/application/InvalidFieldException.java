package org.netarchive.ee.scheduler.application;

import java.util.Objects;

/**
 * Input a service refuses, naming the field of the form or request it came from (as the REST API
 * and the UI call it), with a message that names the thing and the value. An {@link
 * IllegalArgumentException}, so that (by ejb-jar.xml) it reaches the caller as it is and rolls the
 * transaction back.
 */
public class InvalidFieldException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String field;

  public InvalidFieldException(String field, String message) {
    super(message);
    this.field = Objects.requireNonNull(field, "field");
  }

  public InvalidFieldException(String field, String message, Throwable cause) {
    super(message, cause);
    this.field = Objects.requireNonNull(field, "field");
  }

  /** The field at fault, e.g. {@code "template"} or {@code "minute"}. */
  public String field() {
    return field;
  }
}
