package org.netarchive.ee.common.message;

/**
 * A file offered for fetching outside JMS, so that messages stay small (reference/004,
 * "RemoteFile"): the receiver fetches it from {@code uri}, authenticating with {@code token}, and
 * verifies its length and SHA-512 checksum on arrival.
 *
 * @param uri where to fetch the file, an {@code http} or {@code https} URI
 * @param size the file's length in bytes
 * @param sha512 the file's SHA-512 checksum (128 lower-case hexadecimal digits)
 * @param token the bearer token the offering side expects, or {@code null} if it needs none
 * @param localPath the file's absolute path on the offering machine, or {@code null}; a receiver on
 *     the same machine (same {@code host}) may read it from there instead of over HTTP, and still
 *     verifies the checksum
 * @param host the offering machine's name, or {@code null}; identifies where {@code localPath} is
 *     valid
 */
public record RemoteFileRef(
    String uri,
    long size,
    String sha512,
    @OptionalField String token,
    @OptionalField String localPath,
    @OptionalField String host) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public RemoteFileRef {
    Fields.requireNonBlank(uri, "uri");
    if (!(uri.startsWith("http://") || uri.startsWith("https://"))) {
      throw new IllegalArgumentException("uri must be an http or https URI, was '" + uri + "'");
    }
    Fields.requireNonNegative(size, "size");
    sha512 = Fields.requireSha512(sha512, "sha512");
    Fields.requireNullOrNonBlank(token, "token");
    Fields.requireNullOrNonBlank(localPath, "localPath");
    Fields.requireNullOrNonBlank(host, "host");
  }

  @Override
  public String toString() {
    // The token is a secret: keep it out of logs.
    return "RemoteFileRef[uri=" + uri + ", size=" + size + ", sha512=" + sha512 + "]";
  }
}
