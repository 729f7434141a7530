package org.netarchive.ee.common.message;

/** How a bitarchive's upload of a file ended. */
public enum UploadOutcome {
  /** The file was fetched, verified and stored. */
  STORED,
  /** The bitarchive holds a file of that name already; it was not replaced. */
  ALREADY_STORED,
  /** The file could not be fetched, did not match its checksum, or could not be written. */
  FAILED
}
