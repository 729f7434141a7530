package org.netarchive.ee.scheduler.application.job;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.netarchive.ee.common.message.CrawlCredential;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.DomainAlias;
import org.netarchive.ee.common.message.DomainCrawlSettings;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainPassword;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotHarvest;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistoryRepository;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersion;
import org.netarchive.ee.scheduler.infrastructure.secrets.PasswordSeal;

/**
 * Makes a job's {@link CrawlRequest}: everything the agent needs to crawl it, read when the job is
 * sent, from the job (its domains, seeds, limits and traps as the split packed them), its harvest,
 * channel and template version, the domains' configurations and aliases, and the harvest history
 * (the jobs it deduplicates against).
 *
 * <p>Made at dispatch, not stored with the job when the split packs it, for three reasons. The
 * request carries the domains' passwords opened from their seals, which are never written anywhere
 * else; a configuration's hops, rate, robots and JavaScript settings and passwords changed while
 * the job waits (a snapshot's million jobs wait days) reach the crawl; and the jobs to deduplicate
 * against are those finished by then, not those finished when the split ran. What the split decided
 * (which domains, their seeds, traps and limits, the template version) is fixed in the job and read
 * from it unchanged, so a resubmitted job crawls what the first one was to crawl.
 */
@ApplicationScoped
public class CrawlRequests {

  @Inject private HarvestJobRepository jobs;
  @Inject private HarvestDefinitionRepository harvests;
  @Inject private HarvestChannelRepository channels;
  @Inject private HarvestTemplateRepository templates;
  @Inject private DomainRepository domains;
  @Inject private HarvestHistoryRepository history;
  @Inject private PasswordSeal seal;

  /** The crawl request of a job, as the job was made and its domains are configured now. */
  public CrawlRequest of(HarvestJob job) {
    HarvestDefinition harvest = required(harvests.find(job.harvestId()), "harvest", job);
    HarvestChannel channel = required(channels.find(job.channelId()), "channel", job);
    HarvestTemplateVersion template =
        required(templates.findVersion(job.templateVersionId()), "template version", job);
    List<JobDomain> jobDomains = jobs.domainsOf(job);
    Map<Long, DomainConfiguration> configurations = new HashMap<>();
    for (DomainConfiguration c :
        domains.configurationsWithPasswords(
            jobDomains.stream().map(JobDomain::configurationId).distinct().toList())) {
      configurations.put(c.id(), c);
    }
    List<CrawlDomain> crawlDomains = new ArrayList<>(jobDomains.size());
    for (JobDomain d : jobDomains) {
      // A configuration deleted meanwhile leaves its domain to the template's settings, without
      // passwords.
      DomainConfiguration configuration = configurations.get(d.configurationId());
      crawlDomains.add(
          new CrawlDomain(
              d.domainName(),
              d.configurationName(),
              d.maxObjects(),
              d.maxBytes(),
              d.seeds(),
              d.crawlerTraps(),
              configuration == null ? null : settings(configuration.settings()),
              configuration == null ? List.of() : credentials(configuration)));
    }
    return CrawlRequest.builder()
        .job(job.id(), job.createdAt())
        .harvest(harvest.id(), harvest.name(), job.harvestRun())
        .channel(channel.name())
        .template(template.template().name(), template.number(), template.text())
        .maxRunningSeconds(job.limits().maxRunningSeconds())
        .globalCrawlerTraps(
            job.globalCrawlerTraps().isEmpty()
                ? List.of()
                : Arrays.asList(job.globalCrawlerTraps().split("\n")))
        .domains(crawlDomains)
        .aliases(aliases(jobDomains))
        .deduplicationJobIds(deduplicationJobs(job, harvest, jobDomains))
        .build();
  }

  static DomainCrawlSettings settings(CrawlSettings s) {
    return new DomainCrawlSettings(
        s.maxHops(), s.maxRequestRate(), s.honorRobots(), s.extractJavascript());
  }

  /** The configuration's passwords, opened for the crawl request (and only for it). */
  private List<CrawlCredential> credentials(DomainConfiguration configuration) {
    List<CrawlCredential> credentials = new ArrayList<>();
    for (DomainPassword p : configuration.passwords()) {
      String clear =
          p.sealedPassword() != null
              ? seal.open(p.sealOwner(), p.sealedPassword())
              : p.legacyClearPassword();
      credentials.add(
          new CrawlCredential(
              p.name(),
              p.url(),
              p.realm(),
              p.username(),
              clear,
              p.loginUserField(),
              p.loginPasswordField()));
    }
    return credentials;
  }

  private List<DomainAlias> aliases(List<JobDomain> jobDomains) {
    return domains.aliasesOf(jobDomains.stream().map(JobDomain::domainId).toList()).stream()
        .map(a -> new DomainAlias(a.name(), a.aliasOf(), a.since()))
        .toList();
  }

  /**
   * The jobs whose harvested content this job deduplicates against, lowest first: the finished jobs
   * of the harvest's latest earlier run (for a snapshot, the finished jobs of the snapshot it
   * continues), and for each of the job's domains the latest other job that harvested it (its
   * harvest history, whatever the harvest).
   */
  private List<Long> deduplicationJobs(
      HarvestJob job, HarvestDefinition harvest, List<JobDomain> jobDomains) {
    TreeSet<Long> against = new TreeSet<>(earlierRunJobs(job, harvest));
    against.addAll(
        history.latestJobPerDomain(
            jobDomains.stream().map(JobDomain::domainId).distinct().toList(), job.id()));
    return List.copyOf(against);
  }

  /** The finished jobs of the harvest's latest earlier run, or of the snapshot it continues. */
  private List<Long> earlierRunJobs(HarvestJob job, HarvestDefinition harvest) {
    if (harvest.kind() == HarvestKind.SNAPSHOT) {
      return ((SnapshotHarvest) harvest)
          .previousSnapshot()
          .map(previous -> jobs.doneJobIds(previous.id()))
          .orElse(List.of());
    }
    return jobs.doneJobIdsOfLatestRunBefore(harvest.id(), job.harvestRun());
  }

  private static <T> T required(java.util.Optional<T> found, String what, HarvestJob job) {
    return found.orElseThrow(
        () -> new IllegalStateException("The " + what + " of job " + job.id() + " is gone"));
  }
}
