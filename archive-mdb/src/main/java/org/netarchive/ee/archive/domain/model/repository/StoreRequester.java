package org.netarchive.ee.archive.domain.model.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.util.Objects;

/** A client waiting for the answer to its store request. */
@Embeddable
public class StoreRequester {

  @Column(name = "request_id", nullable = false, length = 100)
  private String requestId;

  @Column(name = "reply_to", nullable = false, length = 300)
  private String replyTo;

  protected StoreRequester() {}

  /**
   * @param requestId the client's id of its request, repeated in the answer
   * @param replyTo the name of the queue the answer goes to
   */
  public StoreRequester(String requestId, String replyTo) {
    if (requestId == null || requestId.isBlank()) {
      throw new IllegalArgumentException("A store request needs a request id, got " + requestId);
    }
    if (replyTo == null || replyTo.isBlank()) {
      throw new IllegalArgumentException(
          "Store request " + requestId + " names no queue for its answer");
    }
    this.requestId = requestId;
    this.replyTo = replyTo;
  }

  public String requestId() {
    return requestId;
  }

  public String replyTo() {
    return replyTo;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StoreRequester that
        && requestId.equals(that.requestId)
        && replyTo.equals(that.replyTo);
  }

  @Override
  public int hashCode() {
    return Objects.hash(requestId, replyTo);
  }

  @Override
  public String toString() {
    return "request " + requestId + " (answer to " + replyTo + ")";
  }
}
