package org.netarchive.ee.common.message;

/**
 * A bitarchive's answer to a {@link ChecksumRequest}: the checksum of its copy, or why there is
 * none.
 *
 * @param replicaId the replica
 * @param fileName the file
 * @param sha512 the SHA-512 checksum of the copy, or {@code null} if it could not be computed
 * @param failure why there is no checksum (e.g. the file is not there), or {@code null}
 * @param bitarchive the bitarchive instance that answers (the replica's monitor, when it answers
 *     for all of them that none has a checksum)
 * @param requestId the request's id, if it had one
 */
@MessageType(name = "ChecksumReply", version = 1)
public record ChecksumReply(
    String replicaId,
    String fileName,
    @OptionalField String sha512,
    @OptionalField String failure,
    String bitarchive,
    @OptionalField String requestId)
    implements Message {

  /** An answer to a request without an id. */
  public ChecksumReply(
      String replicaId, String fileName, String sha512, String failure, String bitarchive) {
    this(replicaId, fileName, sha512, failure, bitarchive, null);
  }

  /**
   * Validates the components: exactly one of {@code sha512} and {@code failure} is present.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public ChecksumReply {
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireFileName(fileName, "fileName");
    sha512 = Fields.requireSha512OrFailure(sha512, failure, "sha512");
    Fields.requireNonBlank(bitarchive, "bitarchive");
    Fields.requireNullOrNonBlank(requestId, "requestId");
  }
}
