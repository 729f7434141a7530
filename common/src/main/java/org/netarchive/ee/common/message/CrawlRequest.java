package org.netarchive.ee.common.message;

import java.time.Instant;
import java.util.List;

/**
 * The order to run one crawl job, sent by the server to a harvest channel's job queue and taken by
 * exactly one harvester agent serving that channel.
 *
 * <p>It carries everything the agent needs, so that the job runs as it was made even if the
 * definitions change meanwhile: the exact crawler-beans text of the template version, the domains
 * with their seeds, limits and crawler traps, and the metadata of reference/000 "Talking to the
 * harvesters" (the aliases used when the job was made and the jobs whose index the crawl should
 * deduplicate against).
 *
 * @param jobId the job's id; the agent's replies carry it
 * @param harvestId the harvest the job belongs to
 * @param harvestName the harvest's name
 * @param harvestRun the harvest's run number that made the job (1 for the first run)
 * @param channel the harvest channel the job was sent on
 * @param templateName the name of the crawl template
 * @param templateVersion the template's version number
 * @param crawlerBeans the template's crawler-beans.cxml text, with its placeholders unfilled
 * @param maxRunningSeconds the longest the crawl may run, 0 for no limit
 * @param globalCrawlerTraps crawler traps that apply to every domain of the job
 * @param domains the domains of the job; at least one, no name twice
 * @param aliases the aliases whose domains the job harvests in their place
 * @param deduplicationJobIds the jobs whose harvested content the crawl deduplicates against
 * @param createdAt when the job was made
 */
@MessageType(name = "CrawlRequest", version = 1)
public record CrawlRequest(
    long jobId,
    long harvestId,
    String harvestName,
    int harvestRun,
    String channel,
    String templateName,
    int templateVersion,
    String crawlerBeans,
    long maxRunningSeconds,
    List<String> globalCrawlerTraps,
    List<CrawlDomain> domains,
    List<DomainAlias> aliases,
    List<Long> deduplicationJobIds,
    Instant createdAt)
    implements Message {

  /**
   * Validates the components and copies the lists.
   *
   * @throws IllegalArgumentException if an id or number is out of range, a required text is blank,
   *     there are no domains or a domain appears twice
   */
  public CrawlRequest {
    Fields.requireAtLeast(jobId, 1, "jobId");
    Fields.requireAtLeast(harvestId, 1, "harvestId");
    Fields.requireNonBlank(harvestName, "harvestName");
    Fields.requireAtLeast(harvestRun, 1, "harvestRun");
    Fields.requireNonBlank(channel, "channel");
    Fields.requireNonBlank(templateName, "templateName");
    Fields.requireAtLeast(templateVersion, 1, "templateVersion");
    Fields.requireNonBlank(crawlerBeans, "crawlerBeans");
    Fields.requireAtLeast(maxRunningSeconds, 0, "maxRunningSeconds");
    globalCrawlerTraps = Fields.copyOf(globalCrawlerTraps, "globalCrawlerTraps");
    domains = Fields.copyOf(domains, "domains");
    if (domains.isEmpty()) {
      throw new IllegalArgumentException("domains of job " + jobId + " must not be empty");
    }
    if (domains.stream().map(CrawlDomain::domain).distinct().count() != domains.size()) {
      throw new IllegalArgumentException("domains of job " + jobId + " name a domain twice");
    }
    aliases = Fields.copyOf(aliases, "aliases");
    deduplicationJobIds = Fields.copyOf(deduplicationJobIds, "deduplicationJobIds");
    Fields.requireNonNull(createdAt, "createdAt");
  }

  /**
   * The same request with every credential's password left out: what the agent keeps in the job
   * directory and archives as the job's setup.
   */
  public CrawlRequest withoutPasswords() {
    return new CrawlRequest(
        jobId,
        harvestId,
        harvestName,
        harvestRun,
        channel,
        templateName,
        templateVersion,
        crawlerBeans,
        maxRunningSeconds,
        globalCrawlerTraps,
        domains.stream().map(CrawlDomain::withoutPasswords).toList(),
        aliases,
        deduplicationJobIds,
        createdAt);
  }
}
