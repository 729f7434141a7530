package org.netarchive.ee.archive.domain.model.repository;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How files are stored: on which replicas, and how often a failed upload to one replica is tried
 * again before the replica's store counts as failed.
 *
 * @param replicaIds the replicas every file must reach, e.g. {@code [ONE, TWO]}
 * @param maxReuploads further uploads after a failed one; 0 means a single attempt
 */
public record StorePolicy(List<String> replicaIds, int maxReuploads) {

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
    replicaIds = List.copyOf(replicaIds);
  }

  /** Attempts per replica and store: the first upload and the re-uploads. */
  public int maxAttempts() {
    return 1 + maxReuploads;
  }
}
