package org.netarchive.ee.scheduler.domain.model;

/**
 * A failure a person is told about (a refusal, a thing not found, a stale edit) whose message is a
 * {@link Text}: its {@link Throwable#getMessage()} is the text's English, and a user interface says
 * {@link #text()} in its own language instead.
 */
public interface Localizable {

  /** What the message says, by key and arguments; {@code null} if it has only its English. */
  Text text();
}
