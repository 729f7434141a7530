package org.netarchive.ee.archive.domain.model.repository;

/**
 * How far the store of one file on one replica has come (reference/004, "Repository State
 * Machine").
 */
public enum ReplicaStoreState {
  /** An upload request was sent to the replica; its answer is awaited. */
  UPLOAD_STARTED,
  /** The replica says it has the file; the checksum of its copy is awaited. */
  DATA_UPLOADED,
  /** The replica holds the file with the expected checksum. */
  UPLOAD_COMPLETED,
  /**
   * The replica could not store the file (after the configured re-uploads), or holds another copy.
   */
  UPLOAD_FAILED;

  /** Whether the replica is still working on the file. */
  public boolean inProgress() {
    return this == UPLOAD_STARTED || this == DATA_UPLOADED;
  }
}
