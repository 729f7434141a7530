package org.netarchive.ee.common.message;

import java.util.List;

/**
 * One domain of a {@link CrawlRequest}: what to fetch and the limits the crawl applies to it.
 *
 * @param domain the domain's name (ASCII form), e.g. {@code "kb.dk"}
 * @param configuration the name of the domain configuration harvested
 * @param maxObjects the most objects to fetch from the domain, -1 for no limit
 * @param maxBytes the most bytes to fetch from the domain, -1 for no limit
 * @param seeds the seed URLs; at least one
 * @param crawlerTraps the domain's crawler traps (regular expressions of URLs not to fetch)
 * @param settings hops, request rate, robots policy and JavaScript extraction of the domain's
 *     configuration; {@code null}: the template's own
 * @param credentials the passwords of the domain's configuration; absent means none
 */
public record CrawlDomain(
    String domain,
    String configuration,
    long maxObjects,
    long maxBytes,
    List<String> seeds,
    List<String> crawlerTraps,
    @OptionalField DomainCrawlSettings settings,
    @OptionalField List<CrawlCredential> credentials) {

  /** A domain crawled as the template says, without passwords. */
  public CrawlDomain(
      String domain,
      String configuration,
      long maxObjects,
      long maxBytes,
      List<String> seeds,
      List<String> crawlerTraps) {
    this(domain, configuration, maxObjects, maxBytes, seeds, crawlerTraps, null, List.of());
  }

  /**
   * Validates the components and copies the lists.
   *
   * @throws IllegalArgumentException if a name is blank, a limit is neither -1 nor positive, or
   *     there are no seeds
   */
  public CrawlDomain {
    Fields.requireNonBlank(domain, "domain");
    Fields.requireNonBlank(configuration, "configuration");
    Fields.requireLimit(maxObjects, "maxObjects of domain " + domain);
    Fields.requireLimit(maxBytes, "maxBytes of domain " + domain);
    seeds = Fields.copyOf(seeds, "seeds of domain " + domain);
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("seeds of domain " + domain + " must not be empty");
    }
    crawlerTraps = Fields.copyOf(crawlerTraps, "crawlerTraps of domain " + domain);
    credentials =
        credentials == null
            ? List.of()
            : Fields.copyOf(credentials, "credentials of domain " + domain);
    if (credentials.stream().map(CrawlCredential::name).distinct().count() != credentials.size()) {
      throw new IllegalArgumentException("credentials of domain " + domain + " name one twice");
    }
  }

  /** The same domain with its credentials' passwords left out: what the agent keeps on disk. */
  public CrawlDomain withoutPasswords() {
    return new CrawlDomain(
        domain,
        configuration,
        maxObjects,
        maxBytes,
        seeds,
        crawlerTraps,
        settings,
        credentials.stream().map(CrawlCredential::withoutPassword).toList());
  }
}
