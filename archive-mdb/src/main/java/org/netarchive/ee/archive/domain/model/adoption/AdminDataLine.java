package org.netarchive.ee.archive.domain.model.adoption;

import java.time.Instant;
import java.util.List;

/**
 * One line of a NetarchiveSuite admin data file: a file, its MD5 checksum and its upload state on
 * each replica the line names.
 *
 * @param number the line's number in the file, counting the version line as 1
 * @param fileName the file's name
 * @param md5 its MD5 checksum, lower-case hexadecimal
 * @param replicas its state on each replica the line names, in the line's order
 */
public record AdminDataLine(int number, String fileName, String md5, List<ReplicaState> replicas) {

  /**
   * A file's upload state on one replica.
   *
   * @param replicaKey how the admin data names the replica: NetarchiveSuite writes its monitor
   *     channel, e.g. {@code PROD_ONE_THE_BAMON}
   * @param state the upload state
   * @param changedAt when it last changed; null in version 0.3 files, which do not record it
   */
  public record ReplicaState(String replicaKey, NasStoreState state, Instant changedAt) {}

  public AdminDataLine {
    replicas = List.copyOf(replicas);
  }
}
