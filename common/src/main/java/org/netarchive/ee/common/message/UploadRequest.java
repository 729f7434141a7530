package org.netarchive.ee.common.message;

/**
 * Asks one bitarchive of a replica (on ANY_BA of the replica) to fetch and store a file; the answer
 * is an {@link UploadReply} to the repository.
 *
 * @param replicaId the replica
 * @param fileName the name to archive the file under
 * @param file where to fetch it, with its length and checksum
 * @param attempt 1 for the first upload of a store, then 2, 3, ... for re-uploads
 */
@MessageType(name = "UploadRequest", version = 1)
public record UploadRequest(String replicaId, String fileName, RemoteFileRef file, int attempt)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public UploadRequest {
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireFileName(fileName, "fileName");
    Fields.requireNonNull(file, "file");
    Fields.requirePositive(attempt, "attempt");
  }
}
