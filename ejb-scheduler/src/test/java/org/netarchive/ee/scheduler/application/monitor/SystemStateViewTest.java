package org.netarchive.ee.scheduler.application.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.SoftwareVersion;

class SystemStateViewTest {

  private static SystemStateView.Agent agent(Map<String, String> details) {
    return new SystemStateView.Agent(
        "agent-1",
        "HIGHPRIORITY",
        "IDLE",
        "IDLE",
        "idle",
        null,
        Instant.EPOCH,
        false,
        details,
        List.of());
  }

  @Test
  void givenAnAgentOfTheServersVersion_whenCompared_thenNotMarked() {
    SystemStateView.Agent same =
        agent(Map.of(SoftwareVersion.DETAIL, SystemStateView.serverVersion()));

    assertThat(same.version()).isEqualTo(SystemStateView.serverVersion());
    assertThat(same.versionDiffers()).isFalse();
  }

  @Test
  void givenAnAgentOfAnotherVersion_whenCompared_thenMarked() {
    SystemStateView.Agent older = agent(Map.of(SoftwareVersion.DETAIL, "0.0.9"));

    assertThat(older.version()).isEqualTo("0.0.9");
    assertThat(older.versionDiffers()).isTrue();
  }

  @Test
  void givenAnAgentThatReportsNoVersion_whenCompared_thenUnknownAndNotMarked() {
    SystemStateView.Agent old = agent(Map.of("heritrixVersion", "3.13.0"));

    assertThat(old.version()).isNull();
    assertThat(old.versionDiffers()).isFalse();
  }
}
