package org.netarchive.ee.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsChangeTest {

  private static final String BASE =
      """
      broker.url = tcp://127.0.0.1:61616
      broker.user = agent
      broker.password = s3cret
      agent.environment = DEV
      agent.channel = FOCUSED
      agent.instance = crawler1
      heritrix.home = heritrix
      """;

  @TempDir Path dir;

  @BeforeEach
  void heritrix() throws IOException {
    Files.createDirectories(dir.resolve("heritrix/lib"));
  }

  private AgentConfiguration read(String more) throws IOException {
    Path file = dir.resolve("agent.properties");
    Files.writeString(file, BASE + more);
    return AgentConfiguration.load(file, Map.of());
  }

  @Test
  void givenTheSameSettings_whenCompared_thenNothingChanged() throws IOException {
    SettingsChange change = SettingsChange.between(read(""), read(""));

    assertThat(change.any()).isFalse();
    assertThat(change.describe()).isEqualTo("Settings re-read: nothing changed");
  }

  @Test
  void givenRuntimeSettingsChanged_whenCompared_thenTheyApplyNowOrFromTheNextJob()
      throws IOException {
    AgentConfiguration running = read("");
    AgentConfiguration read =
        read(
            """
            work.minimumFreeBytes = 1000
            heartbeat.intervalSeconds = 3
            timeout.noResponseSeconds = 77
            heritrix.heap = 2g
            """);

    SettingsChange change = SettingsChange.between(running, read);

    assertThat(change.appliedNow())
        .containsExactly("work.minimumFreeBytes", "heartbeat.intervalSeconds");
    assertThat(change.appliedNextJob())
        .containsExactly("heritrix.heap", "timeout.noResponseSeconds");
    assertThat(change.needRestart()).isEmpty();
    assertThat(change.effective()).isEqualTo(read);
    assertThat(change.effective().noResponseTimeout()).isEqualTo(Duration.ofSeconds(77));
  }

  @Test
  void givenConnectionSettingsChanged_whenCompared_thenTheyNeedARestartAndTheOldOnesAreKept()
      throws IOException {
    AgentConfiguration running = read("");
    String moved =
        BASE.replace("tcp://127.0.0.1:61616", "tcp://127.0.0.2:61616")
            .replace("s3cret", "n3w-secret")
            .replace("FOCUSED", "SNAPSHOT");
    Path file = dir.resolve("moved.properties");
    Files.writeString(file, moved + "work.minimumFreeBytes = 5\n");
    AgentConfiguration read = AgentConfiguration.load(file, Map.of());

    SettingsChange change = SettingsChange.between(running, read);

    assertThat(change.needRestart())
        .containsExactly("broker.url", "broker.password", "agent.channel");
    assertThat(change.appliedNow()).containsExactly("work.minimumFreeBytes");
    assertThat(change.effective().brokerUrl()).isEqualTo("tcp://127.0.0.1:61616");
    assertThat(change.effective().channel()).isEqualTo("FOCUSED");
    assertThat(change.effective().minimumFreeBytes()).isEqualTo(5);
    assertThat(change.describe())
        .isEqualTo(
            "Settings re-read: applied now: work.minimumFreeBytes; needs a restart (old values"
                + " kept until then): broker.url, broker.password, agent.channel")
        .doesNotContain("n3w-secret")
        .doesNotContain("s3cret");
  }
}
