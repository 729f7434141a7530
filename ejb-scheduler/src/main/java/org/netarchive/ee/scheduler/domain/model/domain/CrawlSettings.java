package org.netarchive.ee.scheduler.domain.model.domain;

import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

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
  public void validate(Text owner) {
    if (maxObjects < -1 || maxObjects == 0) {
      throw new RuleViolation("maxObjects", Text.of("configuration.maxObjects", owner, maxObjects));
    }
    if (maxBytes < -1 || maxBytes == 0) {
      throw new RuleViolation("maxBytes", Text.of("configuration.maxBytes", owner, maxBytes));
    }
    if (maxRequestRate < 1 || maxRequestRate > 100_000) {
      throw new RuleViolation(
          "maxRequestRate", Text.of("configuration.maxRequestRate", owner, maxRequestRate));
    }
    if (maxHops < 0 || maxHops > 1000) {
      throw new RuleViolation("maxHops", Text.of("configuration.maxHops", owner, maxHops));
    }
  }

  /** As {@link #validate(Text)}, for an owner named in English only. */
  public void validate(String owner) {
    validate(Text.verbatim(owner));
  }
}
