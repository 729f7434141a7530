package org.netarchive.ee.common.message;

/**
 * The answer to a {@link RemoveAndGetFileRequest}: the bad copy was delivered and removed from the
 * replica (kept in the bitarchive's attic), or why nothing was removed.
 *
 * @param requestId the request answered
 * @param fileName the file
 * @param replicaId the replica
 * @param size the delivered copy's length in bytes; 0 if refused
 * @param sha512 the SHA-512 checksum of the delivered copy, or {@code null} if refused
 * @param failure why nothing was removed, or {@code null}
 */
@MessageType(name = "RemoveAndGetFileReply", version = 1)
public record RemoveAndGetFileReply(
    String requestId,
    String fileName,
    String replicaId,
    long size,
    @OptionalField String sha512,
    @OptionalField String failure)
    implements Message {

  /**
   * Validates the components: exactly one of {@code sha512} and {@code failure} is present.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public RemoveAndGetFileReply {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonBlank(fileName, "fileName");
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireNonNegative(size, "size");
    sha512 = Fields.requireSha512OrFailure(sha512, failure, "sha512");
  }

  /** Whether the copy was delivered and removed. */
  public boolean ok() {
    return failure == null;
  }

  /**
   * The answer that nothing was removed.
   *
   * @param request the request
   * @param failure why
   * @return the answer
   */
  public static RemoveAndGetFileReply refused(RemoveAndGetFileRequest request, String failure) {
    return new RemoveAndGetFileReply(
        request.requestId(), request.fileName(), request.replicaId(), 0, null, failure);
  }
}
