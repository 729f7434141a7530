package org.netarchive.ee.common.message;

/**
 * Asks the repository (THE_REPOS) for a whole archived file. The repository passes the request to
 * the bitarchives of the named replica, or of a replica that holds the file, and the bitarchive
 * delivers the file to {@code target} and answers with a {@link GetFileReply} to the request's JMS
 * reply-to destination.
 *
 * @param requestId the client's id of this request, repeated in the answer
 * @param fileName the archived file
 * @param replicaId the replica to take it from, or {@code null} for any replica that holds it
 * @param target where to deliver it
 */
@MessageType(name = "GetFileRequest", version = 1)
public record GetFileRequest(
    String requestId, String fileName, @OptionalField String replicaId, DeliveryTarget target)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public GetFileRequest {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireFileName(fileName, "fileName");
    Fields.requireNullOrNonBlank(replicaId, "replicaId");
    Fields.requireNonNull(target, "target");
  }
}
