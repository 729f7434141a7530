package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.AgentCommand;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.AgentCommandKind;
import org.netarchive.ee.common.message.AgentCommandState;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageFormatException;
import org.netarchive.ee.common.message.MessageTypes;

class AgentCommandMessagesTest {

  private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");
  private final MessageCodec codec = MessageCodec.standard();

  private static JsonObject parse(String json) {
    try (var reader = Json.createReader(new StringReader(json))) {
      return reader.readObject();
    }
  }

  @Test
  void givenAStopCommand_whenEncodedAndDecoded_thenEqualWithTypeAndFieldsInOrder() {
    AgentCommand stop =
        new AgentCommand(7, AgentCommandKind.STOP_JOB, "crawler1", 42L, "alice", T0);

    String json = codec.encode(stop);

    assertThat(codec.decode(json)).isEqualTo(stop);
    assertThat(json)
        .isEqualTo(
            "{\"type\":\"AgentCommand\",\"version\":1,\"commandId\":7,\"kind\":\"STOP_JOB\","
                + "\"agent\":\"crawler1\",\"jobId\":42,\"requestedBy\":\"alice\","
                + "\"requestedAt\":\"2026-11-26T10:00:00Z\"}");
  }

  @Test
  void givenAPauseCommand_whenEncoded_thenItHasNoJobAndDecodesSo() {
    AgentCommand pause = new AgentCommand(8, AgentCommandKind.PAUSE, "crawler1", null, "bob", T0);

    String json = codec.encode(pause);

    assertThat(parse(json)).doesNotContainKey("jobId");
    assertThat(codec.decode(json, AgentCommand.class).jobId()).isNull();
  }

  @Test
  void givenAnAnswer_whenEncodedAndDecoded_thenEqualAndNamingTheCommandAndItsAgent() {
    AgentCommand reload =
        new AgentCommand(9, AgentCommandKind.RELOAD_SETTINGS, "crawler1", null, "bob", T0);
    AgentCommandAck ack =
        reload.answer(AgentCommandState.DONE, "applied: work.minimumFreeBytes", T0.plusSeconds(1));

    AgentCommandAck decoded = codec.decode(codec.encode(ack), AgentCommandAck.class);

    assertThat(decoded).isEqualTo(ack);
    assertThat(decoded.commandId()).isEqualTo(9);
    assertThat(decoded.agent()).isEqualTo("crawler1");
  }

  @Test
  void givenTheRegisteredTypes_whenListed_thenCommandAndAnswerAreAmongThem() {
    assertThat(MessageTypes.all()).contains(AgentCommand.class, AgentCommandAck.class);
  }

  @Test
  void givenAStopWithoutAJob_whenMade_thenRefusedSayingTheJobIsRequired() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new AgentCommand(1, AgentCommandKind.STOP_JOB, "a", null, "alice", T0))
        .withMessageContaining("STOP_JOB must name the job");
  }

  @Test
  void givenAPauseNamingAJob_whenMade_thenRefusedSayingItConcernsTheAgent() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new AgentCommand(1, AgentCommandKind.PAUSE, "a", 5L, "alice", T0))
        .withMessageContaining("jobId 5 must be absent");
  }

  @Test
  void givenARefusalWithoutAReason_whenMade_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new AgentCommandAck(1, "a", AgentCommandState.REFUSED, null, T0))
        .withMessageContaining("must say why");
  }

  @Test
  void givenAnAgentAnsweringAServerOnlyState_whenMade_thenRefusedNamingIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new AgentCommandAck(1, "a", AgentCommandState.SENT, "x", T0))
        .withMessageContaining("not SENT");
  }

  @Test
  void givenJsonWithAnUnknownKind_whenDecoded_thenTheErrorNamesTheFieldAndValue() {
    String json =
        codec
            .encode(new AgentCommand(3, AgentCommandKind.PAUSE, "a", null, "bob", T0))
            .replace("PAUSE", "REBOOT");

    assertThatThrownBy(() -> codec.decode(json))
        .isInstanceOf(MessageFormatException.class)
        .hasMessageContaining("kind")
        .hasMessageContaining("REBOOT");
  }

  @Test
  void givenStates_whenAskedWhichAreFinal_thenRefusedDoneAndExpired() {
    assertThat(AgentCommandState.values())
        .filteredOn(AgentCommandState::isFinal)
        .containsExactlyInAnyOrder(
            AgentCommandState.REFUSED, AgentCommandState.DONE, AgentCommandState.EXPIRED);
  }
}
