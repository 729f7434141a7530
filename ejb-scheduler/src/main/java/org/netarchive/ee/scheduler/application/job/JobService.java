package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
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
import org.netarchive.ee.scheduler.domain.model.StateConflict;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatus;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatusRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistoryRepository;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository.JobSelection;
import org.netarchive.ee.scheduler.domain.model.job.HarvestSplitRepository;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersion;

/** Jobs as the Harvest status section and the REST API see them: lists, details, resubmission. */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class JobService {

  /** An agent whose last heartbeat is older than this is taken as gone. */
  static final Duration AGENT_SILENCE = Duration.ofMinutes(5);

  @Inject private HarvestJobRepository jobs;
  @Inject private HarvestSplitRepository splits;
  @Inject private HarvestDefinitionRepository harvests;
  @Inject private HarvestChannelRepository channels;
  @Inject private HarvestTemplateRepository templates;
  @Inject private HarvestHistoryRepository history;
  @Inject private ComponentStatusRepository components;
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
    JobSelection selection =
        new JobSelection(
            filter.harvest() == null ? null : harvestNamed(filter.harvest()).id(),
            filter.harvest() == null ? null : filter.run(),
            filter.status(),
            filter.channel() == null ? null : channelNamed(filter.channel()).id(),
            filter.createdFrom(),
            filter.createdTo());
    List<JobSummary> items = summaries(jobs.list(selection, page * size, size));
    if (selection.equals(JobSelection.ALL)) {
      return new Page<>(items, jobs.count(), page, size);
    }
    // A filtered list is counted only so far past this page: counting a million matches costs
    // seconds and says no more than "many" does.
    long reach = (long) page * size + size + COUNT_REACH;
    long counted = jobs.countUpTo(selection, reach + 1);
    return new Page<>(items, Math.min(counted, reach), page, size, counted > reach);
  }

  /**
   * How many jobs past the end of a page a filtered list counts before it answers "at least"
   * ({@link Page#totalIsLowerBound()}), and how far the overview counts each status.
   */
  public static final int COUNT_REACH = 10_000;

  /** The running (STARTED) jobs with their last progress. */
  public List<JobSummary> running() {
    return summaries(jobs.withStatus(JobStatus.STARTED));
  }

  /**
   * One job with a page of its domains (and their results once it has finished).
   *
   * @throws NotFoundException if there is no such job
   */
  public JobDetails details(long jobId, int page, int size) {
    Page.checkRequest(page, size);
    HarvestJob job = job(jobId);
    List<JobDomain> domains = jobs.domainsOf(job);
    Map<Long, HarvestHistory> results = new HashMap<>();
    for (HarvestHistory h : history.forJob(jobId)) {
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
        templates
            .findVersion(job.templateVersionId())
            .orElseThrow(
                () ->
                    new IllegalStateException("The template version of job " + jobId + " is gone"));
    return new JobDetails(
        summaries(List.of(job)).get(0),
        template.template().name(),
        template.number(),
        template.text(),
        job.maxBytesPerDomain(),
        job.byteLimitByHarvest(),
        job.limits().maxRunningSeconds(),
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
    return splits.ofHarvest(harvest.id()).stream()
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
   * @throws StateConflict if the job is not FAILED
   */
  @RolesAllowed({"admin", "curator"})
  public JobSummary resubmit(long jobId) {
    HarvestJob job = job(jobId);
    if (job.status() != JobStatus.FAILED) {
      throw new StateConflict(Text.of("job.notFailed", jobId, job.status()));
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
    for (HarvestChannel channel : channels.all()) {
      for (JobStatus status : List.of(JobStatus.NEW, JobStatus.SUBMITTED)) {
        if (jobs.countUpTo(JobSelection.of(status, channel.id()), 1) > 0) {
          waiting.add(channel.name());
          break;
        }
      }
    }
    Instant since = clock.instant().minus(AGENT_SILENCE);
    List<ComponentStatus> agents =
        components.all().stream()
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
      long counted = jobs.countUpTo(JobSelection.of(status, null), COUNT_REACH + 1L);
      counts.add(
          new StatusCount(status.name(), Math.min(counted, COUNT_REACH), counted > COUNT_REACH));
    }
    return counts;
  }

  private HarvestJob job(long jobId) {
    return jobs.find(jobId)
        .orElseThrow(() -> new NotFoundException(Text.of("job.notFound", jobId)));
  }

  private HarvestDefinition harvestNamed(String name) {
    return harvests
        .findByName(name)
        .orElseThrow(() -> new NotFoundException(Text.of("harvest.notFound", name)));
  }

  private HarvestChannel channelNamed(String name) {
    return channels
        .findByName(name)
        .orElseThrow(() -> new NotFoundException(Text.of("channel.notFound", name)));
  }

  private List<JobSummary> summaries(List<HarvestJob> jobs) {
    Map<Long, String> harvestNames = new HashMap<>();
    Map<Long, String> channelNames = new HashMap<>();
    List<JobSummary> summaries = new ArrayList<>(jobs.size());
    for (HarvestJob j : jobs) {
      String harvest =
          harvestNames.computeIfAbsent(j.harvestId(), id -> harvests.find(id).orElseThrow().name());
      String channel =
          channelNames.computeIfAbsent(j.channelId(), id -> channels.find(id).orElseThrow().name());
      summaries.add(JobSummary.of(j, harvest, channel));
    }
    return summaries;
  }
}
