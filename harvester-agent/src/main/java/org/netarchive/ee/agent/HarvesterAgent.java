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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;
import org.netarchive.ee.agent.config.SettingsChange;
import org.netarchive.ee.agent.control.AgentControl;
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
import org.netarchive.ee.common.message.AgentCommand;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobStarted;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageFormatException;
import org.netarchive.ee.common.message.SoftwareVersion;

/**
 * The harvester agent: connects to the broker, finishes the job directories an earlier run left,
 * then takes one job at a time from its channel's queue, answers STARTED at once, does not listen
 * while it works, and listens again only when its work directory has the minimum free space and no
 * operator has paused it. Progress goes to the scheduler every status interval, heartbeats to the
 * monitor. Operator commands (stop the running job, pause, resume, re-read the settings) come on
 * the agents' topic; their answers go to the scheduler with the job reports.
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

  private final Path settingsFile;
  private final ArchiveStore archive;
  private final Clock clock;
  private final AgentControl control;
  private final String commandTopic;
  private final java.util.concurrent.ExecutorService commands;
  private volatile AgentConfiguration config;
  private volatile JobRunner runner;
  private final AgentStatus status;
  private final BrokerLink broker;
  private final String jobQueue;
  private final String schedulerQueue;
  private final String monitorQueue;
  private volatile String heritrixVersion;
  private ScheduledExecutorService heartbeats;
  private ScheduledFuture<?> heartbeatSchedule;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final RecentWarnings warnings = new RecentWarnings(RECENT_WARNINGS);
  private final CountDownLatch stopped = new CountDownLatch(1);

  /**
   * An agent whose settings cannot be re-read (it has no settings file).
   *
   * @param config the configuration
   * @param archive where the job's files are stored
   * @param clock the time
   */
  public HarvesterAgent(AgentConfiguration config, ArchiveStore archive, Clock clock) {
    this(config, null, archive, clock);
  }

  /**
   * @param config the configuration
   * @param settingsFile the file {@code config} was read from, read again on an operator's command;
   *     null if there is none
   * @param archive where the job's files are stored
   * @param clock the time
   */
  public HarvesterAgent(
      AgentConfiguration config, Path settingsFile, ArchiveStore archive, Clock clock) {
    this.config = config;
    this.settingsFile = settingsFile;
    this.archive = archive;
    this.clock = clock;
    this.status = new AgentStatus();
    this.heritrixVersion = heritrixVersion(config.heritrixHome());
    this.runner = newRunner(config);
    this.control = new AgentControl(config.instance(), clock, this::reloadSettings);
    this.broker =
        new BrokerLink(
            config.brokerUrl(),
            config.brokerTrustedCertificates(),
            config.brokerUser(),
            config.brokerPassword());
    this.jobQueue = config.channels().harvestJobs(config.channel()).name();
    this.schedulerQueue = config.channels().theSched().name();
    this.monitorQueue = config.channels().monitor().name();
    this.commandTopic = config.channels().allHarvesterAgents().name();
    // Commands are handled on a thread of their own: the broker's thread only hands them over.
    this.commands =
        Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().daemon().name("agent-commands").unstarted(r));
    broker.listen(commandTopic, this::received);
  }

  /** A job runner with the given settings (made again when re-read settings change them). */
  private JobRunner newRunner(AgentConfiguration config) {
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
    return new JobRunner(
        new JobPreparation(config.workDirectory().resolve("jobs"), config.minimumFreeBytes()),
        new CrawlSupervisor(settings, clock),
        new MetadataWarc(
            heritrixVersion,
            "Netarchive EE harvester agent " + SoftwareVersion.of(HarvesterAgent.class)),
        new JobUpload(archive),
        status,
        config.instance(),
        clock,
        config.processTimeout(),
        (jobIds, target) -> fetchDedupIndex(config, jobIds, target));
  }

  /**
   * An operator's command from the agents' topic: acted on if it names this agent, and answered to
   * the scheduler. A message that is no command is logged and dropped: the topic keeps no message
   * for later, and nothing sent on it could be handled better by another try.
   */
  private void received(jakarta.jms.Message message) {
    AgentCommand command;
    try {
      if (!(MESSAGES.fromJms(message) instanceof AgentCommand c)) {
        LOG.warning("Ignored a message on " + commandTopic + " that is not an AgentCommand");
        return;
      }
      command = c;
    } catch (RuntimeException e) {
      // a MessageFormatException, or a text the client cannot read
      LOG.warning("Ignored an unreadable message on " + commandTopic + ": " + e.getMessage());
      return;
    }
    if (command.agent().equals(config.instance())) {
      commands.execute(() -> command(command));
    }
  }

  private void command(AgentCommand command) {
    Optional<AgentCommandAck> answer = control.handle(command);
    if (answer.isEmpty()) {
      return;
    }
    answer(answer.get());
    // the paused state shows on the system page at once, not at the next heartbeat
    heartbeat();
  }

  private void answer(AgentCommandAck answer) {
    try {
      broker.send(schedulerQueue, answer);
    } catch (JMSException e) {
      // The server sends the command again while it has no final answer; the answer is repeated.
      LOG.warning("Cannot answer command " + answer.commandId() + " (" + e.getMessage() + ")");
    }
  }

  /**
   * Reads the settings file again (for an operator's RELOAD_SETTINGS) and takes what can change
   * while running; the answer says what changed and what waits for a restart.
   */
  private String reloadSettings() {
    if (settingsFile == null) {
      throw new IllegalStateException("agent " + config.instance() + " has no settings file");
    }
    AgentConfiguration read = AgentConfiguration.load(settingsFile, System.getenv());
    SettingsChange change = SettingsChange.between(config, read);
    if (change.any()) {
      LOG.info(() -> change.describe() + " (from " + settingsFile + ")");
    }
    AgentConfiguration effective = change.effective();
    config = effective;
    if (!change.appliedNextJob().isEmpty()) {
      heritrixVersion = heritrixVersion(effective.heritrixHome());
      // a job under way keeps the runner it started with
      runner = newRunner(effective);
    }
    if (change.appliedNow().contains("heartbeat.intervalSeconds")) {
      scheduleHeartbeats();
    }
    return change.describe();
  }

  private synchronized void scheduleHeartbeats() {
    if (heartbeats == null) {
      return;
    }
    if (heartbeatSchedule != null) {
      heartbeatSchedule.cancel(false);
    }
    long interval = config.heartbeatInterval().toMillis();
    heartbeatSchedule =
        heartbeats.scheduleWithFixedDelay(this::heartbeat, 0, interval, TimeUnit.MILLISECONDS);
  }

  /**
   * Asks the server's index server for the DEDUP index of earlier jobs, on a connection of its own
   * (the job queue's session is busy with the job), waiting at most the configured time.
   */
  private static IndexClient.Result fetchDedupIndex(
      AgentConfiguration config, List<Long> jobIds, Path target) {
    try (ActiveMQConnectionFactory factory =
        new ActiveMQConnectionFactory(config.brokerConnectionUrl())) {
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
  static int runUntilStopped(AgentConfiguration config, Path settingsFile, PrintStream err) {
    ArchiveStore archive;
    try {
      archive = ArchiveStoreFactory.installed(config);
    } catch (ConfigurationException e) {
      err.println("harvester-agent: " + e.getMessage());
      return HarvesterAgentMain.BAD_USAGE;
    }
    HarvesterAgent agent = new HarvesterAgent(config, settingsFile, archive, Clock.systemUTC());
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
    synchronized (this) {
      heartbeats =
          Executors.newSingleThreadScheduledExecutor(
              r -> Thread.ofPlatform().daemon().name("agent-heartbeat").unstarted(r));
    }
    warnings.installOn("");
    try {
      status.register(config.instance());
      status.set(AgentState.CONNECTING, 0);
      if (!broker.connect(stopping::get)) {
        return;
      }
      scheduleHeartbeats();
      recoverLeftovers();
      while (!stopping.get()) {
        if (!enoughDisk()) {
          continue;
        }
        if (control.paused()) {
          if (status.state() != AgentState.PAUSED) {
            LOG.info("Paused by an operator: not taking jobs until resumed");
            status.set(AgentState.PAUSED, 0);
            heartbeat();
          }
          BrokerLink.sleep(RECEIVE_WAIT, () -> stopping.get() || !control.paused());
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
      synchronized (this) {
        heartbeats.shutdownNow();
      }
      heartbeat();
      commands.shutdownNow();
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
    JobRunner runner = this.runner;
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
    // the job runs with the settings it started with, whatever is re-read meanwhile
    JobRunner runner = this.runner;
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
    control.crawlStarted(request.jobId());
    Optional<JobFinished> report;
    try {
      report =
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
              stopping::get,
              () -> control.stopRequestedFor(request.jobId()));
    } finally {
      control.crawlEnded(request.jobId());
    }
    if (report.isPresent() && sendReport(report.get())) {
      runner.markReported(directory);
      control.jobReported(request.jobId(), report.get().outcome().name()).ifPresent(this::answer);
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
              .detail(SoftwareVersion.DETAIL, SoftwareVersion.of(HarvesterAgent.class))
              // what an operator asked for, so that the server can ask again after a restart
              .detail("paused", Boolean.toString(control.paused()))
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
}
