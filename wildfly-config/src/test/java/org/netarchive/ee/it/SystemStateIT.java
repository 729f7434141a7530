package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.JobStarted;
import org.netarchive.ee.common.message.LogEntry;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * The system state on the provisioned server: a test agent's heartbeat with a warning, and a
 * bitarchive instance's with its directories, show on GET /api/system/status and on the system
 * state page (in English and Danish) with the server's parts and the server's own warnings; when
 * the agent's heartbeats stop, it is marked missing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SystemStateIT {

  private final Api admin = Api.admin();

  @Test
  void givenAnAgentsHeartbeatWithAWarning_whenShowingTheSystemState_thenItShows_untilItGoesMissing()
      throws Exception {
    String instance = ScheduledHarvests.unique("it-ops-agent-");
    String warning = "Heritrix answered 503 for job 4242; trying again (" + instance + ")";
    long unknownJob = 900_000_000L + (long) (Math.random() * 1_000_000);
    Instant now = Instant.now();
    // Present for minutes (the page is checked while it is, however slow the machine); missing
    // once a later heartbeat, stamped just after this one, says one comes every second.
    try (RemoteAgent agent = new RemoteAgent()) {
      heartbeat(agent, agentHeartbeat(instance, warning, now, Duration.ofMinutes(2)));
      heartbeat(
          agent,
          Heartbeat.builder()
              .component("bitarchive-ONE-" + instance)
              .kind(ComponentKind.BITARCHIVE)
              .instance(instance)
              .state("RUNNING")
              .sentAt(now)
              .channel("DEV_ONE_ANY_BA")
              .detail("replica", "ONE")
              .detail("directory.0", "/srv/it/" + instance)
              .detail("directory.0.usableBytes", "123456789")
              .interval(Duration.ofSeconds(2))
              .build());
      // The server logs a warning of its own: a report of a job that does not exist.
      agent.report(new JobStarted(unknownJob, "it-ops-agent", now));
    }

    JsonObject status =
        awaitStatus(
            // the agent's and the bitarchive's heartbeats are processed independently
            s ->
                agent(s, instance).isPresent()
                    && replica(s, instance).isPresent()
                    && serverWarning(s, "job " + unknownJob),
            Duration.ofSeconds(30));
    JsonObject agent = agent(status, instance).orElseThrow();
    assertThat(agent.getString("state")).isEqualTo("CRAWLING");
    assertThat(agent.getString("currentJob")).isEqualTo("4242");
    assertThat(agent.getString("channel")).isEqualTo("FOCUSED");
    assertThat(agent.getString("description")).isEqualTo("crawling job 4242");
    assertThat(agent.getBoolean("missing")).isFalse();
    JsonObject agentWarning = agent.getJsonArray("warnings").getJsonObject(0);
    assertThat(agentWarning.getString("level")).isEqualTo("WARNING");
    assertThat(agentWarning.getString("message")).isEqualTo(warning);
    JsonObject replica = replica(status, instance).orElseThrow();
    assertThat(replica.getString("replica")).isEqualTo("ONE");
    assertThat(replica.getJsonNumber("freeBytes").longValue()).isEqualTo(123_456_789L);
    assertThat(replica.getJsonObject("directories").getString("/srv/it/" + instance))
        .isEqualTo("123456789");
    // the refused report is the dispatcher's warning (the agents' reports are its part)
    JsonObject dispatcher = part(status, "dispatcher");
    assertThat(dispatcher.getJsonArray("warnings").getValuesAs(JsonObject.class))
        .anySatisfy(w -> assertThat(w.getString("message")).contains("job " + unknownJob));
    assertThat(dispatcher.getString("state")).isIn("OK", "STARTING");
    assertThat(part(status, "scheduler").getJsonObject("figures").getString("harvestsDue"))
        .isNotEmpty();
    // the older flat list of components has it too
    assertThat(status.getJsonArray("components").getValuesAs(JsonObject.class))
        .anySatisfy(c -> assertThat(c.getString("instance")).isEqualTo(instance));

    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      // tall enough for the whole page in the screenshots
      driver.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 2400));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(ServerUnderTest.HTTP + "/");
      String agents = browser.await(By.id("agents")).getText();
      assertThat(agents).contains(instance, "Crawling", "crawling job 4242", "4242", warning);
      assertThat(driver.findElement(By.id("replicas")).getText())
          .contains(instance, "ONE", "123,456,789");
      assertThat(driver.findElement(By.id("server-parts")).getText())
          .contains("Scheduler", "Dispatcher", "Archive repository");
      assertThat(driver.findElement(By.id("warnings")).getText())
          .contains("Refused JobStarted for job " + unknownJob, warning);
      browser.screenshot("system-state");

      // Its last heartbeat says one comes every second, and none follows: three seconds after
      // it, the agent is missing.
      try (RemoteAgent later = new RemoteAgent()) {
        heartbeat(
            later, agentHeartbeat(instance, warning, now.plusMillis(1), Duration.ofSeconds(1)));
      }
      awaitStatus(
          s -> agent(s, instance).map(a -> a.getBoolean("missing")).orElse(false),
          Duration.ofSeconds(30));
      driver.get(ServerUnderTest.HTTP + "/");
      String row =
          browser.await(By.xpath("//table//tr[.//*[text()='" + instance + "']]")).getText();
      assertThat(row).contains("Missing", "CRAWLING");
      browser.screenshot("system-state-agent-missing");
    }
    JsonObject missing = agent(status(), instance).orElseThrow();
    // ... and counted so in the agents' gauge (refreshed every ten seconds)
    Metrics.await(Duration.ofSeconds(30), "netarchive_agents", v -> v >= 1, "state", "MISSING");
    assertThat(missing.getString("state")).isEqualTo("MISSING");
    assertThat(missing.getString("reportedState")).isEqualTo("CRAWLING");

    try (Browser browser = new Browser("da")) {
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      browser.driver().get(ServerUnderTest.HTTP + "/");
      assertThat(browser.await(By.tagName("main")).getText())
          .contains("Høstningsagenter", "Replikaer", "Planlægger", "Advarsler og fejl", "Mangler");
    }
  }

  @Test
  void givenTheServerRunning_whenShowingTheSystemState_thenTheArchiveRepositoryReportsItsFigures()
      throws Exception {
    // The ArcRepository sends its heartbeat at second 30 of every minute.
    JsonObject status =
        awaitStatus(
            s -> part(s, "archive").getString("state").equals("OK"), Duration.ofSeconds(75));
    JsonObject archive = part(status, "archive");
    assertThat(archive.getJsonObject("figures").keySet())
        .contains("filesStored.ONE", "filesStored.TWO", "storesInProgress", "storeFailures");
    assertThat(archive.getString("lastActivity")).isNotEmpty();
  }

  private static Heartbeat agentHeartbeat(
      String instance, String warning, Instant sentAt, Duration interval) {
    return Heartbeat.builder()
        .component("harvester-agent")
        .kind(ComponentKind.HARVESTER_AGENT)
        .instance(instance)
        .state("CRAWLING")
        .sentAt(sentAt)
        .channel("FOCUSED")
        .currentJob("4242")
        .detail("description", "crawling job 4242")
        .interval(interval)
        .recentWarnings(
            List.of(
                LogEntry.of(
                    sentAt.minusSeconds(1),
                    "WARNING",
                    "org.netarchive.ee.agent.heritrix.CrawlSupervisor",
                    warning)))
        .build();
  }

  private static void heartbeat(RemoteAgent agent, Heartbeat heartbeat) {
    agent
        .context()
        .createProducer()
        .send(
            agent.context().createQueue(RemoteAgent.CHANNELS.monitor().name()),
            agent.messages().toTextMessage(agent.context(), heartbeat));
  }

  private JsonObject status() throws Exception {
    return OperationsIT.status(admin);
  }

  private JsonObject awaitStatus(Predicate<JsonObject> condition, Duration within)
      throws Exception {
    return Polling.awaitValue(
        within, Duration.ofMillis(500), this::status, condition, s -> "system status: " + s);
  }

  private static Optional<JsonObject> agent(JsonObject status, String instance) {
    return status.getJsonArray("agents").getValuesAs(JsonObject.class).stream()
        .filter(a -> a.getString("instance").equals(instance))
        .findFirst();
  }

  private static Optional<JsonObject> replica(JsonObject status, String instance) {
    return status.getJsonArray("replicas").getValuesAs(JsonObject.class).stream()
        .filter(r -> r.getString("instance").equals(instance))
        .findFirst();
  }

  private static JsonObject part(JsonObject status, String name) {
    return status.getJsonArray("serverParts").getValuesAs(JsonObject.class).stream()
        .filter(p -> p.getString("name").equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static boolean serverWarning(JsonObject status, String text) {
    return status.getJsonArray("serverWarnings").getValuesAs(JsonObject.class).stream()
        .anyMatch(w -> w.getString("message").contains(text));
  }

  static boolean isNull(JsonValue value) {
    return value == null || value.getValueType() == JsonValue.ValueType.NULL;
  }
}
