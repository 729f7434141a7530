package org.netarchive.ee.agent;

import java.time.Instant;
import java.util.List;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.DomainAlias;
import org.netarchive.ee.common.template.CrawlTemplate;

/** Crawl requests as the server sends them, for the agent's tests. */
public final class TestJobs {

  public static final Instant CREATED = Instant.parse("2026-11-21T08:00:00Z");

  /** The free space Heritrix's database keeps in the tests: the agent's default minimum. */
  public static final long BDB_FREE_DISK = 400_000_000L;

  private TestJobs() {}

  /** A job of harvest 7 with the default template and the given domains. */
  public static CrawlRequest request(long jobId, CrawlDomain... domains) {
    return request(jobId, CrawlTemplate.defaultTemplate().text(), 0, domains);
  }

  public static CrawlRequest request(
      long jobId, String crawlerBeans, long maxRunningSeconds, CrawlDomain... domains) {
    return CrawlRequest.builder()
        .job(jobId, CREATED)
        .harvest(7, "Nightly news", 2)
        .channel("FOCUSED")
        .template("default_orderxml", 3, crawlerBeans)
        .maxRunningSeconds(maxRunningSeconds)
        .globalCrawlerTraps(List.of(".*/calendar/.*"))
        .domains(List.of(domains))
        .aliases(List.of(new DomainAlias("kb.com", "kb.dk", CREATED.minusSeconds(86_400))))
        .deduplicationJobIds(List.of(11L, 12L))
        .build();
  }

  public static CrawlDomain domain(String name, long maxObjects, long maxBytes, String... seeds) {
    return new CrawlDomain(
        name, "defaultconfig", maxObjects, maxBytes, List.of(seeds), List.of(".*\\?session=.*"));
  }
}
