package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageTypes;
import org.netarchive.ee.common.message.Ping;
import org.netarchive.ee.common.message.Pong;
import org.netarchive.ee.common.tests.TestMessages.Everything;
import org.netarchive.ee.common.tests.TestMessages.Node;
import org.netarchive.ee.common.tests.TestMessages.PingV2;
import org.netarchive.ee.common.tests.TestMessages.Seed;
import org.netarchive.ee.common.tests.TestMessages.Tree;

class MessageCodecRoundTripTest {

  private static final Instant T0 = Instant.parse("2025-01-31T12:00:00Z");

  private final MessageCodec codec = MessageCodec.standard();

  static Heartbeat fullHeartbeat() {
    return Heartbeat.builder()
        .component("harvester-agent")
        .kind(ComponentKind.HARVESTER_AGENT)
        .instance("crawler1.example.org/HIGH")
        .state("HARVESTING")
        .sentAt(T0)
        .channel("PROD_COMMON_ANY_HIGHPRIORITY_HACO")
        .currentJob("42")
        .detail("heritrixVersion", "3.13.0")
        .detail("queuedUris", "1200")
        .interval(java.time.Duration.ofSeconds(30))
        .recentWarnings(
            java.util.List.of(
                new org.netarchive.ee.common.message.LogEntry(
                    T0.minusSeconds(5),
                    "WARNING",
                    "org.netarchive.ee.agent.HarvesterAgent",
                    "The broker failed (gone); reconnecting")))
        .build();
  }

  static Everything everything() {
    return new Everything(
        "text with \"quotes\", \\ and ünïcødé ✓",
        -7,
        9_000_000_000L,
        true,
        0.25,
        3,
        4L,
        false,
        1.5,
        Instant.parse("2025-01-31T12:00:00.123456789Z"),
        Duration.ofMinutes(90),
        ComponentKind.BITARCHIVE,
        List.of("a", "b", "c"),
        Map.of("z", "last", "a", "first"),
        Map.of("files", 12L, "bytes", 34_000_000_000L),
        new Seed("https://example.org/", 2, "home"),
        List.of(new Seed("https://a.example/", 0, null), new Seed("https://b.example/", 1, "b")),
        "a note",
        new Seed("https://extra.example/", 5, null),
        List.of("x"));
  }

  private static JsonObject parse(String json) {
    try (var reader = Json.createReader(new StringReader(json))) {
      return reader.readObject();
    }
  }

  @Test
  void givenPing_whenEncoding_thenTypeAndVersionLeadFollowedByFieldsInOrder() {
    String json = codec.encode(new Ping("p-1", T0, "server"));

    assertThat(json)
        .isEqualTo(
            "{\"type\":\"Ping\",\"version\":1,\"id\":\"p-1\","
                + "\"sentAt\":\"2025-01-31T12:00:00Z\",\"sender\":\"server\"}");
  }

  @Test
  void givenPing_whenEncodedAndDecoded_thenEqual() {
    Ping ping = new Ping("p-1", T0, "server");

    Message decoded = codec.decode(codec.encode(ping));

    assertThat(decoded).isInstanceOf(Ping.class).isEqualTo(ping);
  }

  @Test
  void givenPong_whenEncodedAndDecoded_thenEqual() {
    Pong pong = new Ping("p-1", T0, "server").answer("harvester-1", T0.plusMillis(5));

    String json = codec.encode(pong);

    assertThat(json).startsWith("{\"type\":\"Pong\",\"version\":1,");
    assertThat(codec.decode(json, Pong.class)).isEqualTo(pong);
    assertThat(pong.pingId()).isEqualTo("p-1");
    assertThat(pong.answeredAt()).isEqualTo("2025-01-31T12:00:00.005Z");
  }

  @Test
  void givenHeartbeatWithAllFields_whenEncodedAndDecoded_thenEqual() {
    Heartbeat heartbeat = fullHeartbeat();

    String json = codec.encode(heartbeat);

    assertThat(codec.decode(json, Heartbeat.class)).isEqualTo(heartbeat);
    assertThat(parse(json).keySet())
        .containsExactly(
            "type",
            "version",
            "component",
            "kind",
            "instance",
            "state",
            "sentAt",
            "channel",
            "currentJob",
            "details",
            "interval",
            "recentWarnings");
    assertThat(parse(json).getString("kind")).isEqualTo("HARVESTER_AGENT");
    assertThat(parse(json).getString("interval")).isEqualTo("PT30S");
    assertThat(parse(json).getJsonArray("recentWarnings").getJsonObject(0).getString("level"))
        .isEqualTo("WARNING");
  }

  @Test
  void givenHeartbeatWithoutOptionalFields_whenEncoding_thenTheyAreOmittedAndDecodeAsNull() {
    Heartbeat heartbeat =
        Heartbeat.builder()
            .component("server")
            .kind(ComponentKind.SERVER)
            .instance("server1")
            .state("RUNNING")
            .sentAt(T0)
            .build();

    String json = codec.encode(heartbeat);
    Heartbeat decoded = codec.decode(json, Heartbeat.class);

    assertThat(parse(json)).doesNotContainKeys("channel", "currentJob", "interval");
    assertThat(parse(json).getJsonObject("details")).isEmpty();
    assertThat(decoded).isEqualTo(heartbeat);
    assertThat(decoded.channel()).isNull();
    assertThat(decoded.currentJob()).isNull();
    assertThat(decoded.interval()).isNull();
    assertThat(decoded.recentWarnings()).isEmpty();
  }

  /** The fields of an agent's heartbeat from before the interval and warnings, without "}". */
  private static final String OLDER_AGENT_HEARTBEAT =
      "{\"type\":\"Heartbeat\",\"version\":1,\"component\":\"harvester-agent\","
          + "\"kind\":\"HARVESTER_AGENT\",\"instance\":\"a1\",\"state\":\"IDLE\","
          + "\"sentAt\":\"2025-01-31T12:00:00Z\",\"details\":{}";

  @Test
  void givenHeartbeatOfAnOlderSender_whenDecoding_thenItHasNoIntervalAndNoWarnings() {
    String json = OLDER_AGENT_HEARTBEAT + "}";

    Heartbeat decoded = codec.decode(json, Heartbeat.class);

    assertThat(decoded.interval()).isNull();
    assertThat(decoded.recentWarnings()).isEmpty();
    assertThat(decoded)
        .isEqualTo(
            new Heartbeat(
                "harvester-agent",
                ComponentKind.HARVESTER_AGENT,
                "a1",
                "IDLE",
                T0,
                null,
                null,
                java.util.Map.of(),
                null,
                null));
  }

  @Test
  void givenHeartbeatWithABadWarning_whenDecoding_thenErrorNamesTheField() {
    String json =
        OLDER_AGENT_HEARTBEAT
            + ",\"recentWarnings\":[{\"at\":\"2025-01-31T12:00:00Z\",\"level\":\" \","
            + "\"logger\":\"x\",\"message\":\"m\"}]}";

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> codec.decode(json, Heartbeat.class))
        .isInstanceOf(org.netarchive.ee.common.message.MessageFormatException.class)
        .hasMessageContaining("recentWarnings")
        .hasMessageContaining("level must not be blank");
  }

  @Test
  void givenOptionalFieldsExplicitlyNull_whenDecoding_thenTheyAreNull() {
    String json =
        "{\"type\":\"Heartbeat\",\"version\":1,\"component\":\"server\",\"kind\":\"SERVER\","
            + "\"instance\":\"s1\",\"state\":\"RUNNING\",\"sentAt\":\"2025-01-31T12:00:00Z\","
            + "\"channel\":null,\"currentJob\":null,\"details\":{}}";

    Heartbeat decoded = codec.decode(json, Heartbeat.class);

    assertThat(decoded.channel()).isNull();
    assertThat(decoded.currentJob()).isNull();
  }

  @Test
  void givenMapWithManyEntries_whenEncoding_thenEntriesAreSortedByKey() {
    Heartbeat heartbeat =
        Heartbeat.builder()
            .component("server")
            .kind(ComponentKind.SERVER)
            .instance("s1")
            .state("RUNNING")
            .sentAt(T0)
            .details(Map.of("d", "4", "b", "2", "a", "1", "c", "3", "e", "5"))
            .build();

    String json = codec.encode(heartbeat);

    assertThat(json)
        .contains("\"details\":{\"a\":\"1\",\"b\":\"2\",\"c\":\"3\",\"d\":\"4\",\"e\":\"5\"}");
    assertThat(codec.encode(heartbeat)).isEqualTo(json);
  }

  @Test
  void givenMembersInAnyOrderAndUnknownExtraMembers_whenDecoding_thenTheyAreIgnored() {
    String json =
        "{\"sender\":\"server\",\"addedInANewerRelease\":{\"x\":[1,2]},\"id\":\"p-1\","
            + "\"version\":1,\"sentAt\":\"2025-01-31T12:00:00Z\",\"type\":\"Ping\"}";

    assertThat(codec.decode(json)).isEqualTo(new Ping("p-1", T0, "server"));
  }

  @Test
  void givenWhitespaceAroundTheText_whenDecoding_thenItIsAccepted() {
    String json = codec.encode(new Ping("p-1", T0, "server"));

    assertThat(codec.decode("\n  " + json + "\r\n\t")).isEqualTo(new Ping("p-1", T0, "server"));
  }

  @Test
  void givenTimestampWithOffset_whenDecoding_thenItIsConvertedToAnInstant() {
    String json =
        "{\"type\":\"Ping\",\"version\":1,\"id\":\"p-1\","
            + "\"sentAt\":\"2025-01-31T14:00:00+02:00\",\"sender\":\"server\"}";

    assertThat(codec.decode(json, Ping.class).sentAt()).isEqualTo(T0);
  }

  @Test
  void givenEveryComponentType_whenEncodedAndDecoded_thenEqual() {
    MessageCodec testCodec = MessageCodec.of(Everything.class);
    Everything everything = everything();

    String json = testCodec.encode(everything);
    Everything decoded = testCodec.decode(json, Everything.class);

    assertThat(decoded).isEqualTo(everything);
    JsonObject object = parse(json);
    assertThat(object.getString("at")).isEqualTo("2025-01-31T12:00:00.123456789Z");
    assertThat(object.getString("timeout")).isEqualTo("PT1H30M");
    assertThat(object.getJsonNumber("size").longValueExact()).isEqualTo(9_000_000_000L);
    assertThat(object.getJsonObject("primarySeed").getString("url"))
        .isEqualTo("https://example.org/");
    assertThat(object.getJsonArray("seeds").getJsonObject(0)).doesNotContainKey("comment");
    assertThat(object.getJsonObject("labels").keySet()).containsExactly("a", "z");
  }

  @Test
  void givenEveryOptionalComponentAbsent_whenEncodedAndDecoded_thenTheyAreNull() {
    MessageCodec testCodec = MessageCodec.of(Everything.class);
    Everything full = everything();
    Everything sparse =
        new Everything(
            full.text(),
            0,
            0L,
            false,
            0.0,
            null,
            null,
            null,
            null,
            full.at(),
            Duration.ZERO,
            ComponentKind.SERVER,
            List.of(),
            Map.of(),
            Map.of(),
            full.primarySeed(),
            List.of(),
            null,
            null,
            null);

    String json = testCodec.encode(sparse);

    assertThat(parse(json))
        .doesNotContainKeys(
            "boxedCount", "boxedSize", "boxedFlag", "boxedRatio", "note", "extraSeed", "extraTags");
    assertThat(testCodec.decode(json)).isEqualTo(sparse);
  }

  @Test
  void givenWholeNumbersInOtherNotations_whenDecodingIntegers_thenTheyAreAccepted() {
    MessageCodec testCodec = MessageCodec.of(Everything.class);
    JsonObject encoded = parse(testCodec.encode(everything()));
    String json =
        Json.createObjectBuilder(encoded)
            .add("count", Json.createValue(new java.math.BigDecimal("2.0")))
            .add("size", Json.createValue(new java.math.BigDecimal("1E+3")))
            .build()
            .toString();

    Everything decoded = testCodec.decode(json, Everything.class);

    assertThat(decoded.count()).isEqualTo(2);
    assertThat(decoded.size()).isEqualTo(1000L);
  }

  @Test
  void givenRecursiveRecords_whenEncodedAndDecoded_thenEqual() {
    MessageCodec testCodec = MessageCodec.of(Tree.class);
    Tree tree =
        new Tree(
            new Node(
                "root",
                List.of(
                    new Node("a", List.of(new Node("a1", List.of()))), new Node("b", List.of()))));

    assertThat(testCodec.decode(testCodec.encode(tree))).isEqualTo(tree);
  }

  @Test
  void givenNonPublicMessageRecord_whenEncodedAndDecoded_thenEqual() {
    MessageCodec testCodec = MessageCodec.of(TestMessages.Hidden.class);
    TestMessages.Hidden hidden = new TestMessages.Hidden("s3cret");

    String json = testCodec.encode(hidden);

    assertThat(json).isEqualTo("{\"type\":\"Hidden\",\"version\":1,\"secret\":\"s3cret\"}");
    assertThat(testCodec.decode(json)).isEqualTo(hidden);
  }

  @Test
  void givenTwoVersionsOfOneType_whenDecoding_thenTheVersionSelectsTheRecord() {
    MessageCodec testCodec = MessageCodec.of(Ping.class, PingV2.class);
    PingV2 v2 = new PingV2("p-2", T0, "server", 3);

    String json = testCodec.encode(v2);

    assertThat(json).startsWith("{\"type\":\"Ping\",\"version\":2,");
    assertThat(testCodec.decode(json)).isEqualTo(v2);
    assertThat(testCodec.decode(testCodec.encode(new Ping("p-1", T0, "s"))))
        .isInstanceOf(Ping.class);
  }

  @Test
  void givenAnyMessage_whenDecodingAsMessageInterface_thenItIsReturned() {
    String json = codec.encode(fullHeartbeat());

    assertThat(codec.decode(json, Message.class)).isEqualTo(fullHeartbeat());
  }

  @Test
  void givenStandardCodec_whenAskingForItsTypes_thenItKnowsAllRegisteredTypes() {
    assertThat(codec.messageTypes()).containsExactlyElementsOf(MessageTypes.all());
    assertThat(MessageTypes.all()).contains(Ping.class, Pong.class, Heartbeat.class);
    assertThat(MessageCodec.standard()).isSameAs(codec);
  }

  @Test
  void givenMessageClasses_whenAskingForTypeNameAndVersion_thenTheAnnotationIsRead() {
    assertThat(MessageCodec.typeName(Ping.class)).isEqualTo("Ping");
    assertThat(MessageCodec.version(Ping.class)).isEqualTo(1);
    assertThat(MessageCodec.typeName(Heartbeat.class)).isEqualTo("Heartbeat");
    assertThat(MessageCodec.typeName(PingV2.class)).isEqualTo("Ping");
    assertThat(MessageCodec.version(PingV2.class)).isEqualTo(2);
    assertThat(MessageCodec.TYPE_PROPERTY).isEqualTo("messageType");
    assertThat(MessageCodec.VERSION_PROPERTY).isEqualTo("messageVersion");
  }

  @Test
  void givenOneCodecSharedByManyThreads_whenEncodingAndDecoding_thenAllResultsAreCorrect()
      throws Exception {
    MessageCodec testCodec = MessageCodec.of(Everything.class, Ping.class, Heartbeat.class);
    List<Callable<Boolean>> tasks = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      Message message =
          switch (i % 3) {
            case 0 -> everything();
            case 1 -> new Ping("p-" + i, T0, "server");
            default -> fullHeartbeat();
          };
      tasks.add(
          () -> {
            for (int round = 0; round < 50; round++) {
              if (!testCodec.decode(testCodec.encode(message)).equals(message)) {
                return false;
              }
            }
            return true;
          });
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      for (Future<Boolean> result : pool.invokeAll(tasks)) {
        assertThat(result.get()).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
