package org.netarchive.ee.archive.application;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;
import org.netarchive.ee.archive.domain.model.repository.ChecksumStatus;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;

/**
 * What the admin data says about one archived file, for the UI and the REST API.
 *
 * @param name the file's name
 * @param size its length in bytes
 * @param sha512 the SHA-512 checksum it was stored with
 * @param createdAt when it was first stored
 * @param copies its copy on each replica, by replica id
 */
public record ArchivedFileView(
    String name, long size, String sha512, Instant createdAt, List<CopyView> copies)
    implements Serializable {

  public ArchivedFileView {
    copies = List.copyOf(copies);
  }

  /**
   * One replica's copy.
   *
   * @param replica the replica's id
   * @param state how far the store there has come
   * @param stateChangedAt when it came there
   * @param attempts uploads tried in the current store
   * @param failureReason why the store there failed, or {@code null}
   * @param checksum the SHA-512 the replica last reported for its copy, or {@code null}
   * @param checksumStatus what the last checksum check found
   * @param checksumCheckedAt when it was checked, or {@code null}
   */
  public record CopyView(
      String replica,
      ReplicaStoreState state,
      Instant stateChangedAt,
      int attempts,
      String failureReason,
      String checksum,
      ChecksumStatus checksumStatus,
      Instant checksumCheckedAt)
      implements Serializable {}

  /** Whether every replica holds the file with its checksum. */
  public boolean completed() {
    return !copies.isEmpty()
        && copies.stream().allMatch(c -> c.state() == ReplicaStoreState.UPLOAD_COMPLETED);
  }

  /** The copy on a replica, or {@code null} if the file was never stored there. */
  public CopyView copy(String replica) {
    return copies.stream().filter(c -> c.replica().equals(replica)).findFirst().orElse(null);
  }
}
