package org.netarchive.ee.archive.domain.model.adoption;

/**
 * The upload states NetarchiveSuite records for a file on a replica (its {@code
 * ReplicaStoreState}), as they are spelled in its admin data.
 */
public enum NasStoreState {
  UPLOAD_STARTED,
  DATA_UPLOADED,
  UPLOAD_COMPLETED,
  UPLOAD_FAILED,
  UNKNOWN_UPLOAD_STATE
}
