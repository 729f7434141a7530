package org.netarchive.ee.common.message;

/**
 * What a crawl got from one domain (part of {@link JobFinished}).
 *
 * @param domain the domain's name as in the {@link CrawlRequest}
 * @param objects objects fetched
 * @param bytes bytes fetched
 * @param stopReason why the crawl of the domain ended, as the crawler saw it
 */
public record DomainStatistics(
    String domain, long objects, long bytes, CrawlStopReason stopReason) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code domain} is blank, a count is negative or {@code
   *     stopReason} is {@code null}
   */
  public DomainStatistics {
    Fields.requireNonBlank(domain, "domain");
    Fields.requireAtLeast(objects, 0, "objects of domain " + domain);
    Fields.requireAtLeast(bytes, 0, "bytes of domain " + domain);
    Fields.requireNonNull(stopReason, "stopReason of domain " + domain);
  }
}
