package org.netarchive.ee.common.message;

import java.util.Map;
import java.util.Optional;

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
 * @param partTargets where each bitarchive instance of the replica delivers its part of the result,
 *     by instance name: set by the replica's monitor when it passes the request on (so that an
 *     instance on another host, a bitarchive node, can hand its part over), {@code null} from
 *     clients and from monitors of earlier versions (each instance then leaves its part for the
 *     monitor to read on its own machine)
 */
@MessageType(name = "BatchRequest", version = 1)
public record BatchRequest(
    String requestId,
    String job,
    Map<String, String> parameters,
    @OptionalField String filePattern,
    String replicaId,
    DeliveryTarget target,
    @OptionalField Map<String, DeliveryTarget> partTargets)
    implements Message {

  /**
   * Validates the components and copies {@code parameters} and {@code partTargets}.
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
    partTargets = partTargets == null ? null : Fields.copyOf(partTargets, "partTargets");
  }

  /** A client's request: without part targets, which the replica's monitor adds. */
  public BatchRequest(
      String requestId,
      String job,
      Map<String, String> parameters,
      String filePattern,
      String replicaId,
      DeliveryTarget target) {
    this(requestId, job, parameters, filePattern, replicaId, target, null);
  }

  /** This request with the instances' part targets, as the monitor passes it on. */
  public BatchRequest withPartTargets(Map<String, DeliveryTarget> targets) {
    return new BatchRequest(requestId, job, parameters, filePattern, replicaId, target, targets);
  }

  /** Where an instance delivers its part, if the monitor said. */
  public Optional<DeliveryTarget> partTarget(String instance) {
    return partTargets == null ? Optional.empty() : Optional.ofNullable(partTargets.get(instance));
  }
}
