package org.netarchive.ee.common.message;

/**
 * How a domain of a {@link CrawlRequest} is crawled, from its domain configuration; the agent
 * applies it to the domain's URIs only (a Heritrix sheet per distinct settings).
 *
 * @param maxHops the most links followed from a seed, 0 or more
 * @param maxRequestsPerMinute the most requests per minute to the domain, at least 1
 * @param obeyRobots whether robots.txt is obeyed
 * @param extractJavascript whether links are extracted from JavaScript
 */
public record DomainCrawlSettings(
    int maxHops, int maxRequestsPerMinute, boolean obeyRobots, boolean extractJavascript) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if the hops are negative or the rate is below 1
   */
  public DomainCrawlSettings {
    Fields.requireNonNegative(maxHops, "maxHops");
    Fields.requirePositive(maxRequestsPerMinute, "maxRequestsPerMinute");
  }
}
