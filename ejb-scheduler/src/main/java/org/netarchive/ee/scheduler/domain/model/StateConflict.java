package org.netarchive.ee.scheduler.domain.model;

/**
 * A request that the thing's present state refuses, not its input: resubmitting a job that has not
 * failed, for one. The REST API answers it 409 Conflict (the same request may succeed in another
 * state), where other rule violations are 400.
 */
public class StateConflict extends RuleViolation {
  private static final long serialVersionUID = 1L;

  /**
   * @param text the refusal: its key is the rule broken, its English the message naming the thing
   *     and its state
   */
  public StateConflict(Text text) {
    super(null, text);
  }
}
