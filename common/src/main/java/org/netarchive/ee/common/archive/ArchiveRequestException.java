package org.netarchive.ee.common.archive;

import java.io.IOException;

/** The archive answered that it cannot do what was asked, or did not answer in time. */
public class ArchiveRequestException extends IOException {

  private static final long serialVersionUID = 1L;

  private final String reason;

  /**
   * @param what what was asked, e.g. {@code get file 'x.warc'}
   * @param reason the archive's reason
   */
  public ArchiveRequestException(String what, String reason) {
    super("The archive could not " + what + ": " + reason);
    this.reason = reason;
  }

  /** The archive's reason. */
  public String reason() {
    return reason;
  }
}
