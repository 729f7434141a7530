package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.channel.Channels;

/**
 * Harvest channels through the REST API: a new channel's job queue exists on the broker at once,
 * without a restart, and a remote client authenticated as a harvester agent can use it.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ChannelApiIT {

  private static final Channels CHANNELS = Channels.forEnvironment(ServerUnderTest.ENVIRONMENT);

  private final Api admin = Api.admin();

  /** A channel name no other test uses: letters and digits only. */
  private static String uniqueName() {
    return "IT"
        + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase(Locale.ROOT);
  }

  private static JsonObject channel(String name, String kind) {
    return Json.createObjectBuilder()
        .add("name", name)
        .add("kind", kind)
        .add("comments", "made by ChannelApiIT")
        .build();
  }

  @Test
  void givenChannelFocused_whenCreated_thenItsQueueIsOnTheBrokerAndCarriesAgentMessages()
      throws Exception {
    String queue = CHANNELS.harvestJobs("FOCUSED").name();
    // A database kept from an earlier run has the channel already; then start-up made its queue.
    if (admin.get("/api/channels/FOCUSED").statusCode() == 404) {
      HttpResponse<String> created = admin.post("/api/channels", channel("focused", "SELECTIVE"));
      assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
      assertThat(created.headers().firstValue("Location"))
          .hasValueSatisfying(l -> assertThat(l).endsWith("/api/channels/FOCUSED"));
    }

    JsonObject read = json(admin.get("/api/channels/FOCUSED"));
    assertThat(read.getString("name")).isEqualTo("FOCUSED");
    assertThat(read.getString("kind")).isEqualTo("SELECTIVE");
    assertThat(read.getBoolean("defaultChannel")).isFalse();
    assertThat(read.getString("queue")).isEqualTo("DEV_COMMON_ANY_FOCUSED_HACO").isEqualTo(queue);
    assertThat(runtimeQueues()).contains("jms.queue." + queue);

    String marker = UUID.randomUUID().toString();
    try (RemoteAgent agent = new RemoteAgent()) {
      JMSContext context = agent.context();
      Queue jobs = context.createQueue(queue);
      TextMessage sent = context.createTextMessage("{\"job\": \"" + marker + "\"}");
      sent.setStringProperty("itMarker", marker);
      context.createProducer().send(jobs, sent);
      try (JMSConsumer consumer = context.createConsumer(jobs, "itMarker = '" + marker + "'")) {
        TextMessage received = (TextMessage) consumer.receive(20_000);
        assertThat(received).as("the message sent to " + queue).isNotNull();
        assertThat(received.getText()).contains(marker);
      }
    }
  }

  @Test
  void givenTheDefaults_whenListingByKind_thenEachKindHasItsReferenceQueue() throws Exception {
    JsonObject selective = json(admin.get("/api/channels?kind=selective"));
    JsonObject all = json(admin.get("/api/channels?name=*PRIORITY&size=10"));

    assertThat(selective.getJsonArray("items").getValuesAs(JsonObject.class))
        .anySatisfy(
            c -> {
              assertThat(c.getString("name")).isEqualTo("HIGHPRIORITY");
              assertThat(c.getString("queue")).isEqualTo("DEV_COMMON_ANY_HIGHPRIORITY_HACO");
            })
        .allSatisfy(c -> assertThat(c.getString("kind")).isEqualTo("SELECTIVE"));
    assertThat(all.getJsonArray("items").getValuesAs(JsonObject.class))
        .extracting(c -> c.getString("name"))
        .containsExactly("HIGHPRIORITY", "LOWPRIORITY");
  }

  @Test
  void givenACurator_whenCreatingAChannel_thenForbiddenAndNoChannel() throws Exception {
    Api curator = Api.newAccount("curator");
    String name = uniqueName();

    HttpResponse<String> refused = curator.post("/api/channels", channel(name, "SELECTIVE"));

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
    assertThat(curator.get("/api/channels/" + name).statusCode()).isEqualTo(404);
    assertThat(curator.get("/api/channels/HIGHPRIORITY").statusCode()).isEqualTo(200);
  }

  @Test
  void givenAnInvalidName_whenCreating_thenTheProblemNamesTheFieldAndTheValue() throws Exception {
    HttpResponse<String> refused = admin.post("/api/channels", channel("MY_QUEUE", "SELECTIVE"));

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(refused.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
    assertThat(json(refused).getString("field")).isEqualTo("name");
    assertThat(json(refused).getString("detail")).contains("'MY_QUEUE'", "letters A-Z");
    assertThat(runtimeQueues()).doesNotContain("jms.queue.DEV_COMMON_ANY_MY_QUEUE_HACO");

    HttpResponse<String> noKind = admin.post("/api/channels", channel(uniqueName(), "BROAD"));
    assertThat(noKind.statusCode()).isEqualTo(400);
    assertThat(json(noKind).getString("field")).isEqualTo("kind");
  }

  @Test
  void givenATakenName_whenCreating_thenRefusedNamingIt() throws Exception {
    String name = uniqueName();
    assertThat(admin.post("/api/channels", channel(name, "SNAPSHOT")).statusCode()).isEqualTo(201);

    HttpResponse<String> duplicate =
        admin.post("/api/channels", channel(name.toLowerCase(Locale.ROOT), "SELECTIVE"));

    assertThat(duplicate.statusCode()).as(duplicate.body()).isEqualTo(400);
    assertThat(json(duplicate).getString("field")).isEqualTo("name");
    assertThat(json(duplicate).getString("detail")).contains("'" + name + "' exists already");
  }

  @Test
  void givenANewSnapshotChannel_whenMadeDefaultAndBack_thenOneDefaultAtATime() throws Exception {
    String name = uniqueName();
    admin.post("/api/channels", channel(name, "SNAPSHOT"));
    int version = json(admin.get("/api/channels/" + name)).getInt("version");

    HttpResponse<String> changed =
        admin.put(
            "/api/channels/" + name,
            Json.createObjectBuilder()
                .add("comments", "broad crawls")
                .add("version", version)
                .build());
    HttpResponse<String> stale =
        admin.put(
            "/api/channels/" + name,
            Json.createObjectBuilder().add("comments", "again").add("version", version).build());
    JsonObject madeDefault = json(admin.post("/api/channels/" + name + "/default"));
    boolean lowWasDefault =
        json(admin.get("/api/channels/LOWPRIORITY")).getBoolean("defaultChannel");
    JsonObject restored = json(admin.post("/api/channels/LOWPRIORITY/default"));

    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
    assertThat(json(changed).getString("comments")).isEqualTo("broad crawls");
    assertThat(stale.statusCode()).isEqualTo(409);
    assertThat(madeDefault.getBoolean("defaultChannel")).isTrue();
    assertThat(lowWasDefault).isFalse();
    assertThat(restored.getBoolean("defaultChannel")).isTrue();
    assertThat(json(admin.get("/api/channels/" + name)).getBoolean("defaultChannel")).isFalse();
  }

  /** The queues the broker has, as the management model lists them. */
  private static List<String> runtimeQueues() throws Exception {
    return ServerUnderTest.messagingChildren("runtime-queue");
  }
}
