package org.netarchive.ee.scheduler.domain.model.domain;

/** A text that is not a domain name; the message names it and says why. */
public class InvalidDomainNameException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String input;
  private final String reason;

  public InvalidDomainNameException(String input, String reason) {
    super("'" + input + "' is not a valid domain name: " + reason);
    this.input = input;
    this.reason = reason;
  }

  /** The text as given. */
  public String input() {
    return input;
  }

  /** Why it is not a domain name. */
  public String reason() {
    return reason;
  }
}
