package org.netarchive.ee.common.message;

/**
 * The answer to a {@link GetFileRequest}: the file was delivered with this length and checksum, or
 * why not.
 *
 * @param requestId the request answered
 * @param fileName the file
 * @param replicaId the replica it came from, or {@code null} if none was chosen
 * @param size the delivered length; 0 on failure
 * @param sha512 the SHA-512 checksum of the delivered bytes, or {@code null} on failure
 * @param failure why the file was not delivered, or {@code null}
 */
@MessageType(name = "GetFileReply", version = 1)
public record GetFileReply(
    String requestId,
    String fileName,
    @OptionalField String replicaId,
    long size,
    @OptionalField String sha512,
    @OptionalField String failure)
    implements Message {

  /**
   * Validates the components: exactly one of {@code sha512} and {@code failure} is present.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public GetFileReply {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonBlank(fileName, "fileName");
    Fields.requireNullOrNonBlank(replicaId, "replicaId");
    Fields.requireNonNegative(size, "size");
    sha512 = Fields.requireSha512OrFailure(sha512, failure, "sha512");
  }

  /** Whether the file was delivered. */
  public boolean ok() {
    return failure == null;
  }

  /**
   * The answer that a request could not be served.
   *
   * @param request the request
   * @param failure why
   * @return the answer
   */
  public static GetFileReply refused(GetFileRequest request, String failure) {
    return new GetFileReply(
        request.requestId(), request.fileName(), request.replicaId(), 0, null, failure);
  }
}
