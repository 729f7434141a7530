package org.netarchive.ee.common.message;

/**
 * Why the crawl of one domain ended, as the agent sees it. The server records an object or size
 * limit as the configuration's own limit when that is the limit that applied.
 */
public enum CrawlStopReason {
  /** Nothing more was found to fetch. */
  DOWNLOAD_COMPLETE,
  /** The domain's object limit was reached. */
  OBJECT_LIMIT,
  /** The domain's byte limit was reached. */
  SIZE_LIMIT,
  /** The crawl ended before any other reason applied (stopped, failed, timed out). */
  DOWNLOAD_UNFINISHED,
  /** The job's running-time limit ended the crawl. */
  TIME_LIMIT
}
