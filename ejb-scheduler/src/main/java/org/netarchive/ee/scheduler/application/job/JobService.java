package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.job.JobViews.Deduplication;
import org.netarchive.ee.scheduler.application.job.JobViews.HarvestRunView;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDetails;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDomainView;
import org.netarchive.ee.scheduler.application.job.JobViews.JobSummary;
import org.netarchive.ee.scheduler.application.job.JobViews.StatusCount;
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
    // The ids first, in native SQL whose order is that of the index that serves it: the
    // equality-filtered columns, then the id descending (H2 reads an index in its own order only,
    // only when ORDER BY spells out that order, and prefers it only when the index covers the
    // query); then the page's jobs by id.
    List<String> conditions = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    String lead = "";
    if (filter.harvest() != null) {
      conditions.add("harvest_id = ?");
      values.add(harvestNamed(filter.harvest()).id());
      lead = "harvest_id, harvest_run DESC, ";
      if (filter.run() != null) {
        conditions.add("harvest_run = ?");
        values.add(filter.run());
      }
    }
    if (filter.status() != null) {
      conditions.add("status = ?");
      values.add(filter.status().name());
      lead = lead.isEmpty() ? "status, " : lead;
    }
    if (filter.channel() != null) {
      conditions.add("channel_id = ?");
      values.add(channelNamed(filter.channel()).id());
      lead = lead.isEmpty() ? "channel_id, " : lead;
    }
    if (filter.createdFrom() != null) {
      conditions.add("created_at >= ?");
      values.add(filter.createdFrom());
    }
    if (filter.createdTo() != null) {
      conditions.add("created_at < ?");
      values.add(filter.createdTo());
    }
    String where = conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    Query query =
        em.createNativeQuery(
            "SELECT id FROM harvest_job" + where + " ORDER BY " + lead + "id DESC");
    bind(query, values);
    List<Long> ids = new ArrayList<>();
    for (Object id : query.setFirstResult(page * size).setMaxResults(size).getResultList()) {
      ids.add(((Number) id).longValue());
    }
    List<HarvestJob> jobs = new ArrayList<>(ids.size());
    if (!ids.isEmpty()) {
      Map<Long, HarvestJob> byId = new HashMap<>();
      for (HarvestJob job :
          em.createQuery("SELECT j FROM HarvestJob j WHERE j.id IN :ids", HarvestJob.class)
              .setParameter("ids", ids)
              .getResultList()) {
        byId.put(job.id(), job);
      }
      for (Long id : ids) {
        jobs.add(byId.get(id));
      }
    }
    if (where.isEmpty()) {
      long total =
          ((Number) em.createNativeQuery("SELECT COUNT(*) FROM harvest_job").getSingleResult())
              .longValue();
      return new Page<>(summaries(jobs), total, page, size);
    }
    // A filtered list is counted only so far past this page: counting a million matches costs
    // seconds and says no more than "many" does.
    long reach = (long) page * size + size + COUNT_REACH;
    long counted = countUpTo("harvest_job" + where, values, reach + 1);
    return new Page<>(summaries(jobs), Math.min(counted, reach), page, size, counted > reach);
  }

  /**
   * How many jobs past the end of a page a filtered list counts before it answers "at least"
   * ({@link Page#totalIsLowerBound()}), and how far the overview counts each status.
   */
  public static final int COUNT_REACH = 10_000;

  /** Counts the rows of {@code from} (a table and its WHERE clause), stopping at {@code limit}. */
  private long countUpTo(String from, List<Object> values, long limit) {
    Query count =
        em.createNativeQuery(
            "SELECT COUNT(*) FROM (SELECT 1 FROM "
                + from
                + " FETCH FIRST "
                + limit
                + " ROWS ONLY) counted");
    bind(count, values);
    return ((Number) count.getSingleResult()).longValue();
  }

  private static void bind(Query query, List<Object> values) {
    for (int i = 0; i < values.size(); i++) {
      query.setParameter(i + 1, values.get(i));
    }
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
              result == null ? null : result.stopReason().name(),
              result == null ? null : result.duplicateObjects(),
              result == null ? null : result.duplicateBytes()));
    }
    Deduplication deduplication = null;
    if (!results.isEmpty()) {
      long objects = 0;
      long bytes = 0;
      long archivedObjects = 0;
      long archivedBytes = 0;
      for (HarvestHistory h : results.values()) {
        objects += h.duplicateObjects();
        bytes += h.duplicateBytes();
        archivedObjects += h.objects();
        archivedBytes += h.bytes();
      }
      deduplication = new Deduplication(objects, bytes, archivedObjects, archivedBytes);
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
        deduplication,
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
    // One look per channel and status (index on status, channel): a channel with a million
    // waiting jobs costs no more than one with one.
    List<String> waiting = new ArrayList<>();
    for (HarvestChannel channel :
        em.createQuery("SELECT c FROM HarvestChannel c ORDER BY c.name", HarvestChannel.class)
            .getResultList()) {
      for (JobStatus status : List.of(JobStatus.NEW, JobStatus.SUBMITTED)) {
        if (countUpTo(
                "harvest_job WHERE status = ? AND channel_id = ?",
                List.of(status.name(), channel.id()),
                1)
            > 0) {
          waiting.add(channel.name());
          break;
        }
      }
    }
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

  /**
   * How many jobs there are in each status (all statuses, in the order of a job's life), each
   * counted up to {@link #COUNT_REACH}: a count past it is answered as "at least".
   */
  public List<StatusCount> countsByStatus() {
    List<StatusCount> counts = new ArrayList<>();
    for (JobStatus status : JobStatus.values()) {
      long counted =
          countUpTo("harvest_job WHERE status = ?", List.of(status.name()), COUNT_REACH + 1L);
      counts.add(
          new StatusCount(status.name(), Math.min(counted, COUNT_REACH), counted > COUNT_REACH));
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
