package org.netarchive.ee.archive.domain.model.repository;

/** What the last checksum check of a replica's copy found. */
public enum ChecksumStatus {
  /** Not checked yet. */
  UNKNOWN,
  /** The copy has the file's checksum. */
  OK,
  /** The copy has another checksum: it is damaged or another file. */
  CORRUPT
}
