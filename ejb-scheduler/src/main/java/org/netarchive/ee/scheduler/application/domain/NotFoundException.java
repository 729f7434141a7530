package org.netarchive.ee.scheduler.application.domain;

import jakarta.ejb.ApplicationException;
import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.Text;

/** Something asked for by name does not exist; the message names it. */
@ApplicationException(rollback = true)
public class NotFoundException extends RuntimeException implements Localizable {
  private static final long serialVersionUID = 1L;

  private final Text text;

  /** Said in English only (the UI shows it as it is). */
  public NotFoundException(String message) {
    super(message);
    this.text = null;
  }

  /** Said in the UI's language; the message is the text's English. */
  public NotFoundException(Text text) {
    super(text.english());
    this.text = text;
  }

  @Override
  public Text text() {
    return text;
  }
}
