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
    return toBuilder()
        .domains(domains.stream().map(CrawlDomain::withoutPasswords).toList())
        .build();
  }

  /**
   * Starts building a request; the lists start out empty. The builder names each of the many
   * adjacent ids and numbers, which a positional constructor call does not.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this request's values, to make a changed copy. */
  public Builder toBuilder() {
    return new Builder()
        .job(jobId, createdAt)
        .harvest(harvestId, harvestName, harvestRun)
        .channel(channel)
        .template(templateName, templateVersion, crawlerBeans)
        .maxRunningSeconds(maxRunningSeconds)
        .globalCrawlerTraps(globalCrawlerTraps)
        .domains(domains)
        .aliases(aliases)
        .deduplicationJobIds(deduplicationJobIds);
  }

  /** Builds a {@link CrawlRequest}; validation happens in {@link #build()}. */
  public static final class Builder {
    private long jobId;
    private Instant createdAt;
    private long harvestId;
    private String harvestName;
    private int harvestRun;
    private String channel;
    private String templateName;
    private int templateVersion;
    private String crawlerBeans;
    private long maxRunningSeconds;
    private List<String> globalCrawlerTraps = List.of();
    private List<CrawlDomain> domains = List.of();
    private List<DomainAlias> aliases = List.of();
    private List<Long> deduplicationJobIds = List.of();

    private Builder() {}

    /** Sets {@link CrawlRequest#jobId()} and {@link CrawlRequest#createdAt()}. */
    public Builder job(long jobId, Instant createdAt) {
      this.jobId = jobId;
      this.createdAt = createdAt;
      return this;
    }

    /**
     * Sets {@link CrawlRequest#harvestId()}, {@link CrawlRequest#harvestName()} and {@link
     * CrawlRequest#harvestRun()}.
     */
    public Builder harvest(long harvestId, String harvestName, int harvestRun) {
      this.harvestId = harvestId;
      this.harvestName = harvestName;
      this.harvestRun = harvestRun;
      return this;
    }

    /** Sets {@link CrawlRequest#channel()}. */
    public Builder channel(String channel) {
      this.channel = channel;
      return this;
    }

    /**
     * Sets {@link CrawlRequest#templateName()}, {@link CrawlRequest#templateVersion()} and {@link
     * CrawlRequest#crawlerBeans()}.
     */
    public Builder template(String templateName, int templateVersion, String crawlerBeans) {
      this.templateName = templateName;
      this.templateVersion = templateVersion;
      this.crawlerBeans = crawlerBeans;
      return this;
    }

    /** Sets {@link CrawlRequest#maxRunningSeconds()}; 0 (the default) for no limit. */
    public Builder maxRunningSeconds(long maxRunningSeconds) {
      this.maxRunningSeconds = maxRunningSeconds;
      return this;
    }

    /** Sets {@link CrawlRequest#globalCrawlerTraps()}. */
    public Builder globalCrawlerTraps(List<String> globalCrawlerTraps) {
      this.globalCrawlerTraps = globalCrawlerTraps;
      return this;
    }

    /** Sets {@link CrawlRequest#domains()}. */
    public Builder domains(List<CrawlDomain> domains) {
      this.domains = domains;
      return this;
    }

    /** Sets {@link CrawlRequest#aliases()}. */
    public Builder aliases(List<DomainAlias> aliases) {
      this.aliases = aliases;
      return this;
    }

    /** Sets {@link CrawlRequest#deduplicationJobIds()}. */
    public Builder deduplicationJobIds(List<Long> deduplicationJobIds) {
      this.deduplicationJobIds = deduplicationJobIds;
      return this;
    }

    /**
     * Builds the request.
     *
     * @throws IllegalArgumentException as {@link CrawlRequest}'s constructor does
     */
    public CrawlRequest build() {
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
          domains,
          aliases,
          deduplicationJobIds,
          createdAt);
    }
  }
}
