package org.netarchive.ee.scheduler.application.fleet;

import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * A command that cannot be sent as things stand (a job that is not running anywhere): a conflict
 * with the state, not bad input, so the REST API answers 409.
 */
public class CommandRefusedException extends RuleViolation {
  private static final long serialVersionUID = 1L;

  /**
   * @param text the refusal
   */
  public CommandRefusedException(Text text) {
    super(null, text);
  }
}
