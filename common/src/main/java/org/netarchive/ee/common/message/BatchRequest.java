package org.netarchive.ee.common.message;

import java.util.Map;

/**
 * Asks the repository (THE_REPOS) to run a named batch job over the files of one replica, or those
 * whose names match a pattern. Only the jobs the archive defines run; no code travels. The
 * bitarchives deliver the combined result to {@code target} and answer with a {@link BatchReply}.
 *
 * @param requestId the client's id of this request, repeated in the answer
 * @param job the job's name, e.g. {@code cdx}
 * @param parameters the job's parameters by name; empty for none
 * @param filePattern a regular expression the whole file name must match, or {@code null} for all
 *     files
 * @param replicaId the replica to run on
 * @param target where to deliver the result
 */
@MessageType(name = "BatchRequest", version = 1)
public record BatchRequest(
    String requestId,
    String job,
    Map<String, String> parameters,
    @OptionalField String filePattern,
    String replicaId,
    DeliveryTarget target)
    implements Message {

  /**
   * Validates the components and copies {@code parameters}.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public BatchRequest {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonBlank(job, "job");
    parameters = Fields.copyOf(parameters, "parameters");
    Fields.requireNullOrNonBlank(filePattern, "filePattern");
    Fields.requireNonBlank(replicaId, "replicaId");
    Fields.requireNonNull(target, "target");
  }
}
