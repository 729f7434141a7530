package org.netarchive.ee.common.message;

/**
 * A bitarchive's answer to an {@link UploadRequest}.
 *
 * @param replicaId the replica
 * @param fileName the file
 * @param attempt the {@link UploadRequest#attempt()} answered
 * @param outcome how the upload ended
 * @param reason why it failed, or what is there already; {@code null} when stored
 * @param bitarchive the bitarchive instance that answers
 */
@MessageType(name = "UploadReply", version = 1)
public record UploadReply(
    String replicaId,
    String fileName,
    int attempt,
    UploadOutcome outcome,
    @OptionalField String reason,
    String bitarchive)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public UploadReply {
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireFileName(fileName, "fileName");
    Fields.requirePositive(attempt, "attempt");
    Fields.requireNonNull(outcome, "outcome");
    Fields.requireNullOrNonBlank(reason, "reason");
    if (outcome == UploadOutcome.FAILED && reason == null) {
      throw new IllegalArgumentException("reason must say why an upload FAILED, was absent");
    }
    Fields.requireNonBlank(bitarchive, "bitarchive");
  }
}
