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
import jakarta.jms.JMSException;
import jakarta.jms.QueueBrowser;
import java.time.Clock;
import java.time.Instant;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.monitor.SchedulerActivity;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

/**
 * Sends NEW jobs to their channel's queue as {@link CrawlRequest}s and marks them SUBMITTED in the
 * same (XA) transaction: a job is on the queue exactly when it is SUBMITTED. At most {@link
 * #MAX_QUEUED_PER_CHANNEL} jobs of a channel are queued at a time (the rest wait as NEW); agents
 * take one job at a time, so a longer queue would only fill the broker's journal.
 *
 * <p>Crawl requests are sent persistent: a restart of the server (and its embedded broker) keeps
 * them on their queues, and a queued job stays itself, SUBMITTED. At start-up only a SUBMITTED job
 * whose request is not on its channel's queue (the broker's journal was lost, or the request was
 * dead-lettered) is resubmitted as a new job (the old one becomes RESUBMITTED), so no job is lost
 * and none is queued twice. The queues are browsed before agents can have taken anything of the
 * restarted broker in the seconds after start-up; a request an agent took but whose JobStarted the
 * server has not yet recorded is not on its queue either, and such a job is resubmitted too (as
 * before, when every SUBMITTED job was).
 */
@Stateless
@PermitAll
public class JobDispatcher {

  private static final Logger LOG = Logger.getLogger(JobDispatcher.class.getName());

  /** The most SUBMITTED jobs a channel's queue holds at a time. */
  public static final int MAX_QUEUED_PER_CHANNEL = 50;

  @Inject private HarvestJobRepository jobs;
  @Inject private CrawlRequests requests;
  @Inject private HarvestChannelRepository channels;
  @Inject private JMSContext jms;
  @Inject private Installation installation;
  @Inject private MeterRegistry metrics;
  @Inject private SchedulerActivity activity;

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
    Map<Long, Long> queued = jobs.submittedPerChannel();
    List<Long> full =
        queued.entrySet().stream()
            .filter(e -> e.getValue() >= MAX_QUEUED_PER_CHANNEL)
            .map(Map.Entry::getKey)
            .toList();
    List<HarvestJob> ready = jobs.readyToSubmit(max, full);
    Instant now = clock.instant();
    int submitted = 0;
    for (HarvestJob job : ready) {
      if (queued.merge(job.channelId(), 1L, Long::sum) > MAX_QUEUED_PER_CHANNEL) {
        continue;
      }
      submitted++;
      CrawlRequest request = requests.of(job);
      String queue = installation.channels().harvestJobs(request.channel()).name();
      jms.createProducer()
          .setDeliveryMode(DeliveryMode.PERSISTENT)
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
   * Resubmits as a new job every SUBMITTED job whose crawl request is not on its channel's queue:
   * called once at start-up. The queues are browsed (nothing is taken from them).
   *
   * @return how many were resubmitted
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public int resubmitLostJobs() {
    List<HarvestJob> submitted = jobs.withStatus(JobStatus.SUBMITTED);
    Map<String, Set<Long>> queuedByQueue = new HashMap<>();
    int resubmitted = 0;
    for (HarvestJob job : submitted) {
      String queue =
          installation
              .channels()
              .harvestJobs(
                  channels
                      .find(job.channelId())
                      .map(HarvestChannel::name)
                      .orElseThrow(
                          () ->
                              new IllegalStateException(
                                  "Job " + job.id() + " names no channel " + job.channelId())))
              .name();
      Set<Long> queued = queuedByQueue.computeIfAbsent(queue, this::jobsOnQueue);
      if (queued.contains(job.id())) {
        continue;
      }
      HarvestJob copy =
          resubmit(job, "The server restarted and the job's crawl request was not on " + queue);
      resubmitted++;
      LOG.info(
          () ->
              "Job "
                  + job.id()
                  + " was SUBMITTED at restart without its crawl request on "
                  + queue
                  + "; resubmitted as "
                  + copy.id());
    }
    return resubmitted;
  }

  /** The ids of the jobs whose crawl requests are on a queue, browsed without taking any. */
  private Set<Long> jobsOnQueue(String queue) {
    Set<Long> ids = new HashSet<>();
    try (QueueBrowser browser = jms.createBrowser(jms.createQueue(queue))) {
      Enumeration<?> messages = browser.getEnumeration();
      while (messages.hasMoreElements()) {
        jakarta.jms.Message message = (jakarta.jms.Message) messages.nextElement();
        try {
          if (this.messages.fromJms(message) instanceof CrawlRequest request) {
            ids.add(request.jobId());
          }
        } catch (RuntimeException e) {
          LOG.warning(() -> "A message on " + queue + " that is no crawl request: " + e);
        }
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot browse the queue " + queue + ": " + e, e);
    }
    return ids;
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
    HarvestJob copy = HarvestJob.copyOf(job, jobs.nextId(), clock.instant());
    jobs.add(copy);
    job.resubmittedAs(copy, reason);
    return copy;
  }
}
