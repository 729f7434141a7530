package org.netarchive.ee.scheduler.domain.model.history;

/** Why the harvest of a domain in a job stopped, as the harvester reports it. */
public enum StopReason {
  /** No more objects were found: the domain was harvested completely. */
  DOWNLOAD_COMPLETE("completed"),
  /** The harvest's maximum number of objects per domain was reached. */
  OBJECT_LIMIT("harvest object limit"),
  /** The harvest's maximum number of bytes per domain was reached. */
  SIZE_LIMIT("harvest byte limit"),
  /** The domain configuration's maximum number of bytes was reached. */
  CONFIG_SIZE_LIMIT("configuration byte limit"),
  /** The harvest was interrupted before any other reason applied. */
  DOWNLOAD_UNFINISHED("unfinished"),
  /** The domain configuration's maximum number of objects was reached. */
  CONFIG_OBJECT_LIMIT("configuration object limit"),
  /** The job's maximum running time was reached. */
  TIME_LIMIT("time limit");

  private final String label;

  StopReason(String label) {
    this.label = label;
  }

  /** A short phrase for people, e.g. "configuration byte limit". */
  public String label() {
    return label;
  }
}
