package org.netarchive.ee.scheduler.application.domain;

import jakarta.ejb.ApplicationException;
import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.Text;

/** An edit based on an older version than the stored one: someone else changed it meanwhile. */
@ApplicationException(rollback = true)
public class StaleEditException extends RuntimeException implements Localizable {
  private static final long serialVersionUID = 1L;

  private final Text text;
  private final int stored;
  private final int edited;

  /**
   * @param what what was edited, e.g. {@code Text.of("subject.domain", "kb.dk")} ("Domain 'kb.dk'")
   * @param stored the version stored now
   * @param edited the version the edit was made on
   */
  public StaleEditException(Text what, int stored, int edited) {
    super(Text.of("edit.stale", what, stored, edited).english());
    this.text = Text.of("edit.stale", what, stored, edited);
    this.stored = stored;
    this.edited = edited;
  }

  /** As {@link #StaleEditException(Text, int, int)}, for a thing named in English only. */
  public StaleEditException(String what, int stored, int edited) {
    this(Text.verbatim(what), stored, edited);
  }

  /** What was edited, as the message names it in English, e.g. "Domain 'kb.dk'". */
  public String what() {
    return text.englishArguments().get(0);
  }

  /** The version stored now. */
  public int stored() {
    return stored;
  }

  /** The version the edit was made on. */
  public int edited() {
    return edited;
  }

  @Override
  public Text text() {
    return text;
  }
}
