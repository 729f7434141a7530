package org.netarchive.ee.common.message;

/** The kinds of component that report their status with a {@link Heartbeat}. */
public enum ComponentKind {
  /** The central server: harvest definitions, scheduling and the user interface. */
  SERVER,
  /** An agent running Heritrix harvest jobs. */
  HARVESTER_AGENT,
  /** A bitarchive storing the files of one replica. */
  BITARCHIVE,
  /** The monitor coordinating the bitarchives of one replica. */
  BITARCHIVE_MONITOR,
  /** The repository that stores files in and retrieves them from all replicas. */
  ARC_REPOSITORY,
  /** The server building deduplication and viewer indexes. */
  INDEX_SERVER
}
