package org.netarchive.ee.common.message;

/**
 * Thrown when a text cannot be decoded into a {@link Message}.
 *
 * <p>The exception message names what was wrong and where (the member, the message type and
 * version) and the offending value, so that it can be logged as it is and the faulty sender found.
 * It is unchecked because a malformed message is not something a caller can repair; a consumer
 * typically logs it and discards or dead-letters the message.
 */
public class MessageFormatException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception with a description of the problem.
   *
   * @param message what was wrong, naming the member and the value
   */
  public MessageFormatException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a description of the problem and its cause.
   *
   * @param message what was wrong, naming the member and the value
   * @param cause the parser's or the record constructor's exception
   */
  public MessageFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
