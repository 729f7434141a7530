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

  private final MessageCodec codec = MessageCodec.standard();
  private final MessageCodec everythingCodec = MessageCodec.of(Everything.class);

  private AbstractThrowableAssert<?, ? extends Throwable> assertDecodeFails(String json) {
    return assertThatThrownBy(() -> codec.decode(json))
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
  private String everything(UnaryOperator<JsonObjectBuilder> change) {
    JsonObject valid = parse(everythingCodec.encode(MessageCodecRoundTripTest.everything()));
    return change.apply(Json.createObjectBuilder(valid)).build().toString();
  }

  private AbstractThrowableAssert<?, ? extends Throwable> assertEverythingFails(
      UnaryOperator<JsonObjectBuilder> change) {
    String json = everything(change);
    return assertThatThrownBy(() -> everythingCodec.decode(json))
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

  /** Ping texts with one member changed, and the whole message of the error decoding them. */
  static Stream<Arguments> wrongPings() {
    return Stream.of(
        Arguments.of(
            "type that is not a string",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("type", 5),
            "member \"type\" of the message must be a string, got number 5"),
        Arguments.of(
            "blank type",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("type", "  "),
            "member \"type\" of the message is blank: \"  \""),
        Arguments.of(
            "no version member",
            (UnaryOperator<JsonObjectBuilder>) b -> b.remove("version"),
            "message of type Ping has no \"version\" member"),
        Arguments.of(
            "version as string",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("version", "1"),
            "member \"version\" of message type Ping must be an integer, got string \"1\""),
        Arguments.of(
            "fractional version",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("version", 1.5),
            "member \"version\" of message type Ping must be an integer, got number 1.5"),
        Arguments.of(
            "unsupported version",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("version", 7),
            "unsupported version 7 of message type Ping; supported versions: 1"),
        Arguments.of(
            "missing required field",
            (UnaryOperator<JsonObjectBuilder>) b -> b.remove("sender"),
            "missing required field 'sender' of message type Ping v1"),
        Arguments.of(
            "required field null",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("sender", JsonValue.NULL),
            "field 'sender' of message type Ping v1 is null but is required"),
        Arguments.of(
            "string field as number",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("id", 42),
            "field 'id' of message type Ping v1 has the wrong JSON type: expected string, got"
                + " number 42"),
        Arguments.of(
            "unparseable timestamp",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("sentAt", "yesterday"),
            "field 'sentAt' of message type Ping v1 has an unparseable value 'yesterday': expected"
                + " an ISO-8601 instant such as 2025-01-31T12:00:00Z"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wrongPings")
  void givenAPingWithAWrongMember_whenDecoding_thenTheErrorNamesItAndWhy(
      String what, UnaryOperator<JsonObjectBuilder> change, String message) {
    assertDecodeFails(ping(change)).hasMessage(message);
  }

  /** Everything texts with one member changed, and the whole message of the error decoding them. */
  static Stream<Arguments> wrongEverythings() {
    return Stream.of(
        Arguments.of(
            "integer out of range",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("count", 3_000_000_000L),
            "field 'count' of message type Everything v1 has a value out of range for int: 3000000000"),
        Arguments.of(
            "fraction for integer",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("count", 1.5),
            "field 'count' of message type Everything v1 has the wrong JSON type: expected integer"
                + " number, got number 1.5"),
        Arguments.of(
            "boolean as string",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("flag", "true"),
            "field 'flag' of message type Everything v1 has the wrong JSON type: expected boolean,"
                + " got string \"true\""),
        Arguments.of(
            "unparseable duration",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("timeout", "90 minutes"),
            "field 'timeout' of message type Everything v1 has an unparseable value '90 minutes':"
                + " expected an ISO-8601 duration such as PT30S or P1DT2H"),
        Arguments.of(
            "list as string",
            (UnaryOperator<JsonObjectBuilder>) b -> b.add("tags", "a,b"),
            "field 'tags' of message type Everything v1 has the wrong JSON type: expected array,"
                + " got string \"a,b\""),
        Arguments.of(
            "list element of wrong type",
            (UnaryOperator<JsonObjectBuilder>)
                b -> b.add("tags", Json.createArrayBuilder().add("a").add(true)),
            "field 'tags[1]' of message type Everything v1 has the wrong JSON type: expected"
                + " string, got boolean true"),
        Arguments.of(
            "null list element",
            (UnaryOperator<JsonObjectBuilder>)
                b -> b.add("tags", Json.createArrayBuilder().add("a").addNull()),
            "field 'tags[1]' of message type Everything v1 is null but is required"),
        Arguments.of(
            "nested record missing field",
            (UnaryOperator<JsonObjectBuilder>)
                b -> b.add("primarySeed", Json.createObjectBuilder().add("depth", 1)),
            "missing required field 'primarySeed.url' of message type Everything v1"),
        Arguments.of(
            "record in list with wrong field type",
            (UnaryOperator<JsonObjectBuilder>)
                b ->
                    b.add(
                        "seeds",
                        Json.createArrayBuilder()
                            .add(
                                Json.createObjectBuilder().add("url", "https://a/").add("depth", 0))
                            .add(
                                Json.createObjectBuilder()
                                    .add("url", "https://b/")
                                    .add("depth", "deep"))),
            "field 'seeds[1].depth' of message type Everything v1 has the wrong JSON type:"
                + " expected integer number, got string \"deep\""),
        Arguments.of(
            "nested value rejected by its constructor",
            (UnaryOperator<JsonObjectBuilder>)
                b ->
                    b.add("primarySeed", Json.createObjectBuilder().add("url", "").add("depth", 1)),
            "invalid value of field 'primarySeed' of message type Everything v1: url must not be"
                + " blank"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wrongEverythings")
  void givenAnEverythingWithAWrongField_whenDecoding_thenTheErrorNamesItsPathAndWhy(
      String what, UnaryOperator<JsonObjectBuilder> change, String message) {
    assertEverythingFails(change).hasMessage(message);
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
    assertThatThrownBy(() -> codec.decode(PING, Pong.class))
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
        .isThrownBy(() -> codec.decode(PING, Everything.class))
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

  @Test
  void givenUnknownEnumConstant_whenDecoding_thenErrorListsAllowedValues() {
    String json =
        codec.encode(MessageCodecRoundTripTest.fullHeartbeat()).replace("HARVESTER_AGENT", "ROBOT");

    assertDecodeFails(json)
        .hasMessage(
            "field 'kind' of message type Heartbeat v1 has an unknown value 'ROBOT'; allowed"
                + " values: SERVER, HARVESTER_AGENT, BITARCHIVE, BITARCHIVE_MONITOR,"
                + " ARC_REPOSITORY, INDEX_SERVER");
  }

  @Test
  void givenEnumInLowerCase_whenDecoding_thenItIsRejected() {
    String json =
        codec
            .encode(MessageCodecRoundTripTest.fullHeartbeat())
            .replace("HARVESTER_AGENT", "harvester_agent");

    assertDecodeFails(json).hasMessageContaining("unknown value 'harvester_agent'");
  }

  @Test
  void givenMapValueOfWrongType_whenDecoding_thenErrorNamesTheEntry() {
    String json =
        codec.encode(MessageCodecRoundTripTest.fullHeartbeat()).replace("\"1200\"", "1200");

    assertDecodeFails(json)
        .hasMessage(
            "field 'details[queuedUris]' of message type Heartbeat v1 has the wrong JSON type:"
                + " expected string, got number 1200");
  }

  @Test
  void givenMapAsArray_whenDecoding_thenErrorSaysObjectExpected() {
    String json =
        codec
            .encode(MessageCodecRoundTripTest.fullHeartbeat())
            .replaceAll("\"details\":\\{[^}]*}", "\"details\":[]");

    assertDecodeFails(json)
        .hasMessage(
            "field 'details' of message type Heartbeat v1 has the wrong JSON type: expected"
                + " object, got array []");
  }

  @Test
  void givenMapValueNull_whenDecoding_thenErrorNamesTheEntry() {
    String json =
        codec.encode(MessageCodecRoundTripTest.fullHeartbeat()).replace("\"1200\"", "null");

    assertDecodeFails(json)
        .hasMessage(
            "field 'details[queuedUris]' of message type Heartbeat v1 is null but is required");
  }

  @Test
  void givenValueRejectedByRecordConstructor_whenDecoding_thenErrorNamesTypeAndReason() {
    assertDecodeFails(ping(b -> b.add("id", " ")))
        .hasMessage("invalid message type Ping v1: id must not be blank, was ' '")
        .hasCauseInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void givenBlankOptionalHeartbeatField_whenDecoding_thenErrorNamesField() {
    String json = codec.encode(MessageCodecRoundTripTest.fullHeartbeat()).replace("\"42\"", "\"\"");

    assertDecodeFails(json)
        .hasMessage(
            "invalid message type Heartbeat v1: currentJob must be absent or not blank, was ''");
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
    String valid = codec.encode(MessageCodecRoundTripTest.fullHeartbeat());
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
        Message decoded = codec.decode(corrupted);
        assertThat(decoded).isInstanceOf(Heartbeat.class);
      } catch (MessageFormatException expected) {
        assertThat(expected.getMessage()).isNotBlank();
      } catch (RuntimeException unexpected) {
        throw new AssertionError("decoding " + corrupted + " threw " + unexpected, unexpected);
      }
    }
  }
}
