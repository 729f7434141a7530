package org.netarchive.ee.common.message;

/**
 * Asks the repository (THE_REPOS) for the WARC or ARC record that starts at an offset of an
 * archived file, as stored; delivered like a file (see {@link GetFileRequest}), answered with a
 * {@link GetRecordReply}.
 *
 * @param requestId the client's id of this request, repeated in the answer
 * @param fileName the archived file
 * @param offset where the record starts, e.g. from a CDX line
 * @param replicaId the replica to take it from, or {@code null} for any replica that holds it
 * @param target where to deliver the record's bytes
 */
@MessageType(name = "GetRecordRequest", version = 1)
public record GetRecordRequest(
    String requestId,
    String fileName,
    long offset,
    @OptionalField String replicaId,
    DeliveryTarget target)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public GetRecordRequest {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireFileName(fileName, "fileName");
    Fields.requireNonNegative(offset, "offset");
    Fields.requireNullOrNonBlank(replicaId, "replicaId");
    Fields.requireNonNull(target, "target");
  }
}
