package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.job.JobViews.HarvestRunView;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDetails;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDomainView;
import org.netarchive.ee.scheduler.application.job.JobViews.JobSummary;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatus;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestSplit;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersion;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.JobStore;

/** Jobs as the Harvest status section and the REST API see them: lists, details, resubmission. */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class JobService {

  /** An agent whose last heartbeat is older than this is taken as gone. */
  static final Duration AGENT_SILENCE = Duration.ofMinutes(5);

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Inject private JobStore store;
  @Inject private JobDispatcher dispatcher;
  @Inject private Installation installation;

  private final Clock clock = Clock.systemUTC();

  /**
   * A page of jobs, newest first.
   *
   * @throws IllegalArgumentException if the page is out of range
   * @throws NotFoundException if the filter names a harvest or channel that does not exist
   */
  public Page<JobSummary> list(JobFilter filter, int page, int size) {
    Page.checkRequest(page, size);
    StringBuilder where = new StringBuilder(" WHERE 1 = 1");
    Map<String, Object> parameters = new LinkedHashMap<>();
    if (filter.status() != null) {
      where.append(" AND j.status = :status");
      parameters.put("status", filter.status());
    }
    if (filter.harvest() != null) {
      where.append(" AND j.harvestId = :harvest");
      parameters.put("harvest", harvestNamed(filter.harvest()).id());
      if (filter.run() != null) {
        where.append(" AND j.harvestRun = :run");
        parameters.put("run", filter.run());
      }
    }
    if (filter.channel() != null) {
      where.append(" AND j.channelId = :channel");
      parameters.put("channel", channelNamed(filter.channel()).id());
    }
    if (filter.createdFrom() != null) {
      where.append(" AND j.createdAt >= :from");
      parameters.put("from", filter.createdFrom());
    }
    if (filter.createdTo() != null) {
      where.append(" AND j.createdAt < :to");
      parameters.put("to", filter.createdTo());
    }
    TypedQuery<HarvestJob> query =
        em.createQuery(
            "SELECT j FROM HarvestJob j" + where + " ORDER BY j.id DESC", HarvestJob.class);
    TypedQuery<Long> count =
        em.createQuery("SELECT COUNT(j) FROM HarvestJob j" + where, Long.class);
    parameters.forEach(
        (name, value) -> {
          query.setParameter(name, value);
          count.setParameter(name, value);
        });
    List<HarvestJob> jobs = query.setFirstResult(page * size).setMaxResults(size).getResultList();
    return new Page<>(summaries(jobs), count.getSingleResult(), page, size);
  }

  /** The running (STARTED) jobs with their last progress. */
  public List<JobSummary> running() {
    return summaries(
        em.createNamedQuery("HarvestJob.byStatus", HarvestJob.class)
            .setParameter("status", JobStatus.STARTED)
            .getResultList());
  }

  /**
   * One job with a page of its domains (and their results once it has finished).
   *
   * @throws NotFoundException if there is no such job
   */
  public JobDetails details(long jobId, int page, int size) {
    Page.checkRequest(page, size);
    HarvestJob job = job(jobId);
    List<JobDomain> domains;
    try {
      domains = store.domains(job.configurationsJobId());
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the domains of job " + jobId, e);
    }
    Map<Long, HarvestHistory> results = new HashMap<>();
    for (HarvestHistory h :
        em.createQuery("SELECT h FROM HarvestHistory h WHERE h.jobId = :job", HarvestHistory.class)
            .setParameter("job", jobId)
            .getResultList()) {
      results.put(h.domainId(), h);
    }
    int from = Math.min(domains.size(), page * size);
    int to = Math.min(domains.size(), from + size);
    List<JobDomainView> views = new ArrayList<>(to - from);
    for (JobDomain d : domains.subList(from, to)) {
      HarvestHistory result = results.get(d.domainId());
      views.add(
          new JobDomainView(
              d.domainName(),
              d.configurationName(),
              d.maxObjects(),
              d.maxBytes(),
              d.expectedObjects(),
              d.seeds(),
              d.crawlerTraps(),
              result == null ? null : result.objects(),
              result == null ? null : result.bytes(),
              result == null ? null : result.stopReason().name()));
    }
    HarvestTemplateVersion template =
        em.find(HarvestTemplateVersion.class, job.templateVersionId());
    return new JobDetails(
        summaries(List.of(job)).get(0),
        template.template().name(),
        template.number(),
        template.text(),
        job.maxBytesPerDomain(),
        job.byteLimitByHarvest(),
        job.maxRunningSeconds(),
        job.closedBy(),
        job.globalCrawlerTraps().isEmpty()
            ? List.of()
            : Arrays.asList(job.globalCrawlerTraps().split("\n")),
        job.harvestErrorDetails().orElse(null),
        job.uploadErrorDetails().orElse(null),
        new Page<>(views, domains.size(), page, size));
  }

  /** The runs of a harvest that have been split, newest first. */
  public List<HarvestRunView> runs(String harvestName) {
    HarvestDefinition harvest = harvestNamed(harvestName);
    return em.createQuery(
            "SELECT s FROM HarvestSplit s WHERE s.harvestId = :h ORDER BY s.runNumber DESC",
            HarvestSplit.class)
        .setParameter("h", harvest.id())
        .getResultStream()
        .map(
            s ->
                new HarvestRunView(
                    s.id(),
                    s.runNumber(),
                    s.status().name(),
                    s.claimedAt(),
                    s.finishedAt().orElse(null),
                    s.estimated(),
                    s.placed(),
                    s.jobsMade(),
                    s.failure().orElse(null)))
        .toList();
  }

  /**
   * Sends a failed job again as a new job; the old one becomes RESUBMITTED with a link to it.
   *
   * @return the new job
   * @throws NotFoundException if there is no such job
   * @throws IllegalArgumentException if the job is not FAILED
   */
  @RolesAllowed({"admin", "curator"})
  public JobSummary resubmit(long jobId) {
    HarvestJob job = job(jobId);
    if (job.status() != JobStatus.FAILED) {
      throw new IllegalArgumentException(
          "Job " + jobId + " is " + job.status() + "; only a FAILED job can be resubmitted");
    }
    HarvestJob copy = dispatcher.resubmit(job, "Resubmitted by a user");
    return summaries(List.of(copy)).get(0);
  }

  /**
   * The channels that have NEW or SUBMITTED jobs but no agent that has announced itself on them
   * recently: their jobs wait until an agent serves the channel.
   */
  public List<String> channelsWithoutAgents() {
    List<String> waiting =
        em.createQuery(
                "SELECT DISTINCT c.name FROM HarvestJob j, HarvestChannel c WHERE c.id = j.channelId"
                    + " AND j.status IN :statuses ORDER BY c.name",
                String.class)
            .setParameter("statuses", List.of(JobStatus.NEW, JobStatus.SUBMITTED))
            .getResultList();
    Instant since = clock.instant().minus(AGENT_SILENCE);
    List<ComponentStatus> agents =
        em.createNamedQuery("ComponentStatus.all", ComponentStatus.class).getResultList().stream()
            .filter(c -> "HARVESTER_AGENT".equals(c.kind()))
            .filter(c -> c.lastHeartbeat().isAfter(since))
            .toList();
    List<String> unserved = new ArrayList<>();
    for (String channel : waiting) {
      String queue = installation.channels().harvestJobs(channel).name();
      boolean served =
          agents.stream().anyMatch(a -> channel.equals(a.channel()) || queue.equals(a.channel()));
      if (!served) {
        unserved.add(channel);
      }
    }
    return unserved;
  }

  /** How many jobs there are in each status. */
  public Map<String, Long> countsByStatus() {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (JobStatus status : JobStatus.values()) {
      counts.put(status.name(), 0L);
    }
    for (Object[] row :
        em.createQuery(
                "SELECT j.status, COUNT(j) FROM HarvestJob j GROUP BY j.status", Object[].class)
            .getResultList()) {
      counts.put(((JobStatus) row[0]).name(), (Long) row[1]);
    }
    return counts;
  }

  private HarvestJob job(long jobId) {
    HarvestJob job = em.find(HarvestJob.class, jobId);
    if (job == null) {
      throw new NotFoundException("No job with id " + jobId);
    }
    return job;
  }

  private HarvestDefinition harvestNamed(String name) {
    return em.createNamedQuery("HarvestDefinition.findByName", HarvestDefinition.class)
        .setParameter("name", name)
        .getResultStream()
        .findFirst()
        .orElseThrow(() -> new NotFoundException("No harvest named '" + name + "'"));
  }

  private HarvestChannel channelNamed(String name) {
    return em.createQuery(
            "SELECT c FROM HarvestChannel c WHERE c.name = :name", HarvestChannel.class)
        .setParameter("name", name)
        .getResultStream()
        .findFirst()
        .orElseThrow(() -> new NotFoundException("No harvest channel named '" + name + "'"));
  }

  private List<JobSummary> summaries(List<HarvestJob> jobs) {
    Map<Long, String> harvestNames = new HashMap<>();
    Map<Long, String> channelNames = new HashMap<>();
    List<JobSummary> summaries = new ArrayList<>(jobs.size());
    for (HarvestJob j : jobs) {
      String harvest =
          harvestNames.computeIfAbsent(
              j.harvestId(), id -> em.find(HarvestDefinition.class, id).name());
      String channel =
          channelNames.computeIfAbsent(
              j.channelId(), id -> em.find(HarvestChannel.class, id).name());
      summaries.add(JobSummary.of(j, harvest, channel));
    }
    return summaries;
  }
}
