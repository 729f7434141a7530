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
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.monitor.SchedulerActivity;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

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

  @Inject private HarvestJobRepository jobs;
  @Inject private CrawlRequests requests;
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
    List<HarvestJob> submitted = jobs.withStatus(JobStatus.SUBMITTED);
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
    HarvestJob copy = HarvestJob.copyOf(job, jobs.nextId(), clock.instant());
    jobs.add(copy);
    job.resubmittedAs(copy, reason);
    return copy;
  }
}
