package org.netarchive.ee.archive.domain.model.adoption;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which of this archive's replicas an admin data file means by its replica names. NetarchiveSuite
 * names a replica by its monitor channel, {@code <ENVIRONMENT>_<REPLICA>_THE_BAMON}; with the same
 * replica ids here, {@code PROD_ONE_THE_BAMON} is replica {@code ONE}. Other names are mapped
 * explicitly.
 */
public final class ReplicaKeys {

  private static final String MONITOR_SUFFIX = "_THE_BAMON";

  private final List<String> replicaIds;
  private final Map<String, String> explicit;

  /**
   * @param replicaIds this archive's replicas
   * @param explicit admin data names mapped to replica ids, tried first
   * @throws IllegalArgumentException if an explicit mapping names an unknown replica
   */
  public ReplicaKeys(List<String> replicaIds, Map<String, String> explicit) {
    this.replicaIds = List.copyOf(replicaIds);
    this.explicit = Map.copyOf(Objects.requireNonNullElse(explicit, Map.of()));
    this.explicit.forEach(
        (key, id) -> {
          if (!replicaIds.contains(id)) {
            throw new IllegalArgumentException(
                "Replica '"
                    + key
                    + "' of the admin data is mapped to replica '"
                    + id
                    + "', which is unknown; the replicas are "
                    + replicaIds);
          }
        });
  }

  /** The replica an admin data name means, if any. */
  public Optional<String> replicaOf(String key) {
    String mapped = explicit.get(key);
    if (mapped != null) {
      return Optional.of(mapped);
    }
    if (replicaIds.contains(key)) {
      return Optional.of(key);
    }
    if (key.endsWith(MONITOR_SUFFIX)) {
      String rest = key.substring(0, key.length() - MONITOR_SUFFIX.length());
      for (String id : replicaIds) {
        if (rest.equals(id) || rest.endsWith("_" + id)) {
          return Optional.of(id);
        }
      }
    }
    return Optional.empty();
  }
}
