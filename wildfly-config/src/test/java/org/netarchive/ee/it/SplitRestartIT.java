package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.message.CrawlRequest;

/**
 * What a crash of the server in the middle of things does: the server is killed (SIGKILL) while a
 * snapshot split has stored some of its jobs, and started again with the same command. The split
 * resumes and ends with every configuration in exactly one job, and a job that was waiting in its
 * queue is still that job, SUBMITTED, with its (persistent) crawl request on the queue. The split
 * is quick, so a kill can miss it; the test then tries again (see {@link
 * #crashInTheMiddleOfASplit()}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SplitRestartIT {

  private static final int DOMAINS = 20_000;

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);

  @Test
  void givenASplitInProgressAndAQueuedJob_whenTheServerRestarts_thenNothingIsLostOrDoubled()
      throws Exception {
    // a queued job on a channel of its own
    String channel =
        ("ITRESTART" + UUID.randomUUID().toString().substring(0, 6))
            .toUpperCase(Locale.ROOT)
            .replace("-", "");
    assertThat(
            admin
                .post(
                    "/api/channels",
                    Json.createObjectBuilder()
                        .add("name", channel)
                        .add("kind", "SELECTIVE")
                        .build())
                .statusCode())
        .isEqualTo(201);
    String selective = "Queued " + UUID.randomUUID().toString().substring(0, 8);
    assertThat(
            admin
                .post(
                    "/api/harvests/selective",
                    Json.createObjectBuilder()
                        .add("name", selective)
                        .add("channel", channel)
                        .add("schedule", "Once")
                        .build())
                .statusCode())
        .isEqualTo(201);
    String queuedDomain = "it-queued-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    assertThat(
            admin
                .postText(
                    "/api/harvests/" + Api.segment(selective) + "/seeds",
                    "http://www." + queuedDomain + "/\n")
                .statusCode())
        .isEqualTo(200);
    assertThat(admin.post("/api/harvests/" + Api.segment(selective) + "/activate").statusCode())
        .isEqualTo(200);
    long queuedJob = harvests.awaitOnlySubmittedJob(selective);

    // a snapshot of many domains, split in small runs and jobs so that it takes a while
    String prefix = "it-restart-" + UUID.randomUUID().toString().substring(0, 6) + "-";
    String list =
        IntStream.rangeClosed(1, DOMAINS)
            .mapToObj(i -> prefix + i + ".dk")
            .collect(Collectors.joining("\n"));
    HttpResponse<String> bulk = admin.postText("/api/domains/bulk?source=restart.txt", list);
    assertThat(bulk.statusCode()).as(bulk.body()).isIn(200, 202);
    long execution = json(bulk).getJsonNumber("executionId").longValue();
    org.awaitility.Awaitility.await("bulk creation of " + DOMAINS + " domains")
        .atMost(Duration.ofSeconds(180))
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () ->
                assertThat(json(admin.get("/api/domains/bulk/" + execution)).getString("status"))
                    .isEqualTo("COMPLETED"));
    JsonObject before = json(admin.get("/api/settings/scheduling"));
    // Small runs, jobs and transactions, so that the split takes long enough to be caught in it.
    // Packing is where the configurations are placed; at 100 a transaction it placed 40,000 in
    // about two seconds on the shared test server. At 10 a transaction it takes a few seconds
    // more, and a job of 200 configurations is made in twenty transactions (a kill can land
    // inside a job). Not smaller jobs: each is read back below, one request per job.
    setProperty("netarchive.split.runSize", "500");
    setProperty("netarchive.split.packChunkSize", "10");
    put(Json.createObjectBuilder().add("split.configChunkSize", "200").build());
    try {
      String snapshot = crashInTheMiddleOfASplit();
      JsonObject done =
          awaitRun(
              snapshot, r -> !r.getString("status").equals("RUNNING"), Duration.ofSeconds(300));
      assertThat(done.getString("status")).as(done.toString()).isEqualTo("DONE");
      assertThat(done.getJsonNumber("placed").longValue())
          .isEqualTo(done.getJsonNumber("estimated").longValue());

      List<JsonObject> jobs = jobsOf(snapshot);
      long sum = jobs.stream().mapToLong(j -> j.getInt("configurationCount")).sum();
      assertThat(sum).isEqualTo(done.getJsonNumber("placed").longValue());
      Set<String> seen = new HashSet<>();
      List<String> twice = new ArrayList<>();
      for (JsonObject job : jobs) {
        for (JsonObject d : HarvestedJobs.allDomains(admin, job.getJsonNumber("id").longValue())) {
          if (!seen.add(d.getString("domain"))) {
            twice.add(d.getString("domain"));
          }
        }
      }
      assertThat(twice).as("domains in more than one job").isEmpty();
      assertThat(seen).hasSize((int) sum);
      assertThat(IntStream.rangeClosed(1, DOMAINS).mapToObj(i -> prefix + i + ".dk"))
          .allMatch(seen::contains);
    } finally {
      setProperty("netarchive.split.runSize", null);
      setProperty("netarchive.split.packChunkSize", null);
      put(
          Json.createObjectBuilder()
              .add("split.configChunkSize", before.getString("split.configChunkSize"))
              .build());
    }

    // The queued job survived as itself: still SUBMITTED, its crawl request (persistent) the only
    // one on the channel's queue, and no copy of it made at start-up.
    JsonObject queued = awaitJob(queuedJob, "SUBMITTED");
    assertThat(HarvestedJobs.absent(queued, "resubmittedAs"))
        .as("not resubmitted: %s", queued)
        .isTrue();
    assertThat(jobsOf(selective)).as("the jobs of %s", selective).hasSize(1);
    List<CrawlRequest> left = ScheduledHarvests.takeCrawlRequests(channel, Duration.ofSeconds(10));
    assertThat(left).as("one crawl request, no second").hasSize(1);
    CrawlRequest request = left.get(0);
    assertThat(request.jobId()).isEqualTo(queuedJob);
    assertThat(request.domains().get(0).domain()).isEqualTo(queuedDomain);
  }

  /**
   * Activates a new snapshot harvest and kills the server while its split places configurations;
   * answers the harvest's name once the restarted server has resumed that split and placed more.
   *
   * <p>Whether a kill lands inside the split is a matter of timing: the split places tens of
   * thousands of configurations in a few seconds, and a slow moment of the machine can let it end
   * between the test seeing it place and the kill. Then the test tries again with a new snapshot
   * harvest, three times at most, and fails saying what each attempt saw.
   */
  private String crashInTheMiddleOfASplit() throws Exception {
    List<String> missed = new ArrayList<>();
    for (int attempt = 1; attempt <= 3; attempt++) {
      String snapshot = "Restart snapshot " + UUID.randomUUID().toString().substring(0, 8);
      assertThat(
              admin
                  .post(
                      "/api/harvests/snapshot",
                      Json.createObjectBuilder().add("name", snapshot).build())
                  .statusCode())
          .isEqualTo(201);
      assertThat(admin.post("/api/harvests/" + Api.segment(snapshot) + "/activate").statusCode())
          .isEqualTo(200);
      JsonObject run =
          awaitRun(
              snapshot,
              r ->
                  !r.getString("status").equals("RUNNING")
                      || r.getJsonNumber("placed").longValue() > 0,
              Duration.ofSeconds(150));
      assertThat(run.getString("status")).as("the split: %s", run).isIn("RUNNING", "DONE");
      if (run.getString("status").equals("DONE")) {
        missed.add("attempt " + attempt + ": the split ended before it was seen placing: " + run);
        continue;
      }
      long placedBeforeRestart = run.getJsonNumber("placed").longValue();
      Pattern resumed =
          Pattern.compile("Resuming the interrupted split " + run.getJsonNumber("splitId") + "\\b");

      ServerUnderTest.crashAndRestart();

      JsonObject after =
          awaitRun(
              snapshot, r -> !r.getString("status").equals("RUNNING"), Duration.ofSeconds(300));
      assertThat(after.getString("status"))
          .as("the split after the restart: %s", after)
          .isEqualTo("DONE");
      if (resumed.matcher(ServerUnderTest.serverLogText()).find()
          && after.getJsonNumber("placed").longValue() > placedBeforeRestart) {
        return snapshot;
      }
      missed.add(
          "attempt "
              + attempt
              + ": "
              + placedBeforeRestart
              + " placed when the server was killed, and the split was not resumed to place"
              + " more: "
              + after);
    }
    throw new AssertionError("No kill of the server landed inside a split: " + missed);
  }

  private void put(JsonObject settings) throws Exception {
    HttpResponse<String> put = admin.put("/api/settings/scheduling", settings);
    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
  }

  private static void setProperty(String name, String value) throws Exception {
    ModelNode remove = new ModelNode();
    remove.get("operation").set("remove");
    remove.get("address").add("system-property", name);
    ServerUnderTest.management(remove);
    if (value != null) {
      ModelNode add = new ModelNode();
      add.get("operation").set("add");
      add.get("address").add("system-property", name);
      add.get("value").set(value);
      ModelNode result = ServerUnderTest.management(add);
      assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
    }
  }

  private List<JsonObject> jobsOf(String harvest) throws Exception {
    List<JsonObject> jobs = new ArrayList<>();
    for (int page = 0; ; page++) {
      JsonObject list =
          json(admin.get("/api/jobs?size=1000&page=" + page + "&harvest=" + Api.segment(harvest)));
      List<JsonObject> items = list.getJsonArray("items").getValuesAs(JsonObject.class);
      jobs.addAll(items);
      if (items.size() < 1000) {
        return jobs;
      }
    }
  }

  private JsonObject awaitJob(long id, String status) throws Exception {
    return await("job " + id + " " + status)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> json(admin.get("/api/jobs/" + id)).getJsonObject("job"),
            job -> job.getString("status").equals(status));
  }

  private JsonObject awaitRun(
      String harvest, java.util.function.Predicate<JsonObject> condition, Duration within)
      throws Exception {
    // Polled often: the states between the split's steps are short. While the server reloads,
    // requests fail or are answered with a status other than 200. Until the harvest has a run, a
    // scheduling pass is asked for every second instead of waiting for the timer's minute.
    long[] lastPass = {System.nanoTime() - 2_000_000_000L};
    return await("the latest run of " + harvest)
        .atMost(within)
        .pollInterval(Duration.ofMillis(20))
        .ignoreExceptionsInstanceOf(java.io.IOException.class)
        .until(
            () -> {
              HttpResponse<String> runs =
                  admin.get("/api/jobs/runs?harvest=" + Api.segment(harvest));
              List<JsonObject> list =
                  runs.statusCode() == 200
                      ? Api.jsonArray(runs).getValuesAs(JsonObject.class)
                      : List.of();
              if (runs.statusCode() == 200
                  && list.isEmpty()
                  && System.nanoTime() - lastPass[0] > 1_000_000_000L) {
                lastPass[0] = System.nanoTime();
                harvests.triggerPasses();
              }
              return list.isEmpty() ? null : list.get(0);
            },
            last -> last != null && condition.test(last));
  }
}
