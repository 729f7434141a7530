package org.netarchive.ee.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * A synthetic site of one new domain, with a fast template and a channel of its own, harvested by
 * real agents that deduplicate: what the ITs share that harvest one site more than once (the later
 * harvests with the site's pages changed) and check what the jobs stored. Registered as a static
 * field with {@code @RegisterExtension}: before all tests of the class (once the deployment is
 * there) it makes the template and the channel through the API and starts the site; after all it
 * stops the site, if {@link #stopSite} has not already.
 */
final class SiteHarvests implements BeforeAllCallback, AfterAllCallback {

  private final ScheduledHarvests harvests;
  private final String prefix;
  private final long siteSeed;
  private final Function<String, SyntheticSite.Host> host;
  private Path work;
  private String domain;
  private SyntheticSite site;
  private String template;
  private String channel;

  /**
   * @param prefix names the domain ({@code <prefix>-<unique>.dk}), template and agents
   * @param siteSeed the seed of the site's generated content
   * @param host the site's one host, given its domain name
   */
  SiteHarvests(
      ScheduledHarvests harvests,
      String prefix,
      long siteSeed,
      Function<String, SyntheticSite.Host> host) {
    this.harvests = harvests;
    this.prefix = prefix;
    this.siteSeed = siteSeed;
    this.host = host;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    start();
  }

  /** Makes the template and the channel through the API and starts the site. */
  void start() throws Exception {
    work = Files.createDirectories(Path.of(System.getProperty("agent.it.dir")));
    domain = ScheduledHarvests.unique(prefix + "-") + ".dk";
    template = harvests.newFastTemplate(prefix + "_fast_");
    channel = harvests.newChannel();
    site = new SyntheticSite(siteSeed, List.of(host.apply(domain)));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stopSite();
  }

  String domain() {
    return domain;
  }

  /** The site being served. */
  SyntheticSite site() {
    if (site == null) {
      throw new IllegalStateException("The synthetic site of " + domain + " is not served");
    }
    return site;
  }

  /** The site's seed: the domain's front page. */
  String seed() {
    return site().seed(domain);
  }

  /** Stops the site, so that nothing more can come from it; for good. */
  void stopSite() {
    if (site != null) {
      site.close();
      site = null;
    }
  }

  /**
   * A new agent, not started, that serves the channel, resolves names with the site's DNS and waits
   * up to 120 s for a job's DEDUP index from the index server.
   */
  AgentProcess dedupAgent() throws Exception {
    String instance = ScheduledHarvests.unique(prefix + "-agent-");
    Map<String, String> settings = ScheduledHarvests.agentSettings(channel, instance, site());
    settings.put("timeout.dedupIndexSeconds", "120");
    return new AgentProcess(work.resolve(instance), settings);
  }

  /** A once-harvest of the seed crawled by {@code agent} within {@code crawl}: its DONE job. */
  long harvestOnce(String name, AgentProcess agent, Duration crawl) throws Exception {
    return harvests.harvestOnce(name, channel, template, seed(), agent, crawl);
  }
}
