package org.netarchive.ee.scheduler.domain.model.domain;

import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.Text;

/** A text that is not a domain name; the message names it and says why. */
public class InvalidDomainNameException extends IllegalArgumentException implements Localizable {
  private static final long serialVersionUID = 1L;

  private final String input;
  private final String reason;
  private final Text text;

  /** Said in English only. */
  public InvalidDomainNameException(String input, String reason) {
    super("'" + input + "' is not a valid domain name: " + reason);
    this.input = input;
    this.reason = reason;
    this.text = null;
  }

  /** Said in the UI's language; the message and {@link #reason()} are the English. */
  public InvalidDomainNameException(String input, Text reason) {
    super(Text.of("domainName.invalid", input, reason).english());
    this.input = input;
    this.reason = reason.english();
    this.text = Text.of("domainName.invalid", input, reason);
  }

  /** The text as given. */
  public String input() {
    return input;
  }

  /** Why it is not a domain name, in English (as bulk runs record it). */
  public String reason() {
    return reason;
  }

  @Override
  public Text text() {
    return text;
  }
}
