package org.netarchive.ee.common.message;

import java.util.List;
import org.netarchive.ee.common.index.IndexKind;

/**
 * Asks the index server (on {@code <ENV>_COMMON_INDEX_SERVER}) for an index of a kind over a set of
 * jobs. The message's JMSReplyTo names where the {@link IndexReply} goes (and, when the index is
 * ready, the bundle after it).
 *
 * @param requestId the request, repeated in the replies
 * @param kind the kind of index
 * @param jobIds the jobs, at least one and at most {@value #MAX_JOBS}, each at least 1
 * @param requester who asks (an agent's instance name), for the server's log
 */
@MessageType(name = "IndexRequest", version = 1)
public record IndexRequest(String requestId, IndexKind kind, List<Long> jobIds, String requester)
    implements Message {

  /** The most jobs one index may cover. */
  public static final int MAX_JOBS = 10_000;

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException naming the component and the value
   */
  public IndexRequest {
    Fields.requireNonBlank(requestId, "requestId");
    Fields.requireNonNull(kind, "kind");
    jobIds = Fields.copyOf(jobIds, "jobIds");
    if (jobIds.isEmpty() || jobIds.size() > MAX_JOBS) {
      throw new IllegalArgumentException(
          "jobIds must name 1 to " + MAX_JOBS + " jobs, named " + jobIds.size());
    }
    for (long id : jobIds) {
      Fields.requireAtLeast(id, 1, "jobIds");
    }
    Fields.requireNonBlank(requester, "requester");
  }
}
