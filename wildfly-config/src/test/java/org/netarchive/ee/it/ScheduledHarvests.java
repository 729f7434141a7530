package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.CrawlRequest;

/**
 * Harvests made through the REST API for the scheduler to run, and their jobs as the API shows
 * them: what the tests of scheduling, dispatch and the Harvest status pages share. Each test makes
 * a channel of its own, so only its own jobs are on the queue of that channel.
 */
final class ScheduledHarvests {

  /** How long a due harvest may take to become jobs: the scheduler runs every minute. */
  static final Duration SCHEDULING = Duration.ofSeconds(150);

  private static final Channels CHANNELS = Channels.forEnvironment(ServerUnderTest.ENVIRONMENT);

  private final Api admin;

  ScheduledHarvests(Api admin) {
    this.admin = admin;
  }

  static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  /**
   * A new domain whose default configuration harvests the synthetic site's host of that name with
   * the given template, as a curator sets it up: its default seed list holds the host's front page.
   */
  void syntheticDomain(String name, String seed, long templateId) throws Exception {
    HttpResponse<String> created =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonObject domain = json(created);
    JsonObject seeds = domain.getJsonArray("seedLists").getJsonObject(0);
    HttpResponse<String> seeded =
        admin.put(
            "/api/domains/" + name + "/seedlists/" + seeds.getString("name"),
            Json.createObjectBuilder()
                .add("seeds", Json.createArrayBuilder().add(seed))
                .add("version", seeds.getInt("version"))
                .build());
    assertThat(seeded.statusCode()).as(seeded.body()).isEqualTo(200);
    JsonObject configuration = domain.getJsonArray("configurations").getJsonObject(0);
    HttpResponse<String> configured =
        admin.put(
            "/api/domains/" + name + "/configurations/" + configuration.getString("name"),
            Json.createObjectBuilder()
                .add("templateId", templateId)
                .add("seedLists", Json.createArrayBuilder().add(seeds.getString("name")))
                // the synthetic site answers at once: 100 requests a second, not a minute's 60
                .add("maxRequestRate", 6000)
                .add("version", configuration.getInt("version"))
                .build());
    assertThat(configured.statusCode()).as(configured.body()).isEqualTo(200);
  }

  /** A new selective harvest channel, named ITJOBS and a unique suffix. */
  String newChannel() throws Exception {
    return newChannel("SELECTIVE");
  }

  /** A new harvest channel of a kind (SELECTIVE or SNAPSHOT), named ITJOBS and a unique suffix. */
  String newChannel(String kind) throws Exception {
    String name = unique("ITJOBS").toUpperCase(Locale.ROOT).replace("-", "");
    HttpResponse<String> created =
        admin.post(
            "/api/channels",
            Json.createObjectBuilder().add("name", name).add("kind", kind).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    return name;
  }

  /** Uploads {@link FastTemplate} as a new active template named by {@code prefix}; its name. */
  String newFastTemplate(String prefix) throws Exception {
    String template = unique(prefix);
    HttpResponse<String> uploaded = admin.putXml("/api/templates/" + template, FastTemplate.text());
    assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
    HttpResponse<String> activated = admin.post("/api/templates/" + template + "/activate");
    assertThat(activated.statusCode()).as(activated.body()).isBetween(200, 204);
    return template;
  }

  /**
   * The settings of an agent that serves a channel and resolves names with the synthetic site's DNS
   * (its hosts only), as the ITs start them; more may be added.
   */
  static Map<String, String> agentSettings(String channel, String instance, SyntheticSite site) {
    Map<String, String> settings = new TreeMap<>();
    settings.put("agent.channel", channel);
    settings.put("agent.instance", instance);
    settings.put("heritrix.javaOptions", "-Ddns.server=" + site.dnsServer());
    return settings;
  }

  /**
   * A new agent (not started yet) named {@code instance} serving {@code channel} with the synthetic
   * site's DNS, in a directory of its own below the system property {@code agent.it.dir}.
   */
  static AgentProcess agentOn(String channel, String instance, SyntheticSite site)
      throws IOException {
    return agentOn(channel, instance, site, Map.of());
  }

  /**
   * {@link #agentOn(String, String, SyntheticSite)} with more settings; those every test agent has
   * (channel, instance, DNS) stay as they are.
   */
  static AgentProcess agentOn(
      String channel, String instance, SyntheticSite site, Map<String, String> more)
      throws IOException {
    Map<String, String> settings = agentSettings(channel, instance, site);
    more.forEach(settings::putIfAbsent);
    Path work = Files.createDirectories(Path.of(System.getProperty("agent.it.dir")));
    return new AgentProcess(work.resolve(instance), settings);
  }

  /**
   * Makes a once-harvest (named by {@code prefix}) of one seed with a template and no pause between
   * requests due on a channel, lets the agent crawl it within {@code crawl}, checks the job ended
   * DONE (saying the agent's log if not) and returns the job's id.
   */
  long harvestOnce(
      String prefix,
      String channel,
      String template,
      String seed,
      AgentProcess agent,
      Duration crawl)
      throws Exception {
    String harvest = dueHarvest(prefix, channel, template, seed);
    long jobId = awaitJobs(harvest, js -> !js.isEmpty()).get(0).getJsonNumber("id").longValue();
    JsonObject done = HarvestedJobs.awaitJob(this, jobId, HarvestedJobs.finished(), crawl);
    assertThat(done.getJsonObject("job").getString("status"))
        .as("job %s: %s\n%s", jobId, done, agent.tail())
        .isEqualTo("DONE");
    return jobId;
  }

  /**
   * Makes a once-harvest (named by {@code prefix}) of one seed with a template and no pause between
   * requests due on a channel; its name.
   */
  String dueHarvest(String prefix, String channel, String template, String seed) throws Exception {
    String harvest = unique(prefix);
    createHarvest(harvest, channel, "Once");
    addFastSeed(harvest, "?template=" + template, seed);
    activate(harvest);
    return harvest;
  }

  /**
   * Adds one seed with a configuration allowing 100 requests a second: the synthetic site answers
   * at once, and the default rate (a minute's 60) would make a crawl a test of patience. {@code
   * query} says the rest, e.g. ?template=T&amp;maxBytes=300000.
   */
  void addFastSeed(String harvest, String query, String seed) throws Exception {
    HttpResponse<String> added =
        admin.postText(
            "/api/harvests/" + Api.segment(harvest) + "/seeds" + query + "&maxRequestRate=6000",
            seed + "\n");
    assertThat(added.statusCode()).as(added.body()).isEqualTo(200);
  }

  void createHarvest(String harvest, String channel, String schedule) throws Exception {
    HttpResponse<String> created =
        admin.post(
            "/api/harvests/selective",
            Json.createObjectBuilder()
                .add("name", harvest)
                .add("channel", channel)
                .add("schedule", schedule)
                .build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
  }

  /**
   * Adds a seed http://www.DOMAIN/ per domain; {@code query} says the limits, e.g. ?maxObjects=25.
   */
  void addSeeds(String harvest, String query, List<String> domains) throws Exception {
    String seeds =
        domains.stream().map(d -> "http://www." + d + "/\n").collect(Collectors.joining());
    HttpResponse<String> added =
        admin.postText("/api/harvests/" + Api.segment(harvest) + "/seeds" + query, seeds);
    assertThat(added.statusCode()).as(added.body()).isEqualTo(200);
  }

  void activate(String harvest) throws Exception {
    HttpResponse<String> activated =
        admin.post("/api/harvests/" + Api.segment(harvest) + "/activate");
    assertThat(activated.statusCode()).as(activated.body()).isEqualTo(200);
  }

  /** The jobs of a harvest once all of them satisfy {@code ready}. */
  List<JsonObject> awaitJobs(String harvest, Predicate<List<JsonObject>> ready) throws Exception {
    return awaitJobs(harvest, ready, SCHEDULING);
  }

  /**
   * The jobs of a harvest once all of them satisfy {@code ready}, waiting at most {@code within}.
   */
  List<JsonObject> awaitJobs(String harvest, Predicate<List<JsonObject>> ready, Duration within)
      throws Exception {
    java.util.concurrent.atomic.AtomicReference<List<JsonObject>> last =
        new java.util.concurrent.atomic.AtomicReference<>();
    await()
        .atMost(within)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              HttpResponse<String> list =
                  admin.get("/api/jobs?size=1000&harvest=" + Api.segment(harvest));
              assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
              List<JsonObject> jobs =
                  json(list).getJsonArray("items").getValuesAs(JsonObject.class);
              last.set(jobs);
              if (jobs.isEmpty() || !ready.test(jobs)) {
                triggerPasses();
              }
              assertThat(!jobs.isEmpty() && ready.test(jobs))
                  .as("the jobs of %s ready: %s", harvest, jobs)
                  .isTrue();
            });
    return last.get();
  }

  /**
   * The harvest's one run once it is split and no longer RUNNING, asking for scheduling passes
   * while it has none.
   */
  JsonObject awaitSplitRun(String harvest) throws Exception {
    AtomicReference<JsonObject> split = new AtomicReference<>();
    await()
        .atMost(SCHEDULING)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              HttpResponse<String> response =
                  admin.get("/api/jobs/runs?harvest=" + Api.segment(harvest));
              assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
              List<JsonObject> runs = Api.jsonArray(response).getValuesAs(JsonObject.class);
              if (runs.isEmpty()) {
                triggerPasses();
              }
              assertThat(runs).as("the runs of %s", harvest).hasSize(1);
              assertThat(runs.get(0).getString("status"))
                  .as("the run of %s: %s", harvest, runs)
                  .isNotEqualTo("RUNNING");
              split.set(runs.get(0));
            });
    return split.get();
  }

  /**
   * Asks for a scheduling and a dispatch pass now, instead of waiting for the timers (a pass that
   * is running already answers 409; the next poll asks again).
   */
  void triggerPasses() throws Exception {
    for (String pass : List.of("scheduling-pass", "dispatch-pass")) {
      HttpResponse<String> answer = admin.post("/api/system/" + pass);
      assertThat(answer.statusCode()).as("%s: %s", pass, answer.body()).isIn(200, 409);
    }
  }

  /** The id of the harvest's one job once it is SUBMITTED (on its channel's queue). */
  long awaitOnlySubmittedJob(String harvest) throws Exception {
    return onlyJob(awaitJobs(harvest, js -> allIn(js, "SUBMITTED")));
  }

  /** The id of the one job of a list, after checking there is one. */
  static long onlyJob(List<JsonObject> jobs) {
    assertThat(jobs).hasSize(1);
    return jobs.get(0).getJsonNumber("id").longValue();
  }

  /**
   * The crawl requests left on a channel's queue, taken off it as an agent would: the first awaited
   * up to {@code first}, each further one up to two seconds.
   */
  static List<CrawlRequest> takeCrawlRequests(String channel, Duration first) throws Exception {
    List<CrawlRequest> taken = new ArrayList<>();
    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(ServerUnderTest.BROKER);
        JMSContext context =
            factory.createContext(
                ServerUnderTest.AGENT,
                ServerUnderTest.agentPassword(),
                JMSContext.AUTO_ACKNOWLEDGE);
        JMSConsumer consumer =
            context.createConsumer(context.createQueue(CHANNELS.harvestJobs(channel).name()))) {
      for (Message m = consumer.receive(first.toMillis()); m != null; m = consumer.receive(2_000)) {
        taken.add((CrawlRequest) JmsMessages.standard().fromJms(m));
      }
    }
    return taken;
  }

  static boolean allIn(List<JsonObject> jobs, String status) {
    return jobs.stream().allMatch(j -> j.getString("status").equals(status));
  }

  /** A job's details, as GET /api/jobs/{id} answers them. */
  JsonObject job(long id) throws Exception {
    HttpResponse<String> response = admin.get("/api/jobs/" + id);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return json(response);
  }

  /** A job's details once they satisfy {@code condition}, waiting at most 30 seconds. */
  JsonObject awaitJob(long id, Predicate<JsonObject> condition) throws Exception {
    return Polling.awaitValue(
        Duration.ofSeconds(30),
        Duration.ofMillis(250),
        () -> job(id),
        condition,
        job -> "job " + id + ": " + job);
  }

  /** Whether a job's details say it is in {@code status}. */
  static Predicate<JsonObject> inStatus(String status) {
    return j -> j.getJsonObject("job").getString("status").equals(status);
  }
}
