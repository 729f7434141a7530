package org.netarchive.ee.scheduler.domain.model.job;

import org.netarchive.ee.scheduler.domain.model.history.StopReason;

/**
 * Which domains a snapshot harvest that continues an earlier one leaves out: those the earlier
 * snapshot finished (reference/000 "Splitting": "completely harvested in the snapshot harvest that
 * the current snapshot harvest is based on").
 */
public final class ContinuedSnapshot {

  private ContinuedSnapshot() {}

  /**
   * Whether a domain's harvest in the earlier snapshot finished it.
   *
   * <p>It did if the crawl completed, or if it stopped at the configuration's own limit and that
   * limit has not been raised since: the history keeps what was harvested, not the limit then in
   * force, so a limit is taken as not raised while it is no more than what was harvested under it.
   *
   * @param earlier the domain's result in the earlier snapshot
   * @param configMaxObjects the configuration's object limit now, -1 for none
   * @param configMaxBytes the configuration's byte limit now, -1 for none
   */
  public static boolean finished(PastHarvest earlier, long configMaxObjects, long configMaxBytes) {
    StopReason reason = earlier.stopReason();
    return switch (reason) {
      case DOWNLOAD_COMPLETE -> true;
      case CONFIG_SIZE_LIMIT -> configMaxBytes != -1 && configMaxBytes <= earlier.bytes();
      case CONFIG_OBJECT_LIMIT -> configMaxObjects != -1 && configMaxObjects <= earlier.objects();
      default -> false;
    };
  }
}
