package org.netarchive.ee.archive.domain.model.adoption;

/** A line of an admin data file that cannot be read; the message names the line and why. */
public class MalformedAdminDataException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int lineNumber;

  public MalformedAdminDataException(String source, int lineNumber, String line, String reason) {
    this(source, "line", lineNumber, line, reason);
  }

  /**
   * @param position what the number counts: {@code line} in an admin data file, {@code file_id} in
   *     an admin database
   */
  public MalformedAdminDataException(
      String source, String position, int lineNumber, String line, String reason) {
    super(
        source
            + " "
            + position
            + " "
            + lineNumber
            + ": "
            + reason
            + " in '"
            + (line.length() <= 300 ? line : line.substring(0, 300) + "...")
            + "'");
    this.lineNumber = lineNumber;
  }

  /** The number of the line, counting from 1. */
  public int lineNumber() {
    return lineNumber;
  }
}
