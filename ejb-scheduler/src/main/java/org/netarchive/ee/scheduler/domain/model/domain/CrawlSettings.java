package org.netarchive.ee.scheduler.domain.model.domain;

import org.netarchive.ee.scheduler.domain.model.RuleViolation;

/**
 * Limits and crawl attributes of a domain configuration.
 *
 * @param maxObjects most objects to harvest, or -1 for no limit
 * @param maxBytes most bytes to harvest, or -1 for no limit
 * @param maxRequestRate most requests per minute to the domain
 * @param maxHops most links followed from a seed
 * @param honorRobots whether robots.txt is obeyed
 * @param extractJavascript whether links are extracted from JavaScript
 */
public record CrawlSettings(
    long maxObjects,
    long maxBytes,
    int maxRequestRate,
    int maxHops,
    boolean honorRobots,
    boolean extractJavascript) {

  /** Per-domain byte limit of a new domain's default configuration (NetarchiveSuite's default). */
  public static final long DEFAULT_MAX_BYTES = 1_000_000_000L;

  /** The defaults of a new configuration. */
  public static CrawlSettings defaults() {
    return new CrawlSettings(DomainConfiguration.UNLIMITED, DEFAULT_MAX_BYTES, 60, 20, true, true);
  }

  /** The same with other limits. */
  public CrawlSettings withLimits(long objects, long bytes) {
    return new CrawlSettings(
        objects, bytes, maxRequestRate, maxHops, honorRobots, extractJavascript);
  }

  /** The same with another request rate (most requests per minute to a domain). */
  public CrawlSettings withRequestRate(int requestsPerMinute) {
    return new CrawlSettings(
        maxObjects, maxBytes, requestsPerMinute, maxHops, honorRobots, extractJavascript);
  }

  /**
   * Checks the settings against the rules of a configuration.
   *
   * @param owner what has them, as the refusal names it
   * @throws RuleViolation naming the field at fault
   */
  public void validate(String owner) {
    if (maxObjects < -1 || maxObjects == 0) {
      throw new RuleViolation(
          "maxObjects",
          "configuration.maxObjects",
          "Max objects of "
              + owner
              + " must be a positive number or -1 (no limit), not "
              + maxObjects,
          owner,
          maxObjects);
    }
    if (maxBytes < -1 || maxBytes == 0) {
      throw new RuleViolation(
          "maxBytes",
          "configuration.maxBytes",
          "Max bytes of " + owner + " must be a positive number or -1 (no limit), not " + maxBytes,
          owner,
          maxBytes);
    }
    if (maxRequestRate < 1 || maxRequestRate > 100_000) {
      throw new RuleViolation(
          "maxRequestRate",
          "configuration.maxRequestRate",
          "Max request rate of "
              + owner
              + " must be 1 to 100000 requests per minute, not "
              + maxRequestRate,
          owner,
          maxRequestRate);
    }
    if (maxHops < 0 || maxHops > 1000) {
      throw new RuleViolation(
          "maxHops",
          "configuration.maxHops",
          "Max hops of " + owner + " must be 0 to 1000, not " + maxHops,
          owner,
          maxHops);
    }
  }
}
