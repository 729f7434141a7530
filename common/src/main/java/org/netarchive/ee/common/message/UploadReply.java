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
 * @param sha512 when {@link UploadOutcome#STORED}, the SHA-512 of the stored copy, computed by
 *     reading it back after it was synced (the repository then needs no separate checksum request);
 *     absent from bitarchives that do not read back (it is then asked for), and for other outcomes
 */
@MessageType(name = "UploadReply", version = 1)
public record UploadReply(
    String replicaId,
    String fileName,
    int attempt,
    UploadOutcome outcome,
    @OptionalField String reason,
    String bitarchive,
    @OptionalField String sha512)
    implements Message {

  /**
   * An answer without the stored copy's checksum, as bitarchives that do not read their copy back
   * give it.
   */
  public UploadReply(
      String replicaId,
      String fileName,
      int attempt,
      UploadOutcome outcome,
      String reason,
      String bitarchive) {
    this(replicaId, fileName, attempt, outcome, reason, bitarchive, null);
  }

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
    if (sha512 != null) {
      if (outcome != UploadOutcome.STORED) {
        throw new IllegalArgumentException(
            "sha512 is the stored copy's checksum, given only when STORED, was given when "
                + outcome);
      }
      sha512 = Fields.requireSha512(sha512, "sha512");
    }
  }
}
