package org.netarchive.ee.scheduler.domain.model.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.AgentCommandKind;
import org.netarchive.ee.common.message.AgentCommandState;
import org.netarchive.ee.scheduler.domain.model.job.StatusChange;

class FleetCommandTest {

  private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

  private final FleetCommand stop =
      new FleetCommand(AgentCommandKind.STOP_JOB, "crawler1", 42L, "alice", T0);

  private static AgentCommandAck ack(String agent, AgentCommandState state, String detail) {
    return new AgentCommandAck(1, agent, state, detail, T0.plusSeconds(1));
  }

  @Test
  void givenANewCommand_whenMade_thenSentOnceAndUnanswered() {
    assertThat(stop.state()).isEqualTo(AgentCommandState.SENT);
    assertThat(stop.timesSent()).isEqualTo(1);
    assertThat(stop.detail()).isEmpty();
    assertThat(stop.jobId()).hasValue(42L);
  }

  @Test
  void givenAnswersInOrder_whenApplied_thenTheCommandMovesOnToDone() {
    assertThat(stop.answer(ack("crawler1", AgentCommandState.ACKNOWLEDGED, "stopping")))
        .isEqualTo(StatusChange.APPLIED);
    assertThat(stop.answer(ack("crawler1", AgentCommandState.DONE, "reported FAILED")))
        .isEqualTo(StatusChange.APPLIED);

    assertThat(stop.state()).isEqualTo(AgentCommandState.DONE);
    assertThat(stop.detail()).hasValue("reported FAILED");
  }

  @Test
  void givenALateAcknowledgement_whenAppliedAfterDone_thenRepeatedAndDoneStays() {
    stop.answer(ack("crawler1", AgentCommandState.DONE, "reported FAILED"));

    assertThat(stop.answer(ack("crawler1", AgentCommandState.ACKNOWLEDGED, "stopping")))
        .isEqualTo(StatusChange.REPEATED);
    assertThat(stop.answer(ack("crawler1", AgentCommandState.DONE, "reported FAILED")))
        .isEqualTo(StatusChange.REPEATED);
    assertThat(stop.state()).isEqualTo(AgentCommandState.DONE);
    assertThat(stop.detail()).hasValue("reported FAILED");
  }

  @Test
  void givenAnAnswerFromAnotherAgent_whenApplied_thenRefusedAndUnchanged() {
    assertThat(stop.answer(ack("crawler2", AgentCommandState.DONE, "x")))
        .isEqualTo(StatusChange.REFUSED);
    assertThat(stop.state()).isEqualTo(AgentCommandState.SENT);
  }

  @Test
  void givenAnUnansweredCommand_whenTimePasses_thenDueForResendingAndThenExpired() {
    assertThat(stop.dueForResending(T0.plusSeconds(5), Duration.ofSeconds(15))).isFalse();
    assertThat(stop.dueForResending(T0.plusSeconds(15), Duration.ofSeconds(15))).isTrue();

    stop.sentAgain(T0.plusSeconds(15));
    assertThat(stop.timesSent()).isEqualTo(2);
    assertThat(stop.dueForResending(T0.plusSeconds(20), Duration.ofSeconds(15))).isFalse();

    assertThat(stop.expire(T0.plusSeconds(600), "no answer")).isTrue();
    assertThat(stop.state()).isEqualTo(AgentCommandState.EXPIRED);
    assertThat(stop.dueForResending(T0.plusSeconds(900), Duration.ofSeconds(15))).isFalse();
  }

  @Test
  void givenAnAnsweredCommand_whenExpiring_thenItKeepsItsAnswer() {
    stop.answer(ack("crawler1", AgentCommandState.REFUSED, "not crawling here"));

    assertThat(stop.expire(T0.plusSeconds(600), "no answer")).isFalse();
    assertThat(stop.state()).isEqualTo(AgentCommandState.REFUSED);
    assertThat(stop.detail()).hasValue("not crawling here");
  }

  @Test
  void givenWhatAnOperatorWants_whenAHeartbeatSaysOtherwise_thenTheyDisagree() {
    AgentSteering steering = new AgentSteering("crawler1");
    steering.want(true, "alice", T0, 7);

    assertThat(steering.agreesWith(true)).isTrue();
    assertThat(steering.agreesWith(false)).as("a restarted agent forgot its pause").isFalse();
    assertThat(steering.agreesWith(null)).as("an agent that does not say").isTrue();
  }
}
