package org.netarchive.ee.common.message;

/**
 * Asks the repository (THE_REPOS) to store a file in every replica. The answer, a {@link
 * StoreReply}, goes to the message's JMS reply-to queue.
 *
 * @param requestId the client's id of this request, repeated in the answer
 * @param fileName the name to archive the file under: a plain file name
 * @param file where the replicas fetch it, with its length and checksum
 */
@MessageType(name = "StoreRequest", version = 1)
public record StoreRequest(String requestId, String fileName, RemoteFileRef file)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public StoreRequest {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireFileName(fileName, "fileName");
    Fields.requireNonNull(file, "file");
  }
}
