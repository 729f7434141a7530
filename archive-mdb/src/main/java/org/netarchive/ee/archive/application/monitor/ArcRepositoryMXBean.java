package org.netarchive.ee.archive.application.monitor;

import java.util.List;
import java.util.Map;

/**
 * The ArcRepository over JMX, as {@code org.netarchive.ee:type=ArcRepository}: what the admin data
 * says, at most ten seconds old ({@link #getSnapshotTakenAt()}, ISO-8601 UTC).
 */
public interface ArcRepositoryMXBean {

  /** The replicas every file is stored in. */
  List<String> getReplicas();

  /** Per replica, files stored and verified (UPLOAD_COMPLETED). */
  Map<String, Long> getFilesStored();

  /** Per replica, bytes of those files. */
  Map<String, Long> getBytesStored();

  /** Files with a copy still being stored. */
  long getStoresInProgress();

  /** Copies whose last store failed, over all replicas. */
  long getStoreFailures();

  /** Per replica, copies whose last store failed. */
  Map<String, Long> getStoreFailuresByReplica();

  /** When the admin data was read. */
  String getSnapshotTakenAt();
}
