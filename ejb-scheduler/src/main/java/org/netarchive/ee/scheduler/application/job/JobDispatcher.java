package org.netarchive.ee.scheduler.application.job;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.logging.Logger;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.CrawlCredential;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.DomainAlias;
import org.netarchive.ee.common.message.DomainCrawlSettings;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.monitor.SchedulerActivity;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainPassword;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotHarvest;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.job.SplitStatus;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersion;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.JobStore;
import org.netarchive.ee.scheduler.infrastructure.secrets.PasswordSeal;

/**
 * Sends NEW jobs to their channel's queue as {@link CrawlRequest}s and marks them SUBMITTED in the
 * same (XA) transaction: a job is on the queue exactly when it is SUBMITTED. At most {@link
 * #MAX_QUEUED_PER_CHANNEL} jobs of a channel are queued at a time (the rest wait as NEW); agents
 * take one job at a time, so a longer queue would only hold messages that a restart loses anyway.
 *
 * <p>Crawl requests are sent non-persistent: after a restart of the server (and its embedded
 * broker) the queue is empty, and every job still SUBMITTED is resubmitted as a new job (the old
 * one becomes RESUBMITTED), so no job is lost and no old message can start a crawl of a job that
 * was replaced.
 */
@Stateless
@PermitAll
public class JobDispatcher {

  private static final Logger LOG = Logger.getLogger(JobDispatcher.class.getName());

  /** The most SUBMITTED jobs a channel's queue holds at a time. */
  public static final int MAX_QUEUED_PER_CHANNEL = 50;

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Inject private JMSContext jms;
  @Inject private Installation installation;
  @Inject private JobStore store;
  @Inject private MeterRegistry metrics;
  @Inject private SchedulerActivity activity;
  @Inject private PasswordSeal seal;

  private final JmsMessages messages = JmsMessages.standard();
  private final Clock clock = Clock.systemUTC();

  /**
   * Submits up to {@code max} NEW jobs of finished splits.
   *
   * @return how many were submitted
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public int dispatchSome(int max) {
    // A channel's queue holds at most MAX_QUEUED_PER_CHANNEL jobs: the rest wait as NEW, so a
    // snapshot of a million jobs, or a channel no agent serves, does not fill the broker.
    Map<Long, Long> queued = new HashMap<>();
    for (Object[] row :
        em.createQuery(
                "SELECT j.channelId, COUNT(j) FROM HarvestJob j WHERE j.status = :submitted"
                    + " GROUP BY j.channelId",
                Object[].class)
            .setParameter("submitted", JobStatus.SUBMITTED)
            .getResultList()) {
      queued.put((Long) row[0], (Long) row[1]);
    }
    List<Long> full =
        queued.entrySet().stream()
            .filter(e -> e.getValue() >= MAX_QUEUED_PER_CHANNEL)
            .map(Map.Entry::getKey)
            .toList();
    TypedQuery<HarvestJob> query =
        em.createQuery(
                "SELECT j FROM HarvestJob j, HarvestSplit s WHERE s.id = j.splitId"
                    + " AND j.status = :new AND s.status = :done"
                    + (full.isEmpty() ? "" : " AND j.channelId NOT IN :full")
                    + " ORDER BY j.id",
                HarvestJob.class)
            .setParameter("new", JobStatus.NEW)
            .setParameter("done", SplitStatus.DONE)
            .setMaxResults(max);
    if (!full.isEmpty()) {
      query.setParameter("full", full);
    }
    List<HarvestJob> ready = query.getResultList();
    Instant now = clock.instant();
    int submitted = 0;
    for (HarvestJob job : ready) {
      if (queued.merge(job.channelId(), 1L, Long::sum) > MAX_QUEUED_PER_CHANNEL) {
        continue;
      }
      submitted++;
      CrawlRequest request = request(job);
      String queue = installation.channels().harvestJobs(request.channel()).name();
      jms.createProducer()
          .setDeliveryMode(DeliveryMode.NON_PERSISTENT)
          .send(jms.createQueue(queue), messages.toTextMessage(jms, request));
      job.submit(now);
      DescribedMeters.counter(
              metrics, "netarchive.jobs.submitted", Tags.of("channel", request.channel()))
          .increment();
      activity.jobSubmitted();
      LOG.info(
          () ->
              "Submitted job "
                  + job.id()
                  + " ("
                  + request.domains().size()
                  + " domain(s) of "
                  + request.harvestName()
                  + ") to "
                  + queue);
    }
    return submitted;
  }

  /**
   * Resubmits every SUBMITTED job as a new job: called once at start-up, when the crawl requests of
   * those jobs were lost with the broker's non-persistent messages.
   *
   * @return how many were resubmitted
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public int resubmitLostJobs() {
    List<HarvestJob> submitted =
        em.createNamedQuery("HarvestJob.byStatus", HarvestJob.class)
            .setParameter("status", JobStatus.SUBMITTED)
            .getResultList();
    for (HarvestJob job : submitted) {
      HarvestJob copy = resubmit(job, "The server restarted while the job waited in its queue");
      LOG.info(() -> "Job " + job.id() + " was queued at restart; resubmitted as " + copy.id());
    }
    return submitted.size();
  }

  /**
   * Makes a NEW copy of a job and marks the job RESUBMITTED with a link to it.
   *
   * @throws IllegalStateException if the job is not SUBMITTED or FAILED
   */
  public HarvestJob resubmit(HarvestJob job, String reason) {
    if (!job.status().canBecome(JobStatus.RESUBMITTED)) {
      throw new IllegalStateException(
          "Job "
              + job.id()
              + " is "
              + job.status()
              + "; only SUBMITTED and FAILED jobs can be"
              + " resubmitted");
    }
    long id;
    try {
      id = store.nextJobId();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot get a new job id", e);
    }
    HarvestJob copy = HarvestJob.copyOf(job, id, clock.instant());
    em.persist(copy);
    em.flush();
    job.resubmittedAs(copy, reason);
    return copy;
  }

  /** The crawl request of a job: everything the agent needs, as the job was made. */
  public CrawlRequest request(HarvestJob job) {
    HarvestDefinition harvest = em.find(HarvestDefinition.class, job.harvestId());
    HarvestChannel channel = em.find(HarvestChannel.class, job.channelId());
    HarvestTemplateVersion template =
        em.find(HarvestTemplateVersion.class, job.templateVersionId());
    List<JobDomain> domains;
    try {
      domains = store.domains(job.configurationsJobId());
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the domains of job " + job.id(), e);
    }
    Map<Long, DomainConfiguration> configurations = configurations(domains);
    List<CrawlDomain> crawlDomains = new ArrayList<>(domains.size());
    for (JobDomain d : domains) {
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
    return new CrawlRequest(
        job.id(),
        harvest.id(),
        harvest.name(),
        job.harvestRun(),
        channel.name(),
        template.template().name(),
        template.number(),
        template.text(),
        job.maxRunningSeconds(),
        job.globalCrawlerTraps().isEmpty()
            ? List.of()
            : Arrays.asList(job.globalCrawlerTraps().split("\n")),
        crawlDomains,
        aliases(domains),
        deduplicationJobs(job, harvest, domains),
        job.createdAt());
  }

  /**
   * The configurations of a job's domains with their passwords, read when the job is sent: their
   * hops, rate, robots and JavaScript settings and passwords are the current ones (a configuration
   * deleted meanwhile leaves its domain to the template's settings, without passwords).
   */
  private Map<Long, DomainConfiguration> configurations(List<JobDomain> domains) {
    Map<Long, DomainConfiguration> found = new HashMap<>();
    List<Long> ids = domains.stream().map(JobDomain::configurationId).distinct().toList();
    for (int from = 0; from < ids.size(); from += 1000) {
      List<Long> slice = ids.subList(from, Math.min(ids.size(), from + 1000));
      for (DomainConfiguration c :
          em.createQuery(
                  "SELECT DISTINCT c FROM DomainConfiguration c LEFT JOIN FETCH c.passwords"
                      + " WHERE c.id IN :ids",
                  DomainConfiguration.class)
              .setParameter("ids", slice)
              .getResultList()) {
        found.put(c.id(), c);
      }
    }
    return found;
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

  private List<DomainAlias> aliases(List<JobDomain> domains) {
    List<DomainAlias> aliases = new ArrayList<>();
    List<Long> ids = domains.stream().map(JobDomain::domainId).toList();
    for (int from = 0; from < ids.size(); from += 1000) {
      List<Long> slice = ids.subList(from, Math.min(ids.size(), from + 1000));
      List<Object[]> rows =
          em.createQuery(
                  "SELECT a.name, d.name, a.aliasSetAt FROM Domain a JOIN a.aliasOf d"
                      + " WHERE d.id IN :ids ORDER BY a.name",
                  Object[].class)
              .setParameter("ids", slice)
              .getResultList();
      for (Object[] row : rows) {
        aliases.add(new DomainAlias(row[0].toString(), row[1].toString(), (Instant) row[2]));
      }
    }
    return aliases;
  }

  /**
   * The jobs whose harvested content this job deduplicates against, lowest first: the finished jobs
   * of the harvest's latest earlier run (for a snapshot, the finished jobs of the snapshot it
   * continues), and for each of the job's domains the latest other job that harvested it (its
   * harvest history, whatever the harvest).
   */
  private List<Long> deduplicationJobs(
      HarvestJob job, HarvestDefinition harvest, List<JobDomain> domains) {
    TreeSet<Long> jobs = new TreeSet<>(earlierRunJobs(job, harvest));
    List<Long> domainIds = domains.stream().map(JobDomain::domainId).distinct().toList();
    for (int from = 0; from < domainIds.size(); from += 500) {
      List<Long> slice = domainIds.subList(from, Math.min(domainIds.size(), from + 500));
      jobs.addAll(
          em.createQuery(
                  "SELECT MAX(h.jobId) FROM HarvestHistory h WHERE h.domainId IN :ids"
                      + " AND h.jobId IS NOT NULL AND h.jobId <> :self GROUP BY h.domainId",
                  Long.class)
              .setParameter("ids", slice)
              .setParameter("self", job.id())
              .getResultList());
    }
    return List.copyOf(jobs);
  }

  /** The finished jobs of the harvest's latest earlier run, or of the snapshot it continues. */
  private List<Long> earlierRunJobs(HarvestJob job, HarvestDefinition harvest) {
    if (harvest.kind() == HarvestKind.SNAPSHOT) {
      return ((SnapshotHarvest) harvest)
          .previousSnapshot()
          .map(
              previous ->
                  em.createQuery(
                          "SELECT j.id FROM HarvestJob j WHERE j.harvestId = :h AND j.status = :done"
                              + " ORDER BY j.id",
                          Long.class)
                      .setParameter("h", previous.id())
                      .setParameter("done", JobStatus.DONE)
                      .getResultList())
          .orElse(List.of());
    }
    List<Integer> runs =
        em.createQuery(
                "SELECT MAX(j.harvestRun) FROM HarvestJob j WHERE j.harvestId = :h"
                    + " AND j.harvestRun < :run AND j.status = :done",
                Integer.class)
            .setParameter("h", harvest.id())
            .setParameter("run", job.harvestRun())
            .setParameter("done", JobStatus.DONE)
            .getResultList();
    if (runs.isEmpty() || runs.get(0) == null) {
      return List.of();
    }
    return em.createQuery(
            "SELECT j.id FROM HarvestJob j WHERE j.harvestId = :h AND j.harvestRun = :run"
                + " AND j.status = :done ORDER BY j.id",
            Long.class)
        .setParameter("h", harvest.id())
        .setParameter("run", runs.get(0))
        .setParameter("done", JobStatus.DONE)
        .getResultList();
  }
}
