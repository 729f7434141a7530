package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.jms.JMSConsumer;
import jakarta.jms.Message;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.common.message.JobStarted;

/**
 * The operators' figures on the provisioned server, with jobs the scheduler really made: two
 * harvests on a channel of the test's own become SUBMITTED jobs waiting in its queue; the test, as
 * a remote agent, takes both, reports progress of one, finishes one DONE and fails the other. The
 * Prometheus endpoint (management port, /metrics) and the MBeans read through WildFly's remote JMX
 * (as JConsole reads them) follow every step.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class OperationsIT {

  private static final Duration REFRESH = Duration.ofSeconds(30);
  private static final String SCHEDULER = "org.netarchive.ee:type=Scheduler";
  private static final String DISPATCHER = "org.netarchive.ee:type=Dispatcher";
  private static final String ARC_REPOSITORY = "org.netarchive.ee:type=ArcRepository";

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);

  @Test
  void givenJobsThatRunAndEnd_whenScrapingMetricsAndReadingMBeans_thenTheirFiguresFollowTheJobs()
      throws Exception {
    String channel = harvests.newChannel();
    String queue = RemoteAgent.CHANNELS.harvestJobs(channel).name();
    String good = ScheduledHarvests.unique("Operations ");
    String failing = ScheduledHarvests.unique("Operations failing ");
    harvests.createHarvest(good, channel, "Once");
    harvests.addSeeds(good, "", List.of(ScheduledHarvests.unique("it-ops-") + ".dk"));
    harvests.createHarvest(failing, channel, "Once");
    harvests.addSeeds(failing, "", List.of(ScheduledHarvests.unique("it-ops-") + ".dk"));
    Metrics before = Metrics.scrape();
    double doneBefore = before.valueOrZero("netarchive_jobs_finished_total", "outcome", "DONE");
    double failedBefore = before.sum("netarchive_jobs_failed_total");
    long finishedBeforeJmx;
    try (JMXConnector jmx = jmx()) {
      finishedBeforeJmx =
          (Long) jmx.getMBeanServerConnection().getAttribute(name(DISPATCHER), "JobsFinished");
    }

    harvests.activate(good);
    harvests.activate(failing);
    long goodJob = submittedJob(good);
    long failingJob = submittedJob(failing);

    // Both jobs wait in the channel's queue: counted as submitted, queued, and as SUBMITTED jobs.
    Metrics.await(REFRESH, "netarchive_jobs_submitted_total", v -> v == 2, "channel", channel);
    Metrics.await(REFRESH, "netarchive_queue_messages", v -> v == 2, "queue", queue);
    Metrics.await(REFRESH, "netarchive_jobs", v -> v >= 2, "status", "SUBMITTED");
    try (JMXConnector jmx = jmx()) {
      MBeanServerConnection server = jmx.getMBeanServerConnection();
      assertThat(map(server.getAttribute(name(DISPATCHER), "QueueDepths")))
          .containsEntry(queue, 2L);
      assertThat((Long) server.getAttribute(name(DISPATCHER), "JobsQueued"))
          .isGreaterThanOrEqualTo(2);
      assertThat((Long) server.getAttribute(name(DISPATCHER), "JobsSubmitted"))
          .isGreaterThanOrEqualTo(2);
      assertThat(map(server.getAttribute(name(SCHEDULER), "JobsByStatus")).get("SUBMITTED"))
          .isGreaterThanOrEqualTo(2L);
      assertThat((String) server.getAttribute(name(SCHEDULER), "LastPass")).isNotEmpty();
      assertThat((String) server.getAttribute(name(SCHEDULER), "LastPassOutcome")).isEqualTo("OK");
      assertThat((String[]) server.getAttribute(name(ARC_REPOSITORY), "Replicas"))
          .containsExactly("ONE", "TWO");
      assertThat(map(server.getAttribute(name(ARC_REPOSITORY), "FilesStored")))
          .containsKeys("ONE", "TWO");
      assertThat((Long) server.getAttribute(name(ARC_REPOSITORY), "StoreFailures")).isNotNegative();
    }

    try (RemoteAgent agent = new RemoteAgent()) {
      // The agent takes both: the queue empties.
      try (JMSConsumer consumer =
          agent.context().createConsumer(agent.context().createQueue(queue))) {
        for (int i = 0; i < 2; i++) {
          Message message = consumer.receive(10_000);
          assertThat(message).as("crawl request %s", i).isNotNull();
          assertThat(((CrawlRequest) agent.messages().fromJms(message)).jobId())
              .isIn(goodJob, failingJob);
        }
      }
      Metrics.await(REFRESH, "netarchive_queue_messages", v -> v == 0, "queue", queue);
      Instant started = Instant.now();
      agent.report(new JobStarted(goodJob, "it-ops-agent", started));
      agent.report(new JobStarted(failingJob, "it-ops-agent", started));
      harvests.awaitJob(goodJob, ScheduledHarvests.inStatus("STARTED"));
      agent.report(
          new JobProgress(
              goodJob, "it-ops-agent", started.plusSeconds(20), 40, 10, 30, 1.5, 80, 2, 4096));

      // The running job's progress, per job.
      String job = Long.toString(goodJob);
      Metrics running =
          Metrics.await(REFRESH, "netarchive_job_uris_downloaded", v -> v == 30, "job", job);
      assertThat(running.value("netarchive_job_uris_queued", "job", job)).hasValue(10);
      assertThat(running.value("netarchive_job_uris_discovered", "job", job)).hasValue(40);
      assertThat(
              running.value(
                  "netarchive_job_bytes", "job", job, "harvest", good, "channel", channel))
          .hasValue(4096);
      assertThat(running.valueOrZero("netarchive_jobs", "status", "STARTED"))
          .isGreaterThanOrEqualTo(2);
      try (JMXConnector jmx = jmx()) {
        assertThat(
                (Long) jmx.getMBeanServerConnection().getAttribute(name(DISPATCHER), "JobsRunning"))
            .isGreaterThanOrEqualTo(2);
      }

      // One ends well, one fails.
      agent.report(
          RemoteAgent.done(
              goodJob,
              "it-ops-agent",
              started.plusSeconds(60),
              new DomainStatistics("x.dk", 30, 4096, CrawlStopReason.DOWNLOAD_COMPLETE)));
      agent.report(
          RemoteAgent.failed(
              failingJob,
              "it-ops-agent",
              started.plusSeconds(61),
              "Heritrix did not start",
              "exit code 1"));
      harvests.awaitJob(failingJob, ScheduledHarvests.inStatus("FAILED"));
    }
    Metrics after =
        Metrics.await(
            REFRESH, "netarchive_jobs_finished_total", v -> v >= doneBefore + 1, "outcome", "DONE");
    assertThat(after.sum("netarchive_jobs_failed_total")).isGreaterThanOrEqualTo(failedBefore + 1);
    assertThat(after.valueOrZero("netarchive_jobs_finished_total", "outcome", "FAILED"))
        .isGreaterThanOrEqualTo(1);
    // A job that no longer runs has no progress figures.
    Metrics.awaitAbsent(REFRESH, "netarchive_job_uris_downloaded", "job", Long.toString(goodJob));
    Metrics.await(REFRESH, "netarchive_jobs", v -> v >= 1, "status", "DONE");
    try (JMXConnector jmx = jmx()) {
      MBeanServerConnection server = jmx.getMBeanServerConnection();
      org.awaitility.Awaitility.await("JMX JobsFinished counts both jobs")
          .atMost(REFRESH)
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> (Long) server.getAttribute(name(DISPATCHER), "JobsFinished"),
              finished -> finished >= finishedBeforeJmx + 2);
      assertThat((Long) server.getAttribute(name(DISPATCHER), "JobsFailed"))
          .isGreaterThanOrEqualTo(1);
    }
    // The archive's figures are there for every replica.
    Metrics archive = Metrics.scrape();
    for (String replica : List.of("ONE", "TWO")) {
      assertThat(archive.value("netarchive_archive_files", "replica", replica)).isPresent();
      assertThat(archive.value("netarchive_archive_bytes", "replica", replica)).isPresent();
      assertThat(archive.value("netarchive_archive_store_failures", "replica", replica))
          .isPresent();
    }
    assertThat(archive.value("netarchive_archive_stores_in_progress")).isPresent();
  }

  private long submittedJob(String harvest) throws Exception {
    List<JsonObject> jobs =
        harvests.awaitJobs(harvest, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));
    assertThat(jobs).hasSize(1);
    return jobs.get(0).getJsonNumber("id").longValue();
  }

  /** WildFly's remote JMX on its management port, authenticated as the local user. */
  static JMXConnector jmx() throws Exception {
    return JMXConnectorFactory.connect(
        new JMXServiceURL(
            "service:jmx:remote+http://127.0.0.1:" + (9990 + ServerUnderTest.PORT_OFFSET)),
        new HashMap<>());
  }

  static ObjectName name(String name) throws Exception {
    return new ObjectName(name);
  }

  /** An MXBean's map attribute (open type TabularData of key and value). */
  static Map<String, Long> map(Object attribute) {
    Map<String, Long> map = new HashMap<>();
    for (Object row : ((TabularData) attribute).values()) {
      CompositeData data = (CompositeData) row;
      map.put((String) data.get("key"), (Long) data.get("value"));
    }
    return map;
  }

  static JsonObject status(Api api) throws Exception {
    return json(api.get("/api/system/status"));
  }
}
