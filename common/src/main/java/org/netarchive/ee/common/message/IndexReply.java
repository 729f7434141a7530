package org.netarchive.ee.common.message;

import java.util.List;
import org.netarchive.ee.common.index.IndexKind;

/**
 * The index server's answer to an {@link IndexRequest}. {@code BUILDING} may come first; then
 * {@code READY} or {@code FAILED}. A {@code READY} reply is followed on the same destination by the
 * bundle (a ZIP of the index directory, see {@link org.netarchive.ee.common.index.IndexBundle}) as
 * one JMS bytes message, streamed by the broker as a large message, whose JMSCorrelationID is the
 * request's id.
 *
 * @param requestId the request answered
 * @param kind the kind of index
 * @param state where the build is
 * @param name the cache name of the index's job set ({@code READY} only)
 * @param foundJobIds the jobs the index covers ({@code READY} only; empty otherwise)
 * @param missingJobIds the requested jobs whose metadata the archive lacks
 * @param size the bundle's length in bytes ({@code READY} only; 0 otherwise)
 * @param sha256 the bundle's SHA-256, hexadecimal ({@code READY} only)
 * @param failure why the index could not be made ({@code FAILED} only)
 */
@MessageType(name = "IndexReply", version = 1)
public record IndexReply(
    String requestId,
    IndexKind kind,
    IndexBuildState state,
    @OptionalField String name,
    List<Long> foundJobIds,
    List<Long> missingJobIds,
    long size,
    @OptionalField String sha256,
    @OptionalField String failure)
    implements Message {

  /**
   * Validates the components: a ready reply names its index and checksum, a failed one its reason.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public IndexReply {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonNull(kind, "kind");
    Fields.requireNonNull(state, "state");
    foundJobIds = Fields.copyOf(foundJobIds, "foundJobIds");
    missingJobIds = Fields.copyOf(missingJobIds, "missingJobIds");
    Fields.requireNonNegative(size, "size");
    switch (state) {
      case READY -> {
        Fields.requireNonBlank(name, "name");
        if (sha256 == null || !sha256.matches("[0-9a-f]{64}")) {
          throw new IllegalArgumentException(
              "sha256 must be 64 lower-case hexadecimal digits, was '" + sha256 + "'");
        }
      }
      case FAILED -> Fields.requireNonBlank(failure, "failure");
      case QUEUED, BUILDING -> {}
    }
  }

  /**
   * A reply that the index cannot be made.
   *
   * @param request the request
   * @param failure why
   * @return the reply
   */
  public static IndexReply failed(IndexRequest request, String failure) {
    return new IndexReply(
        request.requestId(),
        request.kind(),
        IndexBuildState.FAILED,
        null,
        List.of(),
        List.of(),
        0,
        null,
        failure);
  }
}
