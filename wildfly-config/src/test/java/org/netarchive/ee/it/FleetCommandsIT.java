package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.HarvestedJobs.absent;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.assertAdminDataCompleted;
import static org.netarchive.ee.it.HarvestedJobs.awaitEmpty;
import static org.netarchive.ee.it.HarvestedJobs.awaitJob;
import static org.netarchive.ee.it.HarvestedJobs.crawledUris;
import static org.netarchive.ee.it.HarvestedJobs.finished;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * The harvester agents steered as a fleet, with the real agent and Heritrix against the server: a
 * running job stopped through the REST API ends FAILED, saying who stopped it, with what it crawled
 * stored in both replicas; a paused agent leaves a job on its queue until resumed, and a job not
 * taken yet cannot be stopped. Each command is followed to its agent's answer through {@code GET
 * /api/agents/commands}.
 *
 * <p>Tagged database-neutral: its database work (a command row and its answer, plain JPA) is
 * applied by the same migrations and mapping every PostgreSQL test starts with.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class FleetCommandsIT {

  private static final Duration CRAWL = Duration.ofSeconds(180);
  private static final Duration ANSWER = Duration.ofSeconds(30);

  private static final Api ADMIN = Api.admin();
  private static final ScheduledHarvests HARVESTS = new ScheduledHarvests(ADMIN);

  /** Closed by JUnit after the class's tests. */
  @AutoClose private static SyntheticSite site;

  private static String template;
  private static String slow;
  private static String small;

  @BeforeAll
  static void site() throws Exception {
    // Host names starting with "slow" answer after a pause: a crawl that lasts until stopped.
    slow = ScheduledHarvests.unique("slow-fleetit-") + ".dk";
    small = ScheduledHarvests.unique("fleetit-small-") + ".dk";
    site =
        new SyntheticSite(
            23,
            List.of(
                new SyntheticSite.Host(slow, 2000, 0, 500),
                new SyntheticSite.Host(small, 4, 0, 500)));
    template = HARVESTS.newFastTemplate("fleetit_fast_");
  }

  /** The one job, SUBMITTED, of a harvest of one domain on a channel of its own, due now. */
  private static long onlyJobOf(String prefix, String channel, String domain) throws Exception {
    return HARVESTS.awaitOnlySubmittedJob(
        HARVESTS.dueHarvest(prefix, channel, template, site.seed(domain)));
  }

  /** The command with this id, as GET /api/agents/commands lists it. */
  private static JsonObject command(long id) throws Exception {
    HttpResponse<String> list = ADMIN.get("/api/agents/commands?size=200");
    assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
    return Api.jsonArray(list).getValuesAs(JsonObject.class).stream()
        .filter(c -> c.getJsonNumber("id").longValue() == id)
        .findFirst()
        .orElseThrow(() -> new AssertionError("command " + id + " not listed: " + list.body()));
  }

  private static JsonObject awaitCommand(long id, String state) {
    return await("command " + id + " " + state)
        .atMost(ANSWER)
        .pollInterval(Duration.ofMillis(250))
        .until(() -> command(id), c -> c.getString("state").equals(state));
  }

  /** The agent's entry among the components of /api/system/status, or null. */
  private static JsonObject component(String instance) throws Exception {
    JsonObject status = json(ADMIN.get("/api/system/status"));
    return status.getJsonArray("components").getValuesAs(JsonObject.class).stream()
        .filter(c -> instance.equals(c.getString("instance", null)))
        .findFirst()
        .orElse(null);
  }

  private static void awaitAgentState(String instance, String state) {
    await(instance + " " + state)
        .atMost(ANSWER)
        .pollInterval(Duration.ofMillis(250))
        .until(() -> component(instance), c -> c != null && state.equals(c.getString("state")));
  }

  private static JsonObject post(String path, int expected) throws Exception {
    HttpResponse<String> answer = ADMIN.post(path);
    assertThat(answer.statusCode()).as("POST %s: %s", path, answer.body()).isEqualTo(expected);
    return json(answer);
  }

  @Test
  void givenACrawlingJob_whenStoppedThroughRest_thenFailedByTheOperatorWithItsFilesStored()
      throws Exception {
    String channel = HARVESTS.newChannel();
    long jobId = onlyJobOf("Fleet stop ", channel, slow);
    String instance = ScheduledHarvests.unique("fleetit-stop-");

    try (AgentProcess agent = ScheduledHarvests.agentOn(channel, instance, site).start()) {
      awaitJob(
          HARVESTS,
          jobId,
          j ->
              j.getJsonObject("job").getJsonObject("progress") != null
                  && j.getJsonObject("job")
                          .getJsonObject("progress")
                          .getJsonNumber("downloaded")
                          .longValue()
                      >= 10,
          CRAWL);

      JsonObject sent = post("/api/jobs/" + jobId + "/stop", 200);
      assertThat(sent.getString("kind")).isEqualTo("STOP_JOB");
      assertThat(sent.getString("agent")).isEqualTo(instance);
      assertThat(sent.getJsonNumber("jobId").longValue()).isEqualTo(jobId);
      assertThat(sent.getString("requestedBy")).isEqualTo(ADMIN.user());
      long commandId = sent.getJsonNumber("id").longValue();

      JsonObject ended = awaitJob(HARVESTS, jobId, finished(), CRAWL);
      JsonObject job = ended.getJsonObject("job");
      assertThat(job.getString("status")).as("%s\n%s", ended, agent.tail()).isEqualTo("FAILED");
      assertThat(job.getString("harvestError"))
          .isEqualTo(
              "The crawl of job "
                  + jobId
                  + " was stopped by operator "
                  + ADMIN.user()
                  + " (command "
                  + commandId
                  + ")");
      assertThat(absent(job, "uploadError")).as(ended.toString()).isTrue();
      assertThat(agent.logText()).contains("Stopping job " + jobId + ": stopped by operator");

      List<String> files = archivedFilesOfJob(jobId);
      assertThat(files)
          .contains(jobId + "-metadata-1.warc")
          .anyMatch(n -> !n.contains("metadata") && n.endsWith(".warc.gz"));
      assertAdminDataCompleted(ADMIN, files);
      assertThat(crawledUris("ONE", files)).contains(site.seed(slow) + "page/1.html");

      JsonObject done = awaitCommand(commandId, "DONE");
      assertThat(done.getString("detail")).contains("reported FAILED");
      awaitEmpty(agent.jobs());

      HttpResponse<String> again = ADMIN.post("/api/jobs/" + jobId + "/stop");
      assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
      assertThat(again.body()).contains("only a STARTED job can be stopped");
    }
  }

  @Test
  void givenAPausedAgent_whenAJobIsQueued_thenItStaysQueuedUntilResumed() throws Exception {
    String channel = HARVESTS.newChannel();
    String instance = ScheduledHarvests.unique("fleetit-pause-");

    try (AgentProcess agent = ScheduledHarvests.agentOn(channel, instance, site).start()) {
      awaitAgentState(instance, "IDLE");
      JsonObject pause = post("/api/agents/" + instance + "/pause", 200);
      assertThat(pause.getString("kind")).isEqualTo("PAUSE");
      JsonObject paused = awaitCommand(pause.getJsonNumber("id").longValue(), "DONE");
      assertThat(paused.getString("detail")).startsWith("Paused: agent " + instance);
      awaitAgentState(instance, "PAUSED");

      long jobId = onlyJobOf("Fleet pause ", channel, small);
      // Held for several of the agent's receive waits (2 s each): a paused agent takes nothing.
      await("job " + jobId + " left on the queue of the paused agent")
          .during(Duration.ofSeconds(8))
          .atMost(Duration.ofSeconds(15))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> HARVESTS.job(jobId).getJsonObject("job").getString("status"),
              "SUBMITTED"::equals);
      assertThat(agent.logText()).doesNotContain("Took job " + jobId);

      HttpResponse<String> early = ADMIN.post("/api/jobs/" + jobId + "/stop");
      assertThat(early.statusCode()).as(early.body()).isEqualTo(409);
      assertThat(early.body()).contains("no agent has taken it yet");

      JsonObject resume = post("/api/agents/" + instance + "/resume", 200);
      awaitCommand(resume.getJsonNumber("id").longValue(), "DONE");
      JsonObject done = awaitJob(HARVESTS, jobId, finished(), CRAWL);
      assertThat(done.getJsonObject("job").getString("status"))
          .as("%s\n%s", done, agent.tail())
          .isEqualTo("DONE");
      assertThat(done.getJsonObject("job").getString("agent")).isEqualTo(instance);
    }
  }

  @Test
  void givenAnAgent_whenAskedToReReadItsSettings_thenItAnswersWhatChanged() throws Exception {
    String channel = HARVESTS.newChannel();
    String instance = ScheduledHarvests.unique("fleetit-reload-");

    try (AgentProcess agent = ScheduledHarvests.agentOn(channel, instance, site).start()) {
      awaitAgentState(instance, "IDLE");
      JsonObject same = post("/api/agents/" + instance + "/reload-settings", 200);
      assertThat(awaitCommand(same.getJsonNumber("id").longValue(), "DONE").getString("detail"))
          .isEqualTo("Settings re-read: nothing changed");

      HttpResponse<String> unknown = ADMIN.post("/api/agents/no-such-agent/pause");
      assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(404);
      assertThat(unknown.body()).contains("No harvester agent named no-such-agent");
    }
  }
}
