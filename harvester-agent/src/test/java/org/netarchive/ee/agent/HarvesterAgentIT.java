package org.netarchive.ee.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.TextMessage;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import javax.management.ObjectName;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.harvest.CopyingArchiveStore;
import org.netarchive.ee.agent.testsite.ServedSite;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.common.message.JobStarted;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;

/**
 * The whole agent against a broker on loopback: jobs taken from the channel's queue, replies on the
 * scheduler's queue, heartbeats on the monitor's, real Heritrix crawls of the synthetic site.
 */
class HarvesterAgentIT {

  private static final Channels CHANNELS = Channels.forEnvironment("DEV");
  private static final JmsMessages MESSAGES = JmsMessages.standard();
  private static final String JOBS = CHANNELS.harvestJobs("FOCUSED").name();
  private static final Duration WITHIN = Duration.ofSeconds(90);

  @RegisterExtension
  static final ServedSite SITE =
      new ServedSite(
          9,
          new SyntheticSite.Host("news.test", 10, 1, 1500),
          new SyntheticSite.Host("slow.test", 400, 0, 500));

  @TempDir Path work;
  private TestBroker broker;
  private ActiveMQConnectionFactory factory;
  private JMSContext context;
  private Thread agentThread;
  private HarvesterAgent agent;

  @BeforeEach
  void startBroker() throws Exception {
    broker = new TestBroker(work.resolve("broker")).start();
    factory = new ActiveMQConnectionFactory(broker.url());
    context = factory.createContext(TestBroker.USER, TestBroker.PASSWORD);
  }

  @AfterEach
  void stopAll() throws Exception {
    if (agent != null) {
      agent.stop();
      agentThread.join(60_000);
    }
    context.close();
    factory.close();
    broker.stop();
  }

  private AgentConfiguration configuration(String instance) {
    return configuration(instance, Map.of());
  }

  private AgentConfiguration configuration(String instance, Map<String, String> overrides) {
    Map<String, String> values = new HashMap<>();
    values.put("broker.url", broker.url());
    values.put("broker.user", TestBroker.USER);
    values.put("agent.environment", "DEV");
    values.put("agent.channel", "focused");
    values.put("agent.instance", instance);
    values.put("work.directory", work.resolve("agent").toString());
    values.put("work.minimumFreeBytes", "1000000");
    values.put("heritrix.home", System.getProperty("heritrix.home"));
    values.put("heritrix.heap", "256m");
    values.put("heritrix.javaOptions", "-Ddns.server=" + SITE.site().dnsServer());
    values.put("timeout.processSeconds", "60");
    values.put("status.intervalSeconds", "1");
    values.put("heartbeat.intervalSeconds", "1");
    // The test broker has no index server: jobs naming earlier jobs crawl without deduplication.
    values.put("timeout.dedupIndexSeconds", "2");
    values.putAll(overrides);
    return AgentConfiguration.from(
        values, work, Map.of(AgentConfiguration.PASSWORD_VARIABLE, TestBroker.PASSWORD), "test");
  }

  private CopyingArchiveStore startAgent(String instance) {
    return startAgent(configuration(instance));
  }

  private CopyingArchiveStore startAgent(AgentConfiguration configuration) {
    CopyingArchiveStore archive = new CopyingArchiveStore(work.resolve("archive"), n -> false);
    agent = new HarvesterAgent(configuration, archive, Clock.systemUTC());
    agentThread = Thread.ofPlatform().name("agent-under-test").start(agent::run);
    return archive;
  }

  private void send(String queue, Message message) {
    context
        .createProducer()
        .send(context.createQueue(queue), MESSAGES.toTextMessage(context, message));
  }

  /** The next message of a type on a queue, skipping others; fails after the bound. */
  private <T extends Message> T next(JMSConsumer consumer, Class<T> type) {
    java.util.concurrent.atomic.AtomicReference<T> found =
        new java.util.concurrent.atomic.AtomicReference<>();
    await("a " + type.getSimpleName())
        .atMost(WITHIN)
        .pollInSameThread() // a JMSContext is for one thread
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(10)) // each poll waits up to a second for a message
        .until(
            () -> {
              jakarta.jms.Message raw = consumer.receive(1000);
              Message message = raw == null ? null : MESSAGES.fromJms(raw);
              if (type.isInstance(message)) {
                found.set(type.cast(message));
                return true;
              }
              return false;
            });
    return found.get();
  }

  @Test
  void givenAJobOnTheChannel_whenTheAgentTakesIt_thenStartedProgressAndDoneWithFilesStored()
      throws Exception {
    CopyingArchiveStore archive = startAgent("agent-a");
    JMSConsumer scheduler = context.createConsumer(context.createQueue(CHANNELS.theSched().name()));
    JMSConsumer monitor = context.createConsumer(context.createQueue(CHANNELS.monitor().name()));

    Heartbeat beat = next(monitor, Heartbeat.class);
    assertThat(beat.kind()).isEqualTo(ComponentKind.HARVESTER_AGENT);
    assertThat(beat.instance()).isEqualTo("agent-a");
    assertThat(beat.component()).isEqualTo("harvester-agent");
    assertThat(beat.instance()).isEqualTo("agent-a");
    assertThat(beat.channel()).isEqualTo("FOCUSED");

    send(
        JOBS,
        TestJobs.request(
            601,
            FastTemplate.text(),
            0,
            TestJobs.domain("news.test", -1, -1, SITE.site().seed("news.test"))));

    JobStarted started = next(scheduler, JobStarted.class);
    assertThat(started.jobId()).isEqualTo(601);
    assertThat(started.agent()).isEqualTo("agent-a");
    JobProgress progress = next(scheduler, JobProgress.class);
    assertThat(progress.jobId()).isEqualTo(601);
    JobFinished finished = next(scheduler, JobFinished.class);
    assertThat(finished.outcome()).as(finished.harvestErrorDetails()).isEqualTo(JobOutcome.DONE);
    // The job names earlier jobs, but no index server answers: crawled without, and said so.
    assertThat(finished.harvestError()).isEqualTo("Job 601 crawled without deduplication");
    assertThat(finished.harvestErrorDetails())
        .startsWith("Crawled without deduplication: No index from the index server within PT2S");
    assertThat(finished.domains())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.domain()).isEqualTo("news.test");
              assertThat(d.stopReason()).isEqualTo(CrawlStopReason.DOWNLOAD_COMPLETE);
              assertThat(d.objects())
                  .isGreaterThanOrEqualTo(
                      new SyntheticSite.Host("news.test", 10, 1, 1500).fetchableObjects());
            });
    assertThat(archive.stored)
        .contains("601-metadata-1.warc")
        .anyMatch(n -> n.startsWith("601-7-"));
    assertThat(
            ManagementFactory.getPlatformMBeanServer()
                .getAttribute(
                    new ObjectName("org.netarchive.ee:type=HarvesterAgent,name=\"agent-a\""),
                    "JobsDone"))
        .isEqualTo(1L);
  }

  @Test
  void givenAJobMessageThatCannotBeRun_whenTaken_thenTheJobFailsWithTheReasonAndTheNextIsTaken() {
    startAgent("agent-b");
    JMSConsumer scheduler = context.createConsumer(context.createQueue(CHANNELS.theSched().name()));
    String valid =
        MessageCodec.standard()
            .encode(
                TestJobs.request(
                    602, TestJobs.domain("news.test", -1, -1, SITE.site().seed("news.test"))));
    String broken = valid.replace("\"harvestName\":\"Nightly news\"", "\"harvestName\":\" \"");
    assertThat(broken).isNotEqualTo(valid);
    TextMessage text = context.createTextMessage(broken);

    context.createProducer().send(context.createQueue(JOBS), text);

    JobFinished finished = next(scheduler, JobFinished.class);
    assertThat(finished.jobId()).isEqualTo(602);
    assertThat(finished.outcome()).isEqualTo(JobOutcome.FAILED);
    assertThat(finished.harvestError()).contains("cannot be run");
    assertThat(finished.harvestErrorDetails()).contains("harvestName");
  }

  @Test
  void givenTheBrokerDownAtStart_whenItComesUp_thenTheAgentConnectsAndAnnouncesItself()
      throws Exception {
    context.close();
    factory.close();
    broker.stop();
    startAgent("agent-c");
    // it keeps trying while the broker is down
    await()
        .during(Duration.ofMillis(2500))
        .atMost(Duration.ofSeconds(10))
        .until(() -> agent.status().getState().equals("CONNECTING"));

    broker.start();
    factory = new ActiveMQConnectionFactory(broker.url());
    context = factory.createContext(TestBroker.USER, TestBroker.PASSWORD);
    JMSConsumer monitor = context.createConsumer(context.createQueue(CHANNELS.monitor().name()));

    assertThat(next(monitor, Heartbeat.class).instance()).isEqualTo("agent-c");
  }

  /**
   * @param awayMillis how long the broker has been gone when the agent is stopped: the agent is
   *     then at different points of its wait for a job (still waiting, or failed and closing or
   *     reconnecting)
   */
  @ParameterizedTest(name = "broker gone for {0} ms")
  @ValueSource(longs = {3000, 12000})
  void givenTheBrokerGoneAway_whenTheAgentIsStopped_thenItStopsInSecondsNotAtItsStopTimeout(
      long awayMillis) throws Exception {
    JMSConsumer monitor = context.createConsumer(context.createQueue(CHANNELS.monitor().name()));
    startAgent("agent-g");
    assertThat(next(monitor, Heartbeat.class).instance()).isEqualTo("agent-g");
    context.close();
    factory.close();
    broker.stop();
    // the agent's calls now wait for the broker to come back; it keeps running meanwhile
    await()
        .during(Duration.ofMillis(awayMillis))
        .atMost(Duration.ofMillis(awayMillis + 10_000))
        .until(agentThread::isAlive);

    Instant asked = Instant.now();
    agent.stop();
    agentThread.join(Duration.ofSeconds(30));

    assertStoppedSoon(asked);
    agent = null;
    broker.start();
    factory = new ActiveMQConnectionFactory(broker.url());
    context = factory.createContext(TestBroker.USER, TestBroker.PASSWORD);
  }

  private void assertStoppedSoon(Instant asked) {
    assertThat(agentThread.isAlive())
        .as(
            "the agent runs 30 s after it was stopped, at:%n%s",
            java.util.Arrays.stream(agentThread.getStackTrace())
                .map(f -> "  at " + f)
                .collect(java.util.stream.Collectors.joining("\n")))
        .isFalse();
    // its stop timeout is timeout.processSeconds (60) + 30 s; a call waits up to 30 s
    assertThat(Duration.between(asked, Instant.now())).isLessThan(Duration.ofSeconds(15));
    agent = null;
  }

  @Test
  void givenTheBrokerFallenSilent_whenTheAgentIsStopped_thenItStopsInSecondsNotAtItsStopTimeout()
      throws Exception {
    JMSConsumer monitor = context.createConsumer(context.createQueue(CHANNELS.monitor().name()));
    try (SilenceableProxy network = new SilenceableProxy(broker.port())) {
      startAgent(
          configuration("agent-h", Map.of("broker.url", "tcp://127.0.0.1:" + network.port())));
      assertThat(next(monitor, Heartbeat.class).instance()).isEqualTo("agent-h");
      network.silence();
      // the agent's calls now wait for answers that do not come, and it notices nothing amiss
      // before the client's failure check (30 s)
      await()
          .during(Duration.ofSeconds(4))
          .atMost(Duration.ofSeconds(14))
          .until(agentThread::isAlive);

      Instant asked = Instant.now();
      agent.stop();
      agentThread.join(Duration.ofSeconds(30));

      assertStoppedSoon(asked);
    }
  }

  @Test
  void givenAnAgentStoppedMidCrawl_whenStartedAgain_thenTheJobFailsWithWhatWasCrawledStored()
      throws Exception {
    startAgent("agent-d");
    JMSConsumer scheduler = context.createConsumer(context.createQueue(CHANNELS.theSched().name()));
    send(
        JOBS,
        TestJobs.request(
            603,
            FastTemplate.text(),
            0,
            TestJobs.domain("slow.test", -1, -1, SITE.site().seed("slow.test"))));
    next(scheduler, JobStarted.class);
    JobProgress crawling = next(scheduler, JobProgress.class);
    assertThat(crawling.downloaded()).isPositive();

    agent.stop();
    agentThread.join(60_000);
    assertThat(agentThread.isAlive()).isFalse();
    CopyingArchiveStore archive = startAgent("agent-d");

    JobFinished finished = next(scheduler, JobFinished.class);
    assertThat(finished.jobId()).isEqualTo(603);
    assertThat(finished.outcome()).isEqualTo(JobOutcome.FAILED);
    assertThat(finished.harvestErrorDetails())
        .contains("stopped (crashed, was killed or shut down)");
    assertThat(finished.uploadError()).isNull();
    assertThat(finished.domains())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.objects()).isPositive();
              assertThat(d.stopReason()).isEqualTo(CrawlStopReason.DOWNLOAD_UNFINISHED);
            });
    assertThat(archive.stored)
        .contains("603-metadata-1.warc")
        .anyMatch(n -> n.startsWith("603-7-"));
  }

  @Test
  void givenWrongCredentials_whenStarting_thenTheAgentKeepsTryingAndTakesNoJob() throws Exception {
    startAgent(configuration("agent-e", Map.of("broker.password", "wrong")));
    JMSConsumer monitor = context.createConsumer(context.createQueue(CHANNELS.monitor().name()));

    await()
        .during(Duration.ofSeconds(3))
        .atMost(Duration.ofSeconds(13))
        .until(() -> agent.status().getState().equals("CONNECTING"));
    assertThat(monitor.receive(500)).isNull();
  }

  @Test
  void givenTooLittleFreeSpace_whenAJobWaits_thenTheAgentSaysItIsPausedAndLeavesTheJobQueued() {
    startAgent(
        configuration(
            "agent-f", Map.of("work.minimumFreeBytes", Long.toString(Long.MAX_VALUE / 2))));
    JMSConsumer monitor = context.createConsumer(context.createQueue(CHANNELS.monitor().name()));
    send(
        JOBS,
        TestJobs.request(604, TestJobs.domain("news.test", -1, -1, SITE.site().seed("news.test"))));

    Heartbeat paused = next(monitor, Heartbeat.class);
    while (!paused.state().equals("PAUSED_FOR_DISK")) {
      paused = next(monitor, Heartbeat.class);
    }

    assertThat(paused.details().get("description")).startsWith("paused for disk");
    // the warning it logged travels with the heartbeat, for the server's system state page
    assertThat(paused.recentWarnings())
        .anySatisfy(
            w -> {
              assertThat(w.level()).isEqualTo("WARNING");
              assertThat(w.message())
                  .startsWith("Paused for disk: ")
                  .contains("work.minimumFreeBytes");
            });
    assertThat(paused.interval()).isEqualTo(java.time.Duration.ofSeconds(1));
    JMSConsumer jobs = context.createConsumer(context.createQueue(JOBS));
    assertThat(MESSAGES.fromJms(jobs.receive(5000))).isInstanceOf(CrawlRequest.class);
  }
}
