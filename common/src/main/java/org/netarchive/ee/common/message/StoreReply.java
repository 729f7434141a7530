package org.netarchive.ee.common.message;

import java.util.List;

/**
 * The repository's answer to a {@link StoreRequest}: OK when every replica holds the file with its
 * checksum, NOT OK with the reasons as soon as one replica failed and none is still working.
 *
 * @param requestId the request answered
 * @param fileName the file
 * @param ok whether the file is safely stored in every replica
 * @param reasons why not, one per failed replica or refusal; empty if {@code ok}
 */
@MessageType(name = "StoreReply", version = 1)
public record StoreReply(String requestId, String fileName, boolean ok, List<String> reasons)
    implements Message {

  /**
   * Validates the components and copies {@code reasons}.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public StoreReply {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonBlank(fileName, "fileName");
    reasons = Fields.copyOf(reasons, "reasons");
    if (!ok && reasons.isEmpty()) {
      throw new IllegalArgumentException("reasons must say why a store is NOT OK, was empty");
    }
  }
}
