package org.netarchive.ee.common.message;

/**
 * The answer to a {@link GetRecordRequest}: the record was delivered, or why not (e.g. no record
 * starts at the offset).
 *
 * @param requestId the request answered
 * @param fileName the file
 * @param offset the offset asked for
 * @param length the delivered record's length in bytes; 0 on failure
 * @param recordType the record's type, e.g. {@code response}; {@code null} on failure
 * @param failure why the record was not delivered, or {@code null}
 */
@MessageType(name = "GetRecordReply", version = 1)
public record GetRecordReply(
    String requestId,
    String fileName,
    long offset,
    long length,
    @OptionalField String recordType,
    @OptionalField String failure)
    implements Message {

  /**
   * Validates the components: exactly one of {@code recordType} and {@code failure} is present.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public GetRecordReply {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonBlank(fileName, "fileName");
    Fields.requireNonNegative(offset, "offset");
    Fields.requireNonNegative(length, "length");
    Fields.requireOneOf(recordType, failure, "recordType", "failure");
  }

  /** Whether the record was delivered. */
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
  public static GetRecordReply refused(GetRecordRequest request, String failure) {
    return new GetRecordReply(
        request.requestId(), request.fileName(), request.offset(), 0, null, failure);
  }
}
