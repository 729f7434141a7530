package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;

import jakarta.jms.JMSConsumer;
import jakarta.jms.Message;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.common.message.JobStarted;

/**
 * The scheduler on the provisioned server: a due harvest is split into jobs by the split-harvest
 * batch job, the jobs go to their channel's queue as crawl requests, and an agent's reports (sent
 * here by the test, as a remote agent) move them through STARTED to DONE with statistics that
 * become harvest history. Each test uses a channel of its own, so only its own jobs are on the
 * queue it reads.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JobLifecycleIT {

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);
  private RemoteAgent agent;

  @BeforeEach
  void connectAsAgent() {
    agent = new RemoteAgent();
  }

  @AfterEach
  void disconnect() {
    agent.close();
  }

  @Test
  void givenADueSelectiveHarvest_whenScheduled_thenItsJobGoesToItsQueue_andReportsFinishIt()
      throws Exception {
    String channel = harvests.newChannel();
    String harvest = ScheduledHarvests.unique("Lifecycle ");
    String complete = ScheduledHarvests.unique("it-job-") + ".dk";
    String limited = ScheduledHarvests.unique("it-job-") + ".dk";
    harvests.createHarvest(harvest, channel, "Once");
    harvests.addSeeds(harvest, "?maxObjects=25", List.of(complete, limited));
    harvests.activate(harvest);

    List<JsonObject> jobs =
        harvests.awaitJobs(harvest, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));

    assertThat(jobs).hasSize(1);
    long jobId = jobs.get(0).getJsonNumber("id").longValue();
    assertThat(jobs.get(0).getString("channel")).isEqualTo(channel);
    assertThat(jobs.get(0).getInt("configurationCount")).isEqualTo(2);
    try (JMSConsumer consumer =
        agent
            .context()
            .createConsumer(
                agent.context().createQueue(RemoteAgent.CHANNELS.harvestJobs(channel).name()))) {
      Message message = consumer.receive(10_000);
      assertThat(message).as("a crawl request on the channel's queue").isNotNull();
      CrawlRequest request = (CrawlRequest) agent.messages().fromJms(message);
      assertThat(request.jobId()).isEqualTo(jobId);
      assertThat(request.harvestName()).isEqualTo(harvest);
      assertThat(request.channel()).isEqualTo(channel);
      assertThat(request.crawlerBeans()).contains("%{SEEDS}");
      assertThat(request.domains())
          .extracting(CrawlDomain::domain)
          .containsExactlyInAnyOrder(complete, limited);
      assertThat(request.domains()).allSatisfy(d -> assertThat(d.maxObjects()).isEqualTo(25));
      assertThat(request.domains())
          .filteredOn(d -> d.domain().equals(complete))
          .singleElement()
          .satisfies(d -> assertThat(d.seeds()).containsExactly("http://www." + complete + "/"));
    }
    // the Once schedule has no further run: the harvest ran once and is inactive
    JsonObject harvestNow = json(admin.get("/api/harvests/" + Api.segment(harvest)));
    assertThat(harvestNow.getBoolean("active")).isFalse();
    List<JsonObject> runs =
        Api.jsonArray(admin.get("/api/jobs/runs?harvest=" + Api.segment(harvest)))
            .getValuesAs(JsonObject.class);
    assertThat(runs)
        .singleElement()
        .satisfies(r -> assertThat(r.getString("status")).isEqualTo("DONE"));

    Instant started = Instant.now();
    agent.report(new JobStarted(jobId, "it-agent", started));
    harvests.awaitJob(jobId, j -> j.getJsonObject("job").getString("status").equals("STARTED"));
    agent.report(
        new JobProgress(jobId, "it-agent", started.plusSeconds(20), 40, 10, 30, 1.5, 80, 2, 4096));
    harvests.awaitJob(jobId, j -> j.getJsonObject("job").get("progress") instanceof JsonObject);
    JsonObject running =
        Api.jsonArray(admin.get("/api/jobs/running")).getValuesAs(JsonObject.class).stream()
            .filter(j -> j.getJsonNumber("id").longValue() == jobId)
            .findFirst()
            .orElseThrow();
    assertThat(running.getJsonObject("progress").getInt("percentDone")).isEqualTo(75);

    JobFinished finished =
        RemoteAgent.done(
            jobId,
            "it-agent",
            started.plusSeconds(60),
            new DomainStatistics(
                complete, 12, 34_567, CrawlStopReason.DOWNLOAD_COMPLETE, 5L, 20_000L),
            new DomainStatistics(limited, 25, 99_999, CrawlStopReason.OBJECT_LIMIT));
    agent.report(finished);
    agent.report(finished); // a repeated report changes nothing
    JsonObject done =
        harvests.awaitJob(jobId, j -> j.getJsonObject("job").getString("status").equals("DONE"));

    Map<String, JsonObject> byDomain =
        done.getJsonObject("domains").getJsonArray("items").getValuesAs(JsonObject.class).stream()
            .collect(Collectors.toMap(d -> d.getString("domain"), d -> d));
    assertThat(byDomain.get(complete).getJsonNumber("objects").longValue()).isEqualTo(12);
    assertThat(byDomain.get(complete).getString("stopReason")).isEqualTo("DOWNLOAD_COMPLETE");
    // the object limit that stopped it was the configuration's own: recorded as such
    assertThat(byDomain.get(limited).getString("stopReason")).isEqualTo("CONFIG_OBJECT_LIMIT");
    assertThat(byDomain.get(complete).getJsonNumber("duplicateObjects").longValue()).isEqualTo(5);
    assertThat(byDomain.get(limited).getJsonNumber("duplicateObjects").longValue()).isZero();
    JsonObject deduplication = done.getJsonObject("deduplication");
    assertThat(deduplication.getJsonNumber("objects").longValue()).isEqualTo(5);
    assertThat(deduplication.getJsonNumber("bytes").longValue()).isEqualTo(20_000);
    assertThat(deduplication.getJsonNumber("archivedObjects").longValue()).isEqualTo(37);
    // the history is written in the transaction that marked the job DONE
    JsonObject history = json(admin.get("/api/history/domains/" + limited));
    assertThat(history.getJsonNumber("total").longValue()).isEqualTo(1);
    JsonObject entry = history.getJsonArray("items").getJsonObject(0);
    assertThat(entry.getJsonNumber("job").longValue()).isEqualTo(jobId);
    assertThat(entry.getJsonNumber("objects").longValue()).isEqualTo(25);
    assertThat(entry.getString("stopReason")).isEqualTo("CONFIG_OBJECT_LIMIT");
    assertThat(entry.getJsonNumber("duplicateObjects").longValue()).isZero();

    // a report for a job that does not exist is refused and logged
    agent.report(new JobStarted(987_654_321L, "it-agent", Instant.now()));
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () ->
                assertThat(ServerUnderTest.serverLogText())
                    .contains("Refused JobStarted for job 987654321"));
  }

  @Test
  void givenConfigurationsOfTwoByteLimitsAndOneWithHistory_whenSplit_thenJobsFollowTheRules()
      throws Exception {
    String channel = harvests.newChannel();
    String harvest = ScheduledHarvests.unique("Splitting ");
    List<String> big = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      big.add(ScheduledHarvests.unique("it-split-") + ".dk");
    }
    String small = ScheduledHarvests.unique("it-split-small-") + ".dk";
    harvests.createHarvest(harvest, channel, "Once");
    harvests.addSeeds(harvest, "?maxBytes=1000000000", big);
    harvests.addSeeds(harvest, "?maxBytes=5000000", List.of(small));
    // one of the big ones was harvested before: 1000 objects, 100 MB, complete
    String csv =
        "domain,configuration,harvest,job,started,objects,bytes,stop_reason\n"
            + big.get(0)
            + ","
            + harvest
            + ",Earlier system,17,2025-01-01T00:00:00Z,1000,100000000,DOWNLOAD_COMPLETE\n";
    HttpResponse<String> imported = admin.post("/api/history", "text/csv; charset=UTF-8", csv);
    assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
    assertThat(json(imported).getJsonNumber("imported").longValue()).isEqualTo(1);
    Map<String, String> before = settings();
    try {
      putSettings(Map.of("split.configChunkSize", "2"));
      harvests.activate(harvest);

      List<JsonObject> jobs =
          harvests.awaitJobs(harvest, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));

      // 5 configurations of 1 GB in jobs of at most 2, the 5 MB one alone: 4 jobs
      assertThat(jobs).hasSize(4);
      // The list is newest first under each filter (each served by its own index), paged and
      // counted to its end at this size.
      List<Long> ids = jobs.stream().map(j -> j.getJsonNumber("id").longValue()).toList();
      assertThat(ids).isSortedAccordingTo(java.util.Comparator.reverseOrder());
      String ofHarvest = "/api/jobs?harvest=" + Api.segment(harvest);
      JsonObject firstThree = json(admin.get(ofHarvest + "&run=1&status=SUBMITTED&size=3"));
      assertThat(idsOf(firstThree)).isEqualTo(ids.subList(0, 3));
      assertThat(firstThree.getJsonNumber("total").longValue()).isEqualTo(4);
      assertThat(firstThree.getBoolean("totalIsLowerBound")).isFalse();
      JsonObject secondPage =
          json(admin.get("/api/jobs?channel=" + Api.segment(channel) + "&size=2&page=1"));
      assertThat(idsOf(secondPage)).isEqualTo(ids.subList(2, 4));
      assertThat(idsOf(json(admin.get("/api/jobs?status=SUBMITTED&size=1000")))).containsAll(ids);
      assertThat(json(admin.get(ofHarvest + "&status=DONE")).getJsonNumber("total").longValue())
          .isZero();
      assertThat(idsOf(json(admin.get(ofHarvest + "&run=2")))).isEmpty();
      List<JsonObject> details = new ArrayList<>();
      for (JsonObject j : jobs) {
        details.add(harvests.job(j.getJsonNumber("id").longValue()));
      }
      Map<String, Long> expected = new java.util.HashMap<>();
      Map<String, Long> jobOfDomain = new java.util.HashMap<>();
      for (JsonObject d : details) {
        for (JsonObject domain :
            d.getJsonObject("domains").getJsonArray("items").getValuesAs(JsonObject.class)) {
          expected.put(
              domain.getString("domain"), domain.getJsonNumber("expectedObjects").longValue());
          assertThat(
                  jobOfDomain.put(
                      domain.getString("domain"),
                      d.getJsonObject("job").getJsonNumber("id").longValue()))
              .as("domain %s in one job only", domain.getString("domain"))
              .isNull();
        }
      }
      assertThat(jobOfDomain).hasSize(6);
      // harvested before: 100 MB / 1000 objects = 100000 bytes per object (above 38000); the 1 GB
      // limit allows 10000; complete, so 1000 + (10000 - 1000) / errorFactorPrevResult 10 = 1900
      assertThat(expected.get(big.get(0))).isEqualTo(1900);
      // never harvested: maxDomainSize 5000
      assertThat(expected.get(big.get(1))).isEqualTo(5000);
      JsonObject smallJob =
          details.stream()
              .filter(
                  d ->
                      d.getJsonObject("domains")
                          .getJsonArray("items")
                          .getJsonObject(0)
                          .getString("domain")
                          .equals(small))
              .findFirst()
              .orElseThrow();
      assertThat(smallJob.getJsonObject("domains").getJsonNumber("total").longValue()).isEqualTo(1);
      assertThat(smallJob.getJsonNumber("maxBytesPerDomain").longValue()).isEqualTo(5_000_000);
      List<String> closedBy = details.stream().map(d -> d.getString("closedBy")).toList();
      assertThat(closedBy).contains("TOO_MANY_CONFIGURATIONS", "BYTE_LIMIT", "END");
      // the first job holds the largest expectations: the two never-harvested 5000s
      JsonObject first =
          details.stream()
              .min(
                  (a, b) ->
                      Long.compare(
                          a.getJsonObject("job").getJsonNumber("id").longValue(),
                          b.getJsonObject("job").getJsonNumber("id").longValue()))
              .orElseThrow();
      assertThat(first.getJsonObject("domains").getJsonArray("items").getValuesAs(JsonObject.class))
          .allSatisfy(
              d -> assertThat(d.getJsonNumber("expectedObjects").longValue()).isEqualTo(5000));

      // a failed job is resubmitted as a new job with the same domains, which is dispatched
      long failedId = jobs.get(0).getJsonNumber("id").longValue();
      agent.report(new JobStarted(failedId, "it-agent", Instant.now()));
      agent.report(
          RemoteAgent.failed(
              failedId, "it-agent", Instant.now(), "Heritrix did not start", "exit code 1"));
      harvests.awaitJob(failedId, j -> j.getJsonObject("job").getString("status").equals("FAILED"));
      HttpResponse<String> resubmitted = admin.post("/api/jobs/" + failedId + "/resubmit");
      assertThat(resubmitted.statusCode()).as(resubmitted.body()).isEqualTo(200);
      long newId = json(resubmitted).getJsonNumber("id").longValue();
      JsonObject old = harvests.job(failedId).getJsonObject("job");
      assertThat(old.getString("status")).isEqualTo("RESUBMITTED");
      assertThat(old.getJsonNumber("resubmittedAs").longValue()).isEqualTo(newId);
      assertThat(old.getString("harvestError")).isEqualTo("Heritrix did not start");
      JsonObject copy =
          harvests.awaitJob(
              newId, j -> j.getJsonObject("job").getString("status").equals("SUBMITTED"));
      assertThat(copy.getJsonObject("job").getJsonNumber("resubmittedFrom").longValue())
          .isEqualTo(failedId);
      assertThat(copy.getJsonObject("domains").getJsonNumber("total").longValue())
          .isEqualTo(jobs.get(0).getInt("configurationCount"));
      // resubmitted already: the job's state refuses it, 409 naming the job and its state
      HttpResponse<String> again = admin.post("/api/jobs/" + failedId + "/resubmit");
      assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
      assertThat(again.body()).contains("Job " + failedId + " is RESUBMITTED");
    } finally {
      putSettings(before);
    }
  }

  @Test
  void givenHistoriesOfEveryKindAndTwoTemplates_whenSplit_thenEachCheckClosesAJob()
      throws Exception {
    String channel = harvests.newChannel();
    String harvest = ScheduledHarvests.unique("Rules ");
    // a second crawl template: the default one's text with a comment
    String template = ScheduledHarvests.unique("it_template_");
    String text =
        new String(
            admin.getBytes("/api/templates/default_orderxml/crawler-beans.cxml").body(),
            java.nio.charset.StandardCharsets.UTF_8);
    HttpResponse<String> uploaded =
        admin.putXml(
            "/api/templates/" + template,
            text.replaceFirst("(<beans[^>]*>)", "$1<!-- " + template + " -->"));
    assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
    admin.post("/api/templates/" + template + "/activate");
    List<String> d = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      d.add(ScheduledHarvests.unique("it-rules-" + i + "-") + ".dk");
    }
    harvests.createHarvest(harvest, channel, "Once");
    harvests.addSeeds(harvest, "", d.subList(0, 5));
    harvests.addSeeds(harvest, "?template=" + template, d.subList(5, 6));
    String header = "domain,configuration,harvest,job,started,objects,bytes,stop_reason\n";
    String csv =
        header
            // incomplete, with more objects than the older complete harvest below, so the best
            // (as NetarchiveSuite's DomainConfigurationTest pins it); 100000 bytes/object,
            // 1 GB / 100000 = 10000; 1000 + (10000 - 1000) / errorFactorBestGuess 2 = 5500
            + d.get(1)
            + ","
            + harvest
            + ",Earlier,1,2025-01-01T00:00:00Z,1000,100000000,SIZE_LIMIT\n"
            // complete but older and smaller: from it the estimate would be 500 + 9500 / 10
            + d.get(1)
            + ","
            + harvest
            + ",Earlier,2,2024-01-01T00:00:00Z,500,50000000,DOWNLOAD_COMPLETE\n"
            // complete: 1000 + (10000 - 1000) / errorFactorPrevResult 10 = 1900
            + d.get(4)
            + ","
            + harvest
            + ",Earlier,1,2025-01-01T00:00:00Z,1000,100000000,DOWNLOAD_COMPLETE\n"
            // complete, under 50 objects of 100 bytes: too few to believe so small an average,
            // 38000 bytes/object, 1 GB / 38000 = 26315; 10 + (26315 - 10) / 10 = 2640
            + d.get(3)
            + ","
            + harvest
            + ",Earlier,1,2025-01-01T00:00:00Z,10,1000,DOWNLOAD_COMPLETE\n";
    HttpResponse<String> imported = admin.post("/api/history", "text/csv; charset=UTF-8", csv);
    assertThat(json(imported).getJsonNumber("imported").longValue())
        .as(imported.body())
        .isEqualTo(4);
    Map<String, String> before = settings();
    try {
      putSettings(
          Map.of(
              "split.maxTotalSize", "12000",
              "split.maxRelativeSizeDifference", "2",
              "split.minAbsoluteSizeDifference", "0"));
      harvests.activate(harvest);

      List<JsonObject> jobs =
          harvests.awaitJobs(harvest, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));

      // split order: the default template's 5500, 5000, 5000, 2640, 1900, then the other's 5000
      // job 1: 5500 + 5000; a third would exceed maxTotalSize 12000        -> TOTAL_SIZE
      // job 2: 5000 + 2640; 1900 would make max/min 2.6 > 2 (and 3100 >= 0) -> RELATIVE_SIZE
      // job 3: 1900; the next one uses another template                    -> OTHER_TEMPLATE
      // job 4: the other template's 5000                                   -> END
      List<JsonObject> details = new ArrayList<>();
      for (JsonObject j : jobs) {
        details.add(harvests.job(j.getJsonNumber("id").longValue()));
      }
      details.sort(
          java.util.Comparator.comparingLong(
              x -> x.getJsonObject("job").getJsonNumber("id").longValue()));
      assertThat(details)
          .extracting(x -> x.getString("closedBy"))
          .containsExactly("TOTAL_SIZE", "RELATIVE_SIZE", "OTHER_TEMPLATE", "END");
      assertThat(details)
          .extracting(
              x ->
                  x
                      .getJsonObject("domains")
                      .getJsonArray("items")
                      .getValuesAs(JsonObject.class)
                      .stream()
                      .map(v -> v.getJsonNumber("expectedObjects").longValue())
                      .toList())
          .containsExactly(
              List.of(5500L, 5000L), List.of(5000L, 2640L), List.of(1900L), List.of(5000L));
      assertThat(details.get(3).getString("templateName")).isEqualTo(template);
      assertThat(details.get(0).getString("templateName")).isEqualTo("default_orderxml");
    } finally {
      putSettings(before);
    }
  }

  private Map<String, String> settings() throws Exception {
    JsonObject settings = json(admin.get("/api/settings/scheduling"));
    return settings.keySet().stream()
        .filter(k -> k.startsWith("split."))
        .collect(Collectors.toMap(k -> k, settings::getString));
  }

  private void putSettings(Map<String, String> settings) throws Exception {
    var body = Json.createObjectBuilder();
    settings.forEach(body::add);
    HttpResponse<String> put = admin.put("/api/settings/scheduling", body.build());
    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
  }

  @Test
  void givenAnUnknownSetting_whenChanged_thenRefusedNamingItAndNothingStored() throws Exception {
    HttpResponse<String> refused =
        admin.put(
            "/api/settings/scheduling",
            Json.createObjectBuilder()
                .add("split.configChunkSize", "7")
                .add("split.noSuchThing", "1")
                .build());
    HttpResponse<String> zero =
        admin.put(
            "/api/settings/scheduling",
            Json.createObjectBuilder().add("split.maxTotalSize", "0").build());
    HttpResponse<String> asViewer =
        Api.newAccount("viewer")
            .put(
                "/api/settings/scheduling",
                Json.createObjectBuilder().add("split.configChunkSize", "7").build());

    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(json(refused).getString("detail")).contains("split.noSuchThing");
    assertThat(zero.statusCode()).isEqualTo(400);
    assertThat(json(zero).getString("detail")).contains("maxTotalSize", "0");
    assertThat(asViewer.statusCode()).isEqualTo(403);
    assertThat(json(admin.get("/api/settings/scheduling")).getString("split.configChunkSize"))
        .isEqualTo("10000");
  }

  @Test
  void givenAJobThatIsNotFailed_whenResubmitted_thenRefused_andBadFiltersAreNamed()
      throws Exception {
    HttpResponse<String> badStatus = admin.get("/api/jobs?status=RUNNING");
    HttpResponse<String> unknownHarvest =
        admin.get("/api/jobs?harvest=" + ScheduledHarvests.unique("nope"));
    HttpResponse<String> noJob = admin.post("/api/jobs/987654321/resubmit");

    assertThat(badStatus.statusCode()).isEqualTo(400);
    assertThat(json(badStatus).getString("detail")).contains("'RUNNING'", "SUBMITTED");
    assertThat(unknownHarvest.statusCode()).isEqualTo(404);
    assertThat(noJob.statusCode()).isEqualTo(404);
  }

  private static List<Long> idsOf(JsonObject page) {
    return page.getJsonArray("items").getValuesAs(JsonObject.class).stream()
        .map(j -> j.getJsonNumber("id").longValue())
        .toList();
  }
}
