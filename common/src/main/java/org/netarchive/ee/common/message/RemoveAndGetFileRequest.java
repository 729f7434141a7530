package org.netarchive.ee.common.message;

/**
 * Asks the repository (THE_REPOS) to remove one replica's bad copy of a file and hand it over: the
 * credentialed correct operation. The repository checks the credentials, that the file and replica
 * exist and that {@code badSha512} is not the file's archived checksum, and passes the request to
 * the replica's monitor; the bitarchive instance holding the copy checks the credentials again and
 * that its copy has exactly {@code badSha512}, delivers the copy to {@code target} (verified on
 * arrival), and only then moves it out of its files into its attic, where it stays. The answer, a
 * {@link RemoveAndGetFileReply}, comes from the repository after it recorded that the replica no
 * longer holds the file; storing the file again then uploads a good copy to that replica.
 *
 * @param requestId the client's id of this request, repeated in the answer
 * @param fileName the archived file
 * @param replicaId the replica whose copy is bad
 * @param badSha512 the SHA-512 checksum of the bad copy, as a checksum check reported it
 * @param credentials the configured credentials for correcting the archive (kept out of {@code
 *     toString})
 * @param target where to deliver the removed copy
 */
@MessageType(name = "RemoveAndGetFileRequest", version = 1)
public record RemoveAndGetFileRequest(
    String requestId,
    String fileName,
    String replicaId,
    String badSha512,
    String credentials,
    DeliveryTarget target)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public RemoveAndGetFileRequest {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireFileName(fileName, "fileName");
    Fields.requireNonBlank(replicaId, "replicaId");
    badSha512 = Fields.requireSha512(badSha512, "badSha512");
    Fields.requireNonBlank(credentials, "credentials");
    Fields.requireNonNull(target, "target");
  }

  @Override
  public String toString() {
    // The credentials are a secret: keep them out of logs.
    return "RemoveAndGetFileRequest[requestId="
        + requestId
        + ", fileName="
        + fileName
        + ", replicaId="
        + replicaId
        + ", badSha512="
        + badSha512
        + "]";
  }
}
