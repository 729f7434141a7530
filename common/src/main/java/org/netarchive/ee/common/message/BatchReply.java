package org.netarchive.ee.common.message;

import java.util.List;

/**
 * The answer to a {@link BatchRequest}: how many files the job processed, which failed and why, and
 * the length and checksum of the delivered result; or why the job did not run.
 *
 * @param requestId the request answered
 * @param job the job's name
 * @param replicaId the replica it ran on
 * @param filesProcessed files processed without error
 * @param fileFailures one entry per file the job failed on: its name and the reason
 * @param resultSize the delivered result's length in bytes; 0 if the job did not run
 * @param resultSha512 the SHA-512 checksum of the delivered result, or {@code null} if the job did
 *     not run
 * @param failure why the job did not run (unknown job, bad parameter, ...), or {@code null}
 */
@MessageType(name = "BatchReply", version = 1)
public record BatchReply(
    String requestId,
    String job,
    String replicaId,
    int filesProcessed,
    List<String> fileFailures,
    long resultSize,
    @OptionalField String resultSha512,
    @OptionalField String failure)
    implements Message {

  /**
   * Validates the components: exactly one of {@code resultSha512} and {@code failure} is present.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public BatchReply {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonBlank(job, "job");
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireNonNegative(filesProcessed, "filesProcessed");
    fileFailures = Fields.copyOf(fileFailures, "fileFailures");
    Fields.requireNonNegative(resultSize, "resultSize");
    resultSha512 = Fields.requireSha512OrFailure(resultSha512, failure, "resultSha512");
  }

  /** Whether the job ran and its result was delivered. */
  public boolean ok() {
    return failure == null;
  }

  /**
   * The answer that a job did not run.
   *
   * @param request the request
   * @param failure why
   * @return the answer
   */
  public static BatchReply refused(BatchRequest request, String failure) {
    return new BatchReply(
        request.requestId(), request.job(), request.replicaId(), 0, List.of(), 0, null, failure);
  }
}
