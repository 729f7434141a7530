package org.netarchive.ee.scheduler.application;

import java.util.Objects;
import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * Input a service refuses, naming the field of the form or request it came from (as the REST API
 * and the UI call it), with a message that names the thing and the value. An {@link
 * IllegalArgumentException}, so that (by ejb-jar.xml) it reaches the caller as it is and rolls the
 * transaction back.
 */
public class InvalidFieldException extends IllegalArgumentException implements Localizable {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final Text text;

  /** A refusal said in English only (the UI shows it as it is). */
  public InvalidFieldException(String field, String message) {
    this(field, message, null, null);
  }

  /** As {@link #InvalidFieldException(String, String)}, caused by {@code cause}. */
  public InvalidFieldException(String field, String message, Throwable cause) {
    this(field, message, null, cause);
  }

  /** A refusal the UI says in its own language; the message is the text's English. */
  public InvalidFieldException(String field, Text text) {
    this(field, text.english(), text, null);
  }

  /** As {@link #InvalidFieldException(String, Text)}, caused by {@code cause}. */
  public InvalidFieldException(String field, Text text, Throwable cause) {
    this(field, text.english(), text, cause);
  }

  private InvalidFieldException(String field, String message, Text text, Throwable cause) {
    super(message, cause);
    this.field = Objects.requireNonNull(field, "field");
    this.text = text;
  }

  /** The field at fault, e.g. {@code "template"} or {@code "minute"}. */
  public String field() {
    return field;
  }

  @Override
  public Text text() {
    return text;
  }
}
