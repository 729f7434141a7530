package org.netarchive.ee.common.message;

/** Where the build of an index is. */
public enum IndexBuildState {
  /** Accepted; its batch job has not started. */
  QUEUED,
  /** Gathering the jobs' data and building. */
  BUILDING,
  /** Built (or found in the cache) and ready to download. */
  READY,
  /** Could not be made; the reply says why. */
  FAILED
}
