package org.netarchive.ee.archive.domain.model.preservation;

/** What the last audit of a replica found about its copy of a file. */
public enum CopyState {
  /** Present; for a checksum audit, with the archived checksum. */
  OK,
  /** The admin data says the replica holds the file, but its disk does not. */
  MISSING,
  /** Present with another checksum (or, found by a file-list audit, another size). */
  CORRUPT,
  /** On the replica's disk, but not in the admin data. */
  UNKNOWN_FILE
}
