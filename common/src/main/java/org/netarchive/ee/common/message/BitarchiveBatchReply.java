package org.netarchive.ee.common.message;

import java.util.List;

/**
 * One bitarchive instance's part of a batch job, sent to its replica's monitor (THE_BAMON), which
 * combines the parts of every instance of the replica into the {@link BatchReply} the client gets.
 *
 * @param requestId the client's request
 * @param replicaId the replica
 * @param instance the bitarchive instance that ran the job on its files
 * @param filesProcessed files processed without error
 * @param fileFailures one entry per file the job failed on: its name and the reason
 * @param result where the monitor fetches this instance's result (an instance on the monitor's
 *     machine may offer it by its local path alone), or {@code null} if the job did not run
 * @param failure why the job did not run, or {@code null}
 */
@MessageType(name = "BitarchiveBatchReply", version = 1)
public record BitarchiveBatchReply(
    String requestId,
    String replicaId,
    String instance,
    int filesProcessed,
    List<String> fileFailures,
    @OptionalField RemoteFileRef result,
    @OptionalField String failure)
    implements Message {

  /**
   * Validates the components: exactly one of {@code result} and {@code failure} is present.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public BitarchiveBatchReply {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireNonBlank(instance, "instance");
    Fields.requireNonNegative(filesProcessed, "filesProcessed");
    fileFailures = Fields.copyOf(fileFailures, "fileFailures");
    Fields.requireOneOf(result, failure, "result", "failure");
  }
}
