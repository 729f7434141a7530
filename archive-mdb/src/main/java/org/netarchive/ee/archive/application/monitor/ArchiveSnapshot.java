package org.netarchive.ee.archive.application.monitor;

import java.time.Instant;
import java.util.Map;

/**
 * The archive's admin data summed up at one moment.
 *
 * @param takenAt when; {@code null} before the first refresh
 * @param filesStored per replica, the files whose copy there is UPLOAD_COMPLETED
 * @param bytesStored per replica, the bytes of those files
 * @param storeFailures per replica, the copies whose last store failed (UPLOAD_FAILED)
 * @param storesInProgress files with a copy still being stored (UPLOAD_STARTED or DATA_UPLOADED)
 */
public record ArchiveSnapshot(
    Instant takenAt,
    Map<String, Long> filesStored,
    Map<String, Long> bytesStored,
    Map<String, Long> storeFailures,
    long storesInProgress) {

  static final ArchiveSnapshot NONE = new ArchiveSnapshot(null, Map.of(), Map.of(), Map.of(), 0);

  /** Failed copies over all replicas. */
  public long totalStoreFailures() {
    return storeFailures.values().stream().mapToLong(Long::longValue).sum();
  }
}
