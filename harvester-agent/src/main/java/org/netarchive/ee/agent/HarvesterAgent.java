package org.netarchive.ee.agent;

import jakarta.jms.JMSException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;
import org.netarchive.ee.agent.harvest.JobRunner;
import org.netarchive.ee.agent.heritrix.CrawlSupervisor;
import org.netarchive.ee.agent.heritrix.HeritrixSettings;
import org.netarchive.ee.agent.index.IndexClient;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.messaging.BrokerLink;
import org.netarchive.ee.agent.monitoring.AgentState;
import org.netarchive.ee.agent.monitoring.AgentStatus;
import org.netarchive.ee.agent.report.MetadataWarc;
import org.netarchive.ee.agent.store.ArchiveStore;
import org.netarchive.ee.agent.store.ArchiveStoreFactory;
import org.netarchive.ee.agent.store.JobUpload;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.logging.RecentWarnings;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobStarted;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageFormatException;

/**
 * The harvester agent: connects to the broker, finishes the job directories an earlier run left,
 * then takes one job at a time from its channel's queue, answers STARTED at once, does not listen
 * while it works, and listens again only when its work directory has the minimum free space.
 * Progress goes to the scheduler every status interval, heartbeats to the monitor.
 */
public final class HarvesterAgent {

  private static final Logger LOG = Logger.getLogger(HarvesterAgent.class.getName());
  private static final JmsMessages MESSAGES = JmsMessages.standard();
  private static final Duration RECEIVE_WAIT = Duration.ofSeconds(2);
  private static final Duration ABANDON_BROKER_AFTER = Duration.ofSeconds(3);
  private static final Duration STOP_CHECK = Duration.ofMillis(250);
  private static final Duration DISK_RECHECK = Duration.ofSeconds(30);
  private static final String COMPONENT = "harvester-agent";

  /** How many of its last warnings an agent sends with each heartbeat. */
  static final int RECENT_WARNINGS = 20;

  private final AgentConfiguration config;
  private final JobRunner runner;
  private final AgentStatus status;
  private final BrokerLink broker;
  private final String jobQueue;
  private final String schedulerQueue;
  private final String monitorQueue;
  private final String heritrixVersion;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final RecentWarnings warnings = new RecentWarnings(RECENT_WARNINGS);
  private final CountDownLatch stopped = new CountDownLatch(1);

  /**
   * @param config the configuration
   * @param archive where the job's files are stored
   * @param clock the time
   */
  public HarvesterAgent(AgentConfiguration config, ArchiveStore archive, Clock clock) {
    this.config = config;
    this.status = new AgentStatus();
    this.heritrixVersion = heritrixVersion(config.heritrixHome());
    HeritrixSettings settings =
        new HeritrixSettings(
            config.heritrixHome(),
            config.heritrixJava(),
            config.heritrixHeap(),
            config.heritrixJavaOptions(),
            config.noResponseTimeout(),
            config.inactivityTimeout(),
            config.processTimeout(),
            config.statusInterval());
    this.runner =
        new JobRunner(
            new JobPreparation(config.workDirectory().resolve("jobs"), config.minimumFreeBytes()),
            new CrawlSupervisor(settings, clock),
            new MetadataWarc(heritrixVersion, "Netarchive EE harvester agent " + version()),
            new JobUpload(archive),
            status,
            config.instance(),
            clock,
            config.processTimeout(),
            (jobIds, target) -> fetchDedupIndex(config, jobIds, target));
    this.broker = new BrokerLink(config.brokerUrl(), config.brokerUser(), config.brokerPassword());
    this.jobQueue = config.channels().harvestJobs(config.channel()).name();
    this.schedulerQueue = config.channels().theSched().name();
    this.monitorQueue = config.channels().monitor().name();
  }

  /**
   * Asks the server's index server for the DEDUP index of earlier jobs, on a connection of its own
   * (the job queue's session is busy with the job), waiting at most the configured time.
   */
  private static IndexClient.Result fetchDedupIndex(
      AgentConfiguration config, List<Long> jobIds, Path target) {
    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(config.brokerUrl())) {
      return new IndexClient(
              factory,
              config.brokerUser(),
              config.brokerPassword(),
              config.channels(),
              config.instance())
          .fetch(IndexKind.DEDUP, jobIds, target, config.dedupIndexTimeout());
    }
  }

  /**
   * Runs an agent with the installed archive client until the JVM is stopped.
   *
   * @param config the configuration
   * @param err where start-up problems are told
   * @return the exit status
   */
  static int runUntilStopped(AgentConfiguration config, PrintStream err) {
    ArchiveStore archive;
    try {
      archive = ArchiveStoreFactory.installed(config);
    } catch (ConfigurationException e) {
      err.println("harvester-agent: " + e.getMessage());
      return HarvesterAgentMain.BAD_USAGE;
    }
    HarvesterAgent agent = new HarvesterAgent(config, archive, Clock.systemUTC());
    Runtime.getRuntime()
        .addShutdownHook(Thread.ofPlatform().name("agent-shutdown").unstarted(agent::stop));
    try (archive) {
      agent.run();
      return HarvesterAgentMain.OK;
    } catch (RuntimeException e) {
      LOG.severe("The harvester agent failed: " + e);
      return HarvesterAgentMain.FAILED;
    }
  }

  /** The agent's state, as also registered over JMX. */
  public AgentStatus status() {
    return status;
  }

  /** Runs until {@link #stop()} is called. */
  public void run() {
    LOG.info(() -> "Harvester agent " + config.instance() + " starting: " + config);
    ScheduledExecutorService heartbeats =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("agent-heartbeat").unstarted(r));
    warnings.installOn("");
    try {
      status.register(config.instance());
      status.set(AgentState.CONNECTING, 0);
      if (!broker.connect(stopping::get)) {
        return;
      }
      heartbeats.scheduleWithFixedDelay(
          this::heartbeat, 0, config.heartbeatInterval().toMillis(), TimeUnit.MILLISECONDS);
      recoverLeftovers();
      while (!stopping.get()) {
        if (!enoughDisk()) {
          continue;
        }
        if (status.state() != AgentState.IDLE) {
          status.set(AgentState.IDLE, 0);
          // at once, so that the server does not show the state before (connecting, a job's)
          // until the next heartbeat
          heartbeat();
        }
        try {
          BrokerLink.Delivery delivery = broker.receive(jobQueue, RECEIVE_WAIT);
          if (delivery != null) {
            take(delivery);
          }
        } catch (JMSException e) {
          LOG.warning("The broker failed (" + e.getMessage() + "); reconnecting");
          broker.close();
          status.set(AgentState.CONNECTING, 0);
          broker.connect(stopping::get);
        }
      }
    } finally {
      status.set(AgentState.STOPPING, 0);
      heartbeats.shutdownNow();
      heartbeat();
      broker.close();
      warnings.close();
      stopped.countDown();
    }
  }

  /** Stops the agent: a running crawl is stopped and left to be finished at the next start. */
  public void stop() {
    if (stopping.compareAndSet(false, true)) {
      LOG.info("Harvester agent stopping");
    }
    broker.stopReceiving();
    try {
      // Woken from its wait for a job, the agent stops at once. A call to the broker still
      // unanswered after a few seconds waits on a broker that is gone or fallen silent, and the
      // connection is dropped to free it (waiting, the agent would stop only after the client's
      // failure check and call timeouts, or at its stop timeout).
      long deadline = System.nanoTime() + config.processTimeout().plusSeconds(30).toNanos();
      while (!stopped.await(STOP_CHECK.toMillis(), TimeUnit.MILLISECONDS)) {
        if (broker.isWaitingLongerThan(ABANDON_BROKER_AFTER)) {
          broker.abandon();
        }
        if (System.nanoTime() - deadline > 0) {
          LOG.warning("The agent did not stop in time");
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void recoverLeftovers() {
    List<JobDirectory> leftovers = runner.leftovers();
    if (!leftovers.isEmpty()) {
      LOG.info(() -> "Finishing " + leftovers.size() + " job(s) left by an earlier run");
    }
    for (JobDirectory directory : leftovers) {
      if (stopping.get()) {
        return;
      }
      try {
        Optional<JobFinished> report = runner.recover(directory);
        if (report.isEmpty() || sendReport(report.get())) {
          runner.markReported(directory);
        }
      } catch (RuntimeException e) {
        LOG.severe("Cannot finish the left-over job directory " + directory + ": " + e);
      }
    }
  }

  private void take(BrokerLink.Delivery delivery) throws JMSException {
    CrawlRequest request;
    try {
      Message message = MESSAGES.fromJms(delivery.message());
      if (!(message instanceof CrawlRequest crawlRequest)) {
        throw new MessageFormatException(
            "expected a CrawlRequest on "
                + jobQueue
                + ", got a "
                + message.getClass().getSimpleName());
      }
      request = crawlRequest;
    } catch (MessageFormatException e) {
      refuse(delivery, e.getMessage());
      return;
    }
    JobDirectory directory;
    try {
      directory = runner.accept(request);
    } catch (RuntimeException e) {
      // Not taken: leave it for another agent (or this one, later).
      LOG.severe("Cannot take job " + request.jobId() + ": " + e.getMessage());
      delivery.rollback();
      BrokerLink.sleep(DISK_RECHECK, stopping::get);
      return;
    }
    try {
      delivery.commit(
          schedulerQueue,
          new JobStarted(request.jobId(), config.instance(), java.time.Instant.now()));
    } catch (JMSException e) {
      // The job stays on the queue for the next taker; this agent must not finish it later.
      runner.discard(directory);
      throw e;
    }
    LOG.info(
        () ->
            "Took job "
                + request.jobId()
                + " of harvest "
                + request.harvestId()
                + " ('"
                + request.harvestName()
                + "')");
    Optional<JobFinished> report =
        runner.run(
            directory,
            request,
            progress -> {
              try {
                broker.send(schedulerQueue, progress);
              } catch (JMSException e) {
                LOG.warning(
                    "Cannot send the progress of job " + request.jobId() + ": " + e.getMessage());
              }
            },
            stopping::get);
    if (report.isPresent() && sendReport(report.get())) {
      runner.markReported(directory);
    }
  }

  /**
   * A job message that cannot be run: if its job id can be read, the job ends FAILED with the
   * reason; otherwise it goes back to the broker, which dead-letters it after its retries.
   */
  private void refuse(BrokerLink.Delivery delivery, String reason) throws JMSException {
    Optional<Long> jobId = jobIdOf(delivery.message());
    if (jobId.isEmpty()) {
      LOG.severe(
          "Refused a message on "
              + jobQueue
              + " that is not a usable job and names no job: "
              + reason
              + "; the broker redelivers it and then moves it to the dead-letter queue");
      delivery.rollback();
      return;
    }
    LOG.severe("Job " + jobId.get() + " cannot be run: " + reason);
    delivery.commit(
        schedulerQueue,
        new JobFinished(
            jobId.get(),
            config.instance(),
            java.time.Instant.now(),
            JobOutcome.FAILED,
            "The job message of job "
                + jobId.get()
                + " cannot be run by agent "
                + config.instance(),
            reason,
            null,
            null,
            List.of()));
  }

  private static Optional<Long> jobIdOf(jakarta.jms.Message message) {
    try {
      if (message instanceof jakarta.jms.TextMessage text && text.getText() != null) {
        JsonObject json = Json.createReader(new StringReader(text.getText())).readObject();
        JsonValue id = json.get("jobId");
        if (id instanceof JsonNumber number && number.isIntegral() && number.longValue() > 0) {
          return Optional.of(number.longValue());
        }
      }
    } catch (JMSException | JsonException | ClassCastException e) {
      // No job id to be had.
    }
    return Optional.empty();
  }

  /** Sends a final report, retrying while the broker is away; false if stopped first. */
  private boolean sendReport(JobFinished report) {
    Duration backoff = Duration.ofSeconds(1);
    while (true) {
      try {
        broker.send(schedulerQueue, report);
        LOG.info(() -> "Reported job " + report.jobId() + " as " + report.outcome());
        return true;
      } catch (JMSException e) {
        if (stopping.get()) {
          LOG.warning(
              "Job " + report.jobId() + " not reported (stopping); it will be at the next start");
          return false;
        }
        LOG.warning(
            "Cannot report job "
                + report.jobId()
                + " ("
                + e.getMessage()
                + "); retrying in "
                + backoff.toSeconds()
                + " s");
        BrokerLink.sleep(backoff, stopping::get);
        backoff =
            backoff.multipliedBy(2).compareTo(Duration.ofSeconds(60)) > 0
                ? Duration.ofSeconds(60)
                : backoff.multipliedBy(2);
        if (backoff.toSeconds() >= 8) {
          broker.close();
          broker.connect(stopping::get);
        }
      }
    }
  }

  private boolean enoughDisk() {
    long free;
    try {
      Files.createDirectories(config.workDirectory());
      free = Files.getFileStore(config.workDirectory()).getUsableSpace();
    } catch (IOException e) {
      LOG.severe("Cannot check the free space of " + config.workDirectory() + ": " + e);
      free = -1;
    }
    status.freeBytes(free);
    if (free >= config.minimumFreeBytes()) {
      return true;
    }
    if (status.state() != AgentState.PAUSED_FOR_DISK) {
      long shown = free;
      LOG.warning(
          () ->
              "Paused for disk: "
                  + shown
                  + " bytes free in "
                  + config.workDirectory()
                  + ", below work.minimumFreeBytes = "
                  + config.minimumFreeBytes()
                  + "; not taking jobs until there is more");
    }
    status.set(AgentState.PAUSED_FOR_DISK, 0);
    heartbeat();
    BrokerLink.sleep(DISK_RECHECK, stopping::get);
    return false;
  }

  private void heartbeat() {
    try {
      Heartbeat.Builder beat =
          Heartbeat.builder()
              // (the server keeps one status per component and instance)
              .component(COMPONENT)
              .kind(ComponentKind.HARVESTER_AGENT)
              .instance(config.instance())
              .state(status.getState())
              .sentAt(java.time.Instant.now())
              .channel(config.channel())
              .currentJob(
                  status.getCurrentJob() == 0 ? null : Long.toString(status.getCurrentJob()))
              .detail("description", status.getDescription())
              .detail("queue", jobQueue)
              .detail("freeBytes", Long.toString(status.getFreeBytes()))
              .detail("jobsDone", Long.toString(status.getJobsDone()))
              .detail("jobsFailed", Long.toString(status.getJobsFailed()))
              .detail("heritrixVersion", heritrixVersion)
              .interval(config.heartbeatInterval())
              .recentWarnings(warnings.entries());
      broker.send(monitorQueue, beat.build());
    } catch (JMSException | RuntimeException e) {
      LOG.fine(() -> "Heartbeat not sent: " + e);
    }
  }

  /** The Heritrix version, from the name of its engine jar (heritrix-engine-3.13.0.jar). */
  static String heritrixVersion(Path heritrixHome) {
    try (Stream<Path> jars = Files.list(heritrixHome.resolve("lib"))) {
      return jars.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("heritrix-engine-") && n.endsWith(".jar"))
          .map(n -> n.substring("heritrix-engine-".length(), n.length() - ".jar".length()))
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String version() {
    String v = HarvesterAgent.class.getPackage().getImplementationVersion();
    return v == null ? "(development)" : v;
  }
}
