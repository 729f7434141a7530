package org.netarchive.ee.agent.heritrix;

/** How a crawl ended. */
public enum CrawlEnd {
  /** Heritrix ran out of URIs in scope (or hit one of its own crawl-wide limits). */
  FINISHED(false),
  /** The job's maximum running time was reached. */
  TIME_LIMIT(false),
  /** Nothing was downloaded for the no-response timeout; the agent stopped the crawl. */
  NO_RESPONSE_TIMEOUT(false),
  /** No crawler thread was busy for the inactivity timeout; the agent stopped the crawl. */
  INACTIVITY_TIMEOUT(false),
  /** The agent was asked to stop (shut down) while crawling. */
  STOPPED(true),
  /**
   * An operator stopped the job's crawl: what was crawled is stored and the job reported FAILED,
   * because its harvest is incomplete by someone's decision, not by its limits.
   */
  STOPPED_BY_OPERATOR(true),
  /** Heritrix could not be started, refused the job, or died. */
  FAILED(true);

  private final boolean harvestError;

  CrawlEnd(boolean harvestError) {
    this.harvestError = harvestError;
  }

  /** Whether a crawl ending so is a harvest error of the job. */
  public boolean harvestError() {
    return harvestError;
  }
}
