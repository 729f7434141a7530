package org.netarchive.ee.common.message;

/**
 * Asks the bitarchives of a replica (on ALL_BA of the replica) for the SHA-512 checksum of their
 * copy of a file; the answer is a {@link ChecksumReply}. The repository asks through the replica's
 * monitor (THE_BAMON), which passes the request to every instance of the replica and the first
 * checksum on to the repository, so that instances not holding the file (a replica of several) do
 * not fail the check; a request without an id (from an earlier repository) is answered to the
 * repository directly.
 *
 * @param replicaId the replica
 * @param fileName the file
 * @param requestId the id the monitor waits for the answers by; {@code null} from an earlier
 *     repository
 */
@MessageType(name = "ChecksumRequest", version = 1)
public record ChecksumRequest(String replicaId, String fileName, @OptionalField String requestId)
    implements Message {

  /** A request without an id, as an earlier repository sent it to the bitarchives directly. */
  public ChecksumRequest(String replicaId, String fileName) {
    this(replicaId, fileName, null);
  }

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public ChecksumRequest {
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireFileName(fileName, "fileName");
    Fields.requireNullOrNonBlank(requestId, "requestId");
  }
}
