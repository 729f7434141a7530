package org.netarchive.ee.common.message;

/**
 * Asks the bitarchives of a replica (on ALL_BA of the replica) for the SHA-512 checksum of their
 * copy of a file; the answer is a {@link ChecksumReply} to the repository.
 *
 * @param replicaId the replica
 * @param fileName the file
 */
@MessageType(name = "ChecksumRequest", version = 1)
public record ChecksumRequest(String replicaId, String fileName) implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public ChecksumRequest {
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireFileName(fileName, "fileName");
  }
}
