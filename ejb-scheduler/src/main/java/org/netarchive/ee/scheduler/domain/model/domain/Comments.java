package org.netarchive.ee.scheduler.domain.model.domain;

import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/** The free-text comments of a domain, a configuration or a seed list. */
public final class Comments {

  /** Longest comments kept, as long as their database columns. */
  static final int MAX_LENGTH = 4000;

  private Comments() {}

  /**
   * The comments, if they fit.
   *
   * @param owner what they belong to, for the message, e.g. "domain 'kb.dk'"
   * @throws RuleViolation for the field {@code comments} if they are longer than {@value
   *     #MAX_LENGTH} characters
   */
  public static String checked(Text owner, String comments) {
    if (comments != null && comments.length() > MAX_LENGTH) {
      throw new RuleViolation(
          "comments", Text.of("comments.tooLong", owner, comments.length(), MAX_LENGTH));
    }
    return comments;
  }

  /** As {@link #checked(Text, String)}, for an owner named in English only. */
  public static String checked(String owner, String comments) {
    return checked(Text.verbatim(owner), comments);
  }
}
