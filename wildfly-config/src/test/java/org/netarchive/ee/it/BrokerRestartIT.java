package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.HarvestedJobs.absent;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.assertAdminDataCompleted;
import static org.netarchive.ee.it.HarvestedJobs.awaitEmpty;
import static org.netarchive.ee.it.HarvestedJobs.awaitJob;
import static org.netarchive.ee.it.HarvestedJobs.finished;

import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * A restart of the broker with a job crawling and another queued: the server, and with it its
 * embedded broker, is killed (SIGKILL) while a real agent crawls the first of two jobs of its
 * channel, and started again. The agent reconnects by itself; the running crawl's later reports
 * reach the restarted server and its job ends DONE with its files in both replicas; the queued job
 * keeps its persistent crawl request through the restart and is crawled as itself, once, ending
 * DONE (no copy of it is made at start-up); nothing else is crawled and nothing is left on the
 * channel's queue.
 *
 * <p>Like {@link SplitRestartIT}, this crashes the shared server; the tests after it run against
 * the restarted one. Its agent is stopped at the end, and its channel's queue is left empty.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only. Its database work (jobs kept across a restart,
 * the agent's reports recorded) is what {@link SplitRestartIT} and {@link OperationsIT} run on
 * PostgreSQL; the rest is broker, agent and Heritrix.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BrokerRestartIT {

  private static final Duration CRAWL = Duration.ofSeconds(180);

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);

  @Test
  void givenACrawlRunningAndAJobQueued_whenTheBrokerRestarts_thenNothingIsLostOrCrawledTwice()
      throws Exception {
    // Host names starting with "slow" answer after a pause: a crawl that outlasts the restart.
    String slow = ScheduledHarvests.unique("slow-brokerit-") + ".dk";
    String quick = ScheduledHarvests.unique("brokerit-queued-") + ".dk";
    try (SyntheticSite site =
        new SyntheticSite(
            23,
            List.of(
                new SyntheticSite.Host(slow, 200, 0, 500),
                new SyntheticSite.Host(quick, 4, 1, 800)))) {
      String template = harvests.newFastTemplate("brokerit_fast_");
      String channel = harvests.newChannel();
      String running = ScheduledHarvests.unique("Broker restart running ");
      String queued = ScheduledHarvests.unique("Broker restart queued ");
      harvests.createHarvest(running, channel, "Once");
      harvests.addFastSeed(running, "?template=" + template, site.seed(slow));
      harvests.createHarvest(queued, channel, "Once");
      harvests.addFastSeed(queued, "?template=" + template, site.seed(quick));

      // One after the other, so that the slow job is first on the queue and taken first.
      harvests.activate(running);
      long runningJob = harvests.awaitOnlySubmittedJob(running);
      harvests.activate(queued);
      long queuedJob = harvests.awaitOnlySubmittedJob(queued);

      String instance = ScheduledHarvests.unique("brokerit-");
      try (AgentProcess agent = ScheduledHarvests.agentOn(channel, instance, site).start()) {
        long before = downloaded(awaitJob(harvests, runningJob, downloadedAtLeast(5), CRAWL));
        assertThat(harvests.job(queuedJob).getJsonObject("job").getString("status"))
            .as("the second job waits on the queue while the agent crawls the first")
            .isEqualTo("SUBMITTED");

        ServerUnderTest.crashAndRestart();

        // The crawl goes on: progress sent after the restart reaches the new server.
        awaitJob(harvests, runningJob, downloadedAtLeast(before + 1), CRAWL);
        JsonObject done = awaitJob(harvests, runningJob, finished(), CRAWL);
        JsonObject job = done.getJsonObject("job");
        assertThat(job.getString("status"))
            .as("job %s: %s\nagent log:\n%s", runningJob, done, agent.tail())
            .isEqualTo("DONE");
        assertThat(job.getString("agent")).isEqualTo(instance);
        assertThat(absent(job, "harvestError")).as(done.toString()).isTrue();
        assertThat(absent(job, "uploadError")).as(done.toString()).isTrue();
        List<String> files = archivedFilesOfJob(runningJob);
        assertThat(files)
            .contains(runningJob + "-metadata-1.warc")
            .anyMatch(n -> !n.contains("metadata") && n.endsWith(".warc.gz"));
        assertAdminDataCompleted(admin, files);

        // The queued job kept its (persistent) crawl request through the restart: it is crawled
        // as itself, once, with no copy of it made at start-up.
        List<JsonObject> queuedJobs =
            harvests.awaitJobs(
                queued,
                js -> js.stream().anyMatch(j -> HarvestedJobs.ENDED.contains(status(j))),
                CRAWL);
        assertThat(queuedJobs).as("jobs of %s", queued).hasSize(1);
        long crawled = ScheduledHarvests.onlyJob(queuedJobs);
        assertThat(crawled).isEqualTo(queuedJob);
        assertThat(status(queuedJobs.get(0)))
            .as("job %s: %s\nagent log:\n%s", crawled, harvests.job(crawled), agent.tail())
            .isEqualTo("DONE");
        assertThat(archivedFilesOfJob(crawled)).contains(crawled + "-metadata-1.warc");
        awaitEmpty(agent.jobs());

        // The agent took exactly these two jobs, each once.
        Matcher took = Pattern.compile("Took job (\\d+) ").matcher(agent.logText());
        List<Long> taken = took.results().map(r -> Long.parseLong(r.group(1))).toList();
        assertThat(taken).as("jobs the agent took").containsExactly(runningJob, crawled);
        assertThat(ScheduledHarvests.onlyJob(harvests.awaitJobs(running, js -> true)))
            .isEqualTo(runningJob);
      }

      // Nothing left on the channel's queue (the agent has stopped, so nothing else takes it).
      assertThat(ScheduledHarvests.takeCrawlRequests(channel, Duration.ofSeconds(2)))
          .as("crawl requests left on the queue")
          .isEmpty();
    }
  }

  private static String status(JsonObject job) {
    return job.getString("status");
  }

  private static java.util.function.Predicate<JsonObject> downloadedAtLeast(long objects) {
    return j -> downloaded(j) >= objects;
  }

  private static long downloaded(JsonObject details) {
    JsonObject job = details.getJsonObject("job");
    if (absent(job, "progress") || absent(job.getJsonObject("progress"), "downloaded")) {
      return -1;
    }
    return job.getJsonObject("progress").getJsonNumber("downloaded").longValue();
  }
}
