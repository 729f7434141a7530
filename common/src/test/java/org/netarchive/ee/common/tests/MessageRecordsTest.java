package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.LogEntry;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageTypes;
import org.netarchive.ee.common.message.OptionalField;
import org.netarchive.ee.common.message.Ping;
import org.netarchive.ee.common.message.Pong;

class MessageRecordsTest {

  private static final Instant T0 = Instant.parse("2025-01-31T12:00:00Z");

  private static Heartbeat.Builder validHeartbeat() {
    return Heartbeat.builder()
        .component("server")
        .kind(ComponentKind.SERVER)
        .instance("s1")
        .state("RUNNING")
        .sentAt(T0);
  }

  @Test
  void givenBlankPingId_whenCreating_thenErrorNamesTheField() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Ping(" ", T0, "server"))
        .withMessageContaining("id must not be blank");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Ping(null, T0, "server"))
        .withMessage("id must not be null");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Ping("p", T0, ""))
        .withMessageContaining("sender must not be blank");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Ping("p", null, "server"))
        .withMessage("sentAt must not be null");
  }

  @Test
  void givenBlankPongFields_whenCreating_thenErrorNamesTheField() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Pong("", T0, "agent"))
        .withMessageContaining("pingId");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Pong("p", T0, "\t"))
        .withMessageContaining("responder");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Pong("p", null, "agent"))
        .withMessageContaining("answeredAt");
  }

  @Test
  void givenMissingRequiredHeartbeatFields_whenBuilding_thenErrorNamesTheField() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().component(" ").build())
        .withMessageContaining("component");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().kind(null).build())
        .withMessageContaining("kind");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().instance("").build())
        .withMessageContaining("instance");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().state(null).build())
        .withMessageContaining("state");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().sentAt(null).build())
        .withMessageContaining("sentAt");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().channel(" ").build())
        .withMessageContaining("channel");
  }

  @Test
  void givenNullDetails_whenCreatingHeartbeat_thenErrorNamesTheField() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new Heartbeat(
                    "c", ComponentKind.SERVER, "i", "s", T0, null, null, null, null, null))
        .withMessageContaining("details");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().detail("key", null).build())
        .withMessageContaining("details must not contain null");
  }

  @Test
  void givenMutableDetailsMap_whenCreatingHeartbeat_thenLaterChangesDoNotAffectIt() {
    Map<String, String> details = new HashMap<>(Map.of("a", "1"));
    Heartbeat heartbeat =
        new Heartbeat("c", ComponentKind.SERVER, "i", "s", T0, null, null, details, null, null);

    details.put("b", "2");

    assertThat(heartbeat.details()).containsExactly(Map.entry("a", "1"));
    assertThatThrownBy(() -> heartbeat.details().put("c", "3"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void givenBuilder_whenReusedAfterBuild_thenEarlierHeartbeatIsUnaffected() {
    Heartbeat.Builder builder = validHeartbeat().detail("a", "1");
    Heartbeat first = builder.build();

    Heartbeat second = builder.detail("b", "2").state("STOPPING").build();

    assertThat(first.details()).containsOnlyKeys("a");
    assertThat(first.state()).isEqualTo("RUNNING");
    assertThat(second.details()).containsOnlyKeys("a", "b");
  }

  @Test
  void givenDecodedHeartbeat_whenModifyingDetails_thenItIsRejected() {
    MessageCodec codec = MessageCodec.standard();
    Heartbeat decoded =
        codec.decode(codec.encode(MessageCodecRoundTripTest.fullHeartbeat()), Heartbeat.class);

    assertThatThrownBy(() -> decoded.details().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void givenDecodedRecordWithLists_whenModifyingThem_thenItIsRejected() {
    MessageCodec codec = MessageCodec.of(TestMessages.Everything.class);
    TestMessages.Everything decoded =
        codec.decode(
            codec.encode(MessageCodecRoundTripTest.everything()), TestMessages.Everything.class);

    assertThatThrownBy(() -> decoded.tags().add("d"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> decoded.seeds().remove(0))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void givenEveryRegisteredMessageType_whenInspected_thenItIsAPublicImmutableRecord() {
    for (Class<? extends Message> type : MessageTypes.all()) {
      assertThat(type.isRecord()).as("%s is a record", type).isTrue();
      assertThat(Modifier.isPublic(type.getModifiers())).as("%s is public", type).isTrue();
      assertThat(MessageCodec.typeName(type)).isNotBlank();
      assertThat(MessageCodec.version(type)).isPositive();
    }
  }

  @Test
  void givenHeartbeat_whenInspectingComponents_thenOnlyChannelJobIntervalAndWarningsAreOptional() {
    assertThat(Heartbeat.class.getRecordComponents())
        .filteredOn(c -> c.isAnnotationPresent(OptionalField.class))
        .extracting(RecordComponent::getName)
        .containsExactly("channel", "currentJob", "interval", "recentWarnings");
  }

  @Test
  void givenNonPositiveInterval_whenBuildingHeartbeat_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> validHeartbeat().interval(java.time.Duration.ZERO).build())
        .withMessageContaining("interval must be positive, was PT0S");
  }

  @Test
  void givenLongMessage_whenMakingLogEntry_thenOfCutsIt_andTheConstructorRefusesIt() {
    String longText = "x".repeat(LogEntry.MAX_MESSAGE_LENGTH + 10);

    LogEntry cut = LogEntry.of(T0, "SEVERE", null, longText);

    assertThat(cut.message()).hasSize(LogEntry.MAX_MESSAGE_LENGTH).endsWith("…");
    assertThat(cut.logger()).isEmpty();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new LogEntry(T0, "SEVERE", "l", longText))
        .withMessageContaining("message must be at most 2000 characters, was 2010");
  }

  @Test
  void givenPing_whenAnswered_thenPongRefersToIt() {
    Ping ping = new Ping("p-9", T0, "server");

    Pong pong = ping.answer("agent-1", T0.plusSeconds(1));

    assertThat(pong).isEqualTo(new Pong("p-9", T0.plusSeconds(1), "agent-1"));
  }
}
