package org.netarchive.ee.common.message;

/**
 * A bitarchive's answer to a {@link ChecksumRequest}: the checksum of its copy, or why there is
 * none.
 *
 * @param replicaId the replica
 * @param fileName the file
 * @param sha512 the SHA-512 checksum of the copy, or {@code null} if it could not be computed
 * @param failure why there is no checksum (e.g. the file is not there), or {@code null}
 * @param bitarchive the bitarchive instance that answers
 */
@MessageType(name = "ChecksumReply", version = 1)
public record ChecksumReply(
    String replicaId,
    String fileName,
    @OptionalField String sha512,
    @OptionalField String failure,
    String bitarchive)
    implements Message {

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
  }
}
