package org.netarchive.ee.archive.domain.model.bitarchive;

import java.io.IOException;

/**
 * A file could not be stored in a bitarchive. Nothing of it is left behind: the bitarchive either
 * holds the complete, verified file or no trace of this attempt.
 */
public class StoreFailedException extends IOException {

  private static final long serialVersionUID = 1L;

  /** Why the store failed. */
  public enum Reason {
    /** A file of that name is archived already; it is never overwritten. */
    ALREADY_STORED,
    /**
     * Another upload of the same name is being written in this bitarchive at this moment (a request
     * asked again or redelivered while its first delivery still runs): that upload answers.
     */
    BEING_STORED,
    /** The data that arrived has another checksum than the sender announced. */
    CHECKSUM_MISMATCH,
    /** The data that arrived has another length than the sender announced. */
    SIZE_MISMATCH,
    /** No directory has room for the file, or the disk filled up while writing it. */
    NO_SPACE,
    /** Reading the data or writing the file failed. */
    IO_ERROR
  }

  private final Reason reason;

  public StoreFailedException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public StoreFailedException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  /** Why the store failed. */
  public Reason reason() {
    return reason;
  }
}
