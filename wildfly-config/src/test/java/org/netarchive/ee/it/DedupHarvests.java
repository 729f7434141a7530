package org.netarchive.ee.it;

import java.time.Duration;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * Two harvests of one synthetic site by a real agent that deduplicates, the second after only the
 * site's pages changed, so that it stores the unchanged images and PDFs as revisits of the first
 * job's responses. Three ITs read such a pair ({@link DeduplicationIT}, {@link CdxApiIT}, {@link
 * WaczReplayBrowserIT}); the pair is crawled once in the test JVM, by whichever of them runs first,
 * and the site is stopped after it, so that nothing later can come from the live site.
 */
final class DedupHarvests {

  private static final Duration CRAWL = Duration.ofSeconds(240);

  /**
   * The crawled pair.
   *
   * @param domain the site's one domain
   * @param seed its front page, the harvests' seed
   * @param first the first harvest's DONE job
   * @param second the second (deduplicating) harvest's DONE job
   * @param agentLog the end of the agent's log, for messages
   */
  record Pair(String domain, String seed, long first, long second, String agentLog) {}

  private static Pair pair;

  private DedupHarvests() {}

  /** The pair, crawled now if no test of this JVM has yet. */
  static synchronized Pair pair() throws Exception {
    if (pair == null) {
      SiteHarvests site =
          new SiteHarvests(
              new ScheduledHarvests(Api.admin()),
              "dedupit",
              29,
              d -> new SyntheticSite.Host(d, 12, 2, 900, 3));
      site.start();
      try (AgentProcess agent = site.dedupAgent().start()) {
        String seed = site.seed();
        long first = site.harvestOnce("Dedup first ", agent, CRAWL);
        site.site().setEdition(1);
        long second = site.harvestOnce("Dedup second ", agent, CRAWL);
        pair = new Pair(site.domain(), seed, first, second, agent.tail());
      } finally {
        site.stopSite();
      }
    }
    return pair;
  }
}
