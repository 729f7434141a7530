package org.netarchive.ee.scheduler.domain.model.component;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.LogEntry;

class ComponentStatusTest {

  private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");

  private static Heartbeat.Builder agent(Instant at) {
    return Heartbeat.builder()
        .component("harvester-agent")
        .kind(ComponentKind.HARVESTER_AGENT)
        .instance("a1")
        .state("IDLE")
        .sentAt(at)
        .detail("description", "idle, listening for a job")
        .detail("queue", "DEV_COMMON_ANY_HIGHPRIORITY_HACO");
  }

  @Test
  void givenAnIntervalOfTenSeconds_whenSilentForMoreThanThirty_thenItIsMissing() {
    ComponentStatus status =
        new ComponentStatus(agent(T0).interval(Duration.ofSeconds(10)).build());

    assertThat(status.missingAt(T0.plusSeconds(30))).isFalse();
    assertThat(status.missingAt(T0.plusSeconds(31))).isTrue();
    assertThat(status.interval()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void givenNoInterval_whenSilent_thenItIsMissingAfterTheDefaultSilence() {
    ComponentStatus status = new ComponentStatus(agent(T0).build());

    assertThat(status.missingAt(T0.plus(ComponentStatus.DEFAULT_SILENCE))).isFalse();
    assertThat(status.missingAt(T0.plus(ComponentStatus.DEFAULT_SILENCE).plusSeconds(1))).isTrue();
  }

  @Test
  void
      givenNewerHeartbeats_whenApplied_thenTheLatestWarningsReplaceTheEarlier_andOlderOnesAreIgnored() {
    LogEntry first = new LogEntry(T0, "WARNING", "x", "first");
    LogEntry second = new LogEntry(T0.plusSeconds(5), "SEVERE", "x", "second");
    ComponentStatus status = new ComponentStatus(agent(T0).recentWarnings(List.of(first)).build());

    status.apply(
        agent(T0.plusSeconds(10)).state("CRAWLING").recentWarnings(List.of(first, second)).build());
    status.apply(agent(T0.plusSeconds(9)).state("STOPPING").recentWarnings(List.of()).build());

    assertThat(status.state()).isEqualTo("CRAWLING");
    assertThat(status.warnings()).containsExactly(first, second);
    assertThat(status.detailMap())
        .containsEntry("description", "idle, listening for a job")
        .containsEntry("queue", "DEV_COMMON_ANY_HIGHPRIORITY_HACO");
  }

  @Test
  void givenAHeartbeatOfAnotherInstance_whenApplied_thenItIsRefusedNamingBoth() {
    ComponentStatus status = new ComponentStatus(agent(T0).build());

    assertThatIllegalArgumentException()
        .isThrownBy(() -> status.apply(agent(T0.plusSeconds(1)).instance("a2").build()))
        .withMessage(
            "A heartbeat of harvester-agent instance a2 does not belong to harvester-agent instance"
                + " a1");
  }
}
