package org.netarchive.ee.common.message;

/**
 * Where a bitarchive delivers what a client asked for (a file, a record, a batch result): the
 * client's own HTTP endpoint, to which the bitarchive streams the bytes with a PUT, authenticated
 * by the token, and with their length and SHA-512 checksum in headers so that the client verifies
 * them on arrival. Like {@link RemoteFileRef}, it keeps large data out of JMS.
 *
 * @param uri where to PUT the bytes, an {@code http} or {@code https} URI
 * @param token the bearer token the client expects
 */
public record DeliveryTarget(String uri, String token) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public DeliveryTarget {
    Fields.requireNonBlank(uri, "uri");
    if (!(uri.startsWith("http://") || uri.startsWith("https://"))) {
      throw new IllegalArgumentException("uri must be an http or https URI, was '" + uri + "'");
    }
    Fields.requireNonBlank(token, "token");
  }

  @Override
  public String toString() {
    // The token is a secret: keep it out of logs.
    return "DeliveryTarget[uri=" + uri + "]";
  }
}
