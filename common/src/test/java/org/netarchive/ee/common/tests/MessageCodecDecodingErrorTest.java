package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.Instant;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageFormatException;
import org.netarchive.ee.common.message.MessageType;
import org.netarchive.ee.common.message.MessageTypes;
import org.netarchive.ee.common.message.Ping;
import org.netarchive.ee.common.message.Pong;
import org.netarchive.ee.common.tests.TestMessages.Everything;
import org.netarchive.ee.common.tests.TestMessages.PingV2;

class MessageCodecDecodingErrorTest {

  private static final Instant T0 = Instant.parse("2025-01-31T12:00:00Z");
  private static final String PING =
      "{\"type\":\"Ping\",\"version\":1,\"id\":\"p-1\",\"sentAt\":\"2025-01-31T12:00:00Z\","
          + "\"sender\":\"server\"}";

  private static final MessageCodec CODEC = MessageCodec.standard();
  private static final MessageCodec EVERYTHING_CODEC = MessageCodec.of(Everything.class);

  private AbstractThrowableAssert<?, ? extends Throwable> assertDecodeFails(String json) {
    return assertThatThrownBy(() -> CODEC.decode(json))
        .isExactlyInstanceOf(MessageFormatException.class);
  }

  private static JsonObject parse(String json) {
    try (var reader = Json.createReader(new StringReader(json))) {
      return reader.readObject();
    }
  }

  /** A Ping text with one member changed. */
  private static String ping(UnaryOperator<JsonObjectBuilder> change) {
    return change.apply(Json.createObjectBuilder(parse(PING))).build().toString();
  }

  /** An Everything text with one member changed. */
  private static String everything(UnaryOperator<JsonObjectBuilder> change) {
    JsonObject valid = parse(EVERYTHING_CODEC.encode(MessageCodecRoundTripTest.everything()));
    return change.apply(Json.createObjectBuilder(valid)).build().toString();
  }

  private AbstractThrowableAssert<?, ? extends Throwable> assertEverythingFails(
      UnaryOperator<JsonObjectBuilder> change) {
    String json = everything(change);
    return assertThatThrownBy(() -> EVERYTHING_CODEC.decode(json))
        .isExactlyInstanceOf(MessageFormatException.class);
  }

  // The text as a whole

  @Test
  void givenNullText_whenDecoding_thenErrorSaysTextIsNull() {
    assertDecodeFails(null).hasMessageContaining("null text");
  }

  @Test
  void givenTruncatedJson_whenDecoding_thenErrorGivesLocationReasonAndExcerpt() {
    assertDecodeFails("{\"type\":\"Ping\",\"version\":")
        .hasMessageStartingWith("malformed JSON: ")
        .hasMessageContaining("EOF")
        .hasMessageContaining("line no=1")
        .hasMessageEndingWith("; text: {\"type\":\"Ping\",\"version\":")
        .hasCauseInstanceOf(jakarta.json.stream.JsonParsingException.class);
  }

  @Test
  void givenEmptyText_whenDecoding_thenErrorSaysMalformedJson() {
    assertDecodeFails("").hasMessageStartingWith("malformed JSON");
    assertDecodeFails("   ").hasMessageStartingWith("malformed JSON");
  }

  @Test
  void givenLongMalformedText_whenDecoding_thenExcerptIsTruncatedAndEscaped() {
    String json = "{\"type\":\"Ping\",\n\"x\":\"" + "a".repeat(5000) + "\"";

    assertDecodeFails(json)
        .hasMessageContaining("text: {\"type\":\"Ping\",\\n\"x\":\"aaa")
        .hasMessageContaining("... (" + json.length() + " characters)")
        .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(500).doesNotContain("\n"));
  }

  @Test
  void givenTextAfterTheObject_whenDecoding_thenErrorSaysMalformedJson() {
    assertDecodeFails(PING + " trailing")
        .hasMessageStartingWith("malformed JSON: ")
        .hasMessageContaining("line no=1");
    assertDecodeFails(PING + "{}")
        .hasMessageStartingWith("malformed JSON: ")
        .hasMessageContaining("(line 1, column ");
  }

  @Test
  void givenDuplicateMemberName_whenDecoding_thenErrorNamesTheMember() {
    assertDecodeFails("{\"type\":\"Ping\",\"type\":\"Pong\",\"version\":1}")
        .hasMessageStartingWith(
            "malformed JSON: duplicate member name 'type' (line 1, column 22); text: {\"type\"");
  }

  @Test
  void givenDuplicateMemberNameInNestedObject_whenDecoding_thenErrorNamesTheMember() {
    String json = PING.replace("}", ",\"extra\":{\"a\":1,\"a\":2}}");

    assertDecodeFails(json).hasMessageContaining("duplicate member name 'a'");
  }

  @Test
  void givenTopLevelArray_whenDecoding_thenErrorSaysObjectExpectedAndShowsValue() {
    assertDecodeFails("[1,2]").hasMessage("a message must be a JSON object, got array [1,2]");
  }

  @Test
  void givenTopLevelString_whenDecoding_thenErrorSaysObjectExpected() {
    assertDecodeFails("\"Ping\"")
        .hasMessage("a message must be a JSON object, got string \"Ping\"");
  }

  // "type" and "version"

  /** A case of the test below: a text {@code decoder} refuses with the whole {@code message}. */
  private static Arguments wrongText(
      String what, MessageCodec decoder, String text, String message) {
    return Arguments.of(what, decoder, text, message);
  }

  private static Arguments wrongPing(
      String what, UnaryOperator<JsonObjectBuilder> change, String message) {
    return wrongText(what, CODEC, ping(change), message);
  }

  private static Arguments wrongEverything(
      String what, UnaryOperator<JsonObjectBuilder> change, String message) {
    return wrongText(what, EVERYTHING_CODEC, everything(change), message);
  }

  private static Arguments wrongHeartbeat(
      String what, String regex, String replacement, String message) {
    return wrongText(what, CODEC, heartbeat(regex, replacement), message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource({"wrongPings", "wrongEverythings", "wrongHeartbeats"})
  void givenATextWithAWrongMember_whenDecoding_thenTheErrorNamesItsPathAndWhy(
      String what, MessageCodec decoder, String text, String message) {
    assertThatThrownBy(() -> decoder.decode(text))
        .isExactlyInstanceOf(MessageFormatException.class)
        .hasMessage(message);
  }

  /** Ping texts with one member changed, and the whole message of the error decoding them. */
  static Stream<Arguments> wrongPings() {
    return Stream.of(
        wrongPing(
            "type that is not a string",
            b -> b.add("type", 5),
            "member \"type\" of the message must be a string, got number 5"),
        wrongPing(
            "blank type",
            b -> b.add("type", "  "),
            "member \"type\" of the message is blank: \"  \""),
        wrongPing(
            "no version member",
            b -> b.remove("version"),
            "message of type Ping has no \"version\" member"),
        wrongPing(
            "version as string",
            b -> b.add("version", "1"),
            "member \"version\" of message type Ping must be an integer, got string \"1\""),
        wrongPing(
            "fractional version",
            b -> b.add("version", 1.5),
            "member \"version\" of message type Ping must be an integer, got number 1.5"),
        wrongPing(
            "unsupported version",
            b -> b.add("version", 7),
            "unsupported version 7 of message type Ping; supported versions: 1"),
        wrongPing(
            "missing required field",
            b -> b.remove("sender"),
            "missing required field 'sender' of message type Ping v1"),
        wrongPing(
            "required field null",
            b -> b.add("sender", JsonValue.NULL),
            "field 'sender' of message type Ping v1 is null but is required"),
        wrongPing(
            "string field as number",
            b -> b.add("id", 42),
            "field 'id' of message type Ping v1 has the wrong JSON type: expected string, got"
                + " number 42"),
        wrongPing(
            "unparseable timestamp",
            b -> b.add("sentAt", "yesterday"),
            "field 'sentAt' of message type Ping v1 has an unparseable value 'yesterday': expected"
                + " an ISO-8601 instant such as 2025-01-31T12:00:00Z"));
  }

  /** Everything texts with one member changed, and the whole message of the error decoding them. */
  static Stream<Arguments> wrongEverythings() {
    return Stream.of(
        wrongEverything(
            "integer out of range",
            b -> b.add("count", 3_000_000_000L),
            "field 'count' of message type Everything v1 has a value out of range for int: 3000000000"),
        wrongEverything(
            "fraction for integer",
            b -> b.add("count", 1.5),
            "field 'count' of message type Everything v1 has the wrong JSON type: expected integer"
                + " number, got number 1.5"),
        wrongEverything(
            "boolean as string",
            b -> b.add("flag", "true"),
            "field 'flag' of message type Everything v1 has the wrong JSON type: expected boolean,"
                + " got string \"true\""),
        wrongEverything(
            "unparseable duration",
            b -> b.add("timeout", "90 minutes"),
            "field 'timeout' of message type Everything v1 has an unparseable value '90 minutes':"
                + " expected an ISO-8601 duration such as PT30S or P1DT2H"),
        wrongEverything(
            "list as string",
            b -> b.add("tags", "a,b"),
            "field 'tags' of message type Everything v1 has the wrong JSON type: expected array,"
                + " got string \"a,b\""),
        wrongEverything(
            "list element of wrong type",
            b -> b.add("tags", Json.createArrayBuilder().add("a").add(true)),
            "field 'tags[1]' of message type Everything v1 has the wrong JSON type: expected"
                + " string, got boolean true"),
        wrongEverything(
            "null list element",
            b -> b.add("tags", Json.createArrayBuilder().add("a").addNull()),
            "field 'tags[1]' of message type Everything v1 is null but is required"),
        wrongEverything(
            "nested record missing field",
            b -> b.add("primarySeed", Json.createObjectBuilder().add("depth", 1)),
            "missing required field 'primarySeed.url' of message type Everything v1"),
        wrongEverything(
            "record in list with wrong field type",
            b ->
                b.add(
                    "seeds",
                    Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("url", "https://a/").add("depth", 0))
                        .add(
                            Json.createObjectBuilder()
                                .add("url", "https://b/")
                                .add("depth", "deep"))),
            "field 'seeds[1].depth' of message type Everything v1 has the wrong JSON type:"
                + " expected integer number, got string \"deep\""),
        wrongEverything(
            "nested value rejected by its constructor",
            b -> b.add("primarySeed", Json.createObjectBuilder().add("url", "").add("depth", 1)),
            "invalid value of field 'primarySeed' of message type Everything v1: url must not be"
                + " blank"));
  }

  @Test
  void givenNoTypeMember_whenDecoding_thenErrorSaysTypeIsMissing() {
    assertDecodeFails(ping(b -> b.remove("type")))
        .hasMessageStartingWith("message has no \"type\" member: {");
  }

  @Test
  void givenUnknownType_whenDecoding_thenErrorNamesTypeAndKnownTypes() {
    // Every registered type is listed, sorted by name.
    String known =
        MessageTypes.all().stream()
            .map(type -> type.getAnnotation(MessageType.class).name())
            .sorted()
            .collect(java.util.stream.Collectors.joining(", "));
    assertDecodeFails(ping(b -> b.add("type", "Pung")))
        .hasMessage("unknown message type 'Pung'; known types: " + known);
  }

  @Test
  void givenUnsupportedVersionOfTypeWithSeveralVersions_whenDecoding_thenAllSupportedAreListed() {
    MessageCodec twoVersions = MessageCodec.of(Ping.class, PingV2.class);

    assertThatThrownBy(() -> twoVersions.decode(ping(b -> b.add("version", 3))))
        .isExactlyInstanceOf(MessageFormatException.class)
        .hasMessage("unsupported version 3 of message type Ping; supported versions: 1, 2");
  }

  // Expected type

  @Test
  void givenOtherTypeThanExpected_whenDecodingAsExpectedType_thenErrorNamesBoth() {
    assertThatThrownBy(() -> CODEC.decode(PING, Pong.class))
        .isExactlyInstanceOf(MessageFormatException.class)
        .hasMessage("expected message type Pong v1 but got type Ping");
  }

  @Test
  void givenOtherVersionThanExpected_whenDecodingAsExpectedType_thenErrorNamesBothVersions() {
    MessageCodec twoVersions = MessageCodec.of(Ping.class, PingV2.class);
    String v2 = twoVersions.encode(new PingV2("p", T0, "s", 1));

    assertThatThrownBy(() -> twoVersions.decode(v2, Ping.class))
        .isExactlyInstanceOf(MessageFormatException.class)
        .hasMessage("expected message type Ping v1 but got message type Ping v2");
  }

  @Test
  void givenExpectedTypeUnknownToCodec_whenDecoding_thenIllegalArgument() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CODEC.decode(PING, Everything.class))
        .withMessageContaining(Everything.class.getName());
  }

  // Fields

  @Test
  void givenTimestampAsNumber_whenDecoding_thenErrorSaysStringExpected() {
    assertDecodeFails(ping(b -> b.add("sentAt", 1738324800000L)))
        .hasMessageContaining("field 'sentAt' of message type Ping v1 has the wrong JSON type")
        .hasMessageContaining("expected string with an ISO-8601 instant, got number 1738324800000");
  }

  @Test
  void givenTimestampWithoutZone_whenDecoding_thenItIsRejected() {
    assertDecodeFails(ping(b -> b.add("sentAt", "2025-01-31T12:00:00")))
        .hasMessageContaining("unparseable value '2025-01-31T12:00:00'");
  }

  /** The full Heartbeat's text with each match of {@code regex} replaced. */
  private static String heartbeat(String regex, String replacement) {
    return CODEC.encode(MessageCodecRoundTripTest.fullHeartbeat()).replaceAll(regex, replacement);
  }

  /**
   * Heartbeat texts with one field made wrong, and the whole message of the error decoding them.
   */
  static Stream<Arguments> wrongHeartbeats() {
    return Stream.of(
        wrongHeartbeat(
            "unknown enum constant",
            "HARVESTER_AGENT",
            "ROBOT",
            "field 'kind' of message type Heartbeat v1 has an unknown value 'ROBOT'; allowed"
                + " values: SERVER, HARVESTER_AGENT, BITARCHIVE, BITARCHIVE_MONITOR,"
                + " ARC_REPOSITORY, INDEX_SERVER"),
        wrongHeartbeat(
            "map value of wrong type",
            "\"1200\"",
            "1200",
            "field 'details[queuedUris]' of message type Heartbeat v1 has the wrong JSON type:"
                + " expected string, got number 1200"),
        wrongHeartbeat(
            "map as array",
            "\"details\":\\{[^}]*}",
            "\"details\":[]",
            "field 'details' of message type Heartbeat v1 has the wrong JSON type: expected"
                + " object, got array []"),
        wrongHeartbeat(
            "map value null",
            "\"1200\"",
            "null",
            "field 'details[queuedUris]' of message type Heartbeat v1 is null but is required"),
        wrongHeartbeat(
            "blank optional field",
            "\"42\"",
            "\"\"",
            "invalid message type Heartbeat v1: currentJob must be absent or not blank, was ''"));
  }

  @Test
  void givenEnumInLowerCase_whenDecoding_thenItIsRejected() {
    assertDecodeFails(heartbeat("HARVESTER_AGENT", "harvester_agent"))
        .hasMessageContaining("unknown value 'harvester_agent'");
  }

  @Test
  void givenValueRejectedByRecordConstructor_whenDecoding_thenErrorNamesTypeAndReason() {
    assertDecodeFails(ping(b -> b.add("id", " ")))
        .hasMessage("invalid message type Ping v1: id must not be blank, was ' '")
        .hasCauseInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void givenHugeExponent_whenDecodingLong_thenErrorSaysOutOfRange() {
    assertEverythingFails(
            b -> b.add("size", Json.createValue(new java.math.BigDecimal("1E+999999999"))))
        .hasMessageContaining(
            "field 'size' of message type Everything v1 has a value out of range for long");
  }

  @Test
  void givenNumberAsString_whenDecodingDouble_thenErrorSaysNumberExpected() {
    assertEverythingFails(b -> b.add("ratio", "0.5"))
        .hasMessageContaining(
            "field 'ratio' of message type Everything v1 has the wrong JSON type: expected number");
  }

  @Test
  void givenDoubleBeyondRange_whenDecoding_thenErrorSaysOutOfRange() {
    assertEverythingFails(b -> b.add("ratio", Json.createValue(new java.math.BigDecimal("1E+400"))))
        .hasMessageContaining(
            "field 'ratio' of message type Everything v1 has a value out of range for double");
  }

  @Test
  void givenNestedRecordAsArray_whenDecoding_thenErrorSaysObjectExpected() {
    assertEverythingFails(b -> b.add("primarySeed", Json.createArrayBuilder()))
        .hasMessageContaining(
            "field 'primarySeed' of message type Everything v1 has the wrong JSON type: expected object, got array []");
  }

  @Test
  void givenMapOfLongsWithFraction_whenDecoding_thenErrorNamesTheEntry() {
    assertEverythingFails(b -> b.add("counters", Json.createObjectBuilder().add("files", 0.5)))
        .hasMessageStartingWith(
            "field 'counters[files]' of message type Everything v1 has the wrong JSON type");
  }

  @Test
  void givenLongValueInError_whenDecoding_thenValueIsTruncated() {
    String longId = "x".repeat(10_000);

    assertDecodeFails(ping(b -> b.add("sentAt", longId)))
        .hasMessageContaining("unparseable value 'xxx")
        .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(400));
  }

  @Test
  void givenRandomlyCorruptedTexts_whenDecoding_thenOnlyMessageFormatExceptionIsThrown() {
    String valid = CODEC.encode(MessageCodecRoundTripTest.fullHeartbeat());
    String alphabet = "{}[]\":,0123456789.-eEtrufalsn \\xZ\u0000";
    Random random = new Random(20250131);
    for (int i = 0; i < 3000; i++) {
      StringBuilder text = new StringBuilder(valid);
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits && !text.isEmpty(); e++) {
        int at = random.nextInt(text.length());
        switch (random.nextInt(3)) {
          case 0 -> text.deleteCharAt(at);
          case 1 -> text.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
          default -> text.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
        }
      }
      String corrupted = text.toString();
      try {
        Message decoded = CODEC.decode(corrupted);
        assertThat(decoded).isInstanceOf(Heartbeat.class);
      } catch (MessageFormatException expected) {
        assertThat(expected.getMessage()).isNotBlank();
      } catch (RuntimeException unexpected) {
        throw new AssertionError("decoding " + corrupted + " threw " + unexpected, unexpected);
      }
    }
  }
}
