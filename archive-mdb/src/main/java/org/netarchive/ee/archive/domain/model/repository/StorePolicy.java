package org.netarchive.ee.archive.domain.model.repository;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How files are stored: on which replicas, how often a failed upload to one replica is tried again
 * before the replica's store counts as failed, and how long a replica may stay silent before it is
 * asked again (by the repository's pass over unfinished stores, or a client's repeated store).
 *
 * @param replicaIds the replicas every file must reach, e.g. {@code [ONE, TWO]}
 * @param maxReuploads further uploads after a failed one; 0 means a single attempt
 * @param askAgainAfter how long a replica that has not answered its upload or checksum request is
 *     waited for before it is sent the request again (it may have been lost: dead-lettered after
 *     failed deliveries, or its answer); replicas answer a repeated request idempotently
 */
public record StorePolicy(List<String> replicaIds, int maxReuploads, Duration askAgainAfter) {

  /** How long a silent replica is waited for by default: half the agents' store timeout. */
  public static final Duration DEFAULT_ASK_AGAIN_AFTER = Duration.ofMinutes(5);

  /** A policy that asks a silent replica again after {@link #DEFAULT_ASK_AGAIN_AFTER}. */
  public StorePolicy(List<String> replicaIds, int maxReuploads) {
    this(replicaIds, maxReuploads, DEFAULT_ASK_AGAIN_AFTER);
  }

  public StorePolicy {
    if (replicaIds == null || replicaIds.isEmpty()) {
      throw new IllegalArgumentException("The archive needs at least one replica, got none");
    }
    Set<String> seen = new LinkedHashSet<>();
    for (String id : replicaIds) {
      if (id == null || id.isBlank()) {
        throw new IllegalArgumentException("Replica ids must not be blank, got " + replicaIds);
      }
      if (!seen.add(id)) {
        throw new IllegalArgumentException("Replica id '" + id + "' is given twice");
      }
    }
    if (maxReuploads < 0) {
      throw new IllegalArgumentException(
          "The number of re-uploads must not be negative, was " + maxReuploads);
    }
    if (askAgainAfter == null || askAgainAfter.isNegative()) {
      throw new IllegalArgumentException(
          "The time a silent replica is waited for must not be negative, was " + askAgainAfter);
    }
    replicaIds = List.copyOf(replicaIds);
  }

  /** Attempts per replica and store: the first upload and the re-uploads. */
  public int maxAttempts() {
    return 1 + maxReuploads;
  }
}
