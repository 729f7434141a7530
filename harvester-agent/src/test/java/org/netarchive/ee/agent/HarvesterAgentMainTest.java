package org.netarchive.ee.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarvesterAgentMainTest {

  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return HarvesterAgentMain.run(
        args,
        Map.of("NAS_AGENT_PASSWORD", "pw"),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void givenAnUnknownArgument_whenRun_thenUsageErrorNamesIt() {
    assertThat(run("--confg", "x")).isEqualTo(HarvesterAgentMain.BAD_USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown argument '--confg'");
  }

  @Test
  void givenNoConfig_whenRun_thenUsageError() {
    assertThat(run("--check")).isEqualTo(HarvesterAgentMain.BAD_USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no configuration given");
  }

  /**
   * A configuration file in the conf directory of an installed agent (its Heritrix beside it): the
   * broker URL, the agent's user, environment DEV and channel FOCUSED, then {@code more} lines.
   */
  private Path installedConfig(String name, String brokerUrlLine, String... more)
      throws IOException {
    Files.createDirectories(dir.resolve("heritrix-3.13.0/lib"));
    Files.createDirectories(dir.resolve("conf"));
    return Files.writeString(
        dir.resolve("conf/" + name),
        brokerUrlLine
            + "broker.user=agent\nagent.environment=DEV\nagent.channel=FOCUSED\n"
            + "archive.server.url=http://h:8080\n"
            + String.join("", more));
  }

  @Test
  void givenAValidConfig_whenChecked_thenItSaysSoAndExitsZero() throws IOException {
    Path file = installedConfig("a.properties", "broker.url=tcp://h:61616\n");

    assertThat(run("--config", file.toString(), "--check")).isEqualTo(HarvesterAgentMain.OK);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("is valid").doesNotContain("pw,");
  }

  @Test
  void givenAnInvalidConfig_whenChecked_thenExitTwoWithTheProblem() throws IOException {
    Path file = Files.writeString(dir.resolve("b.properties"), "broker.url=nonsense\n");

    assertThat(run("--config", file.toString(), "--check")).isEqualTo(HarvesterAgentMain.BAD_USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("broker.url = 'nonsense'");
  }

  @Test
  void givenBadArchiveSettings_whenChecked_thenExitTwoNamingTheKeyAndValue() throws IOException {
    Path file =
        installedConfig(
            "c.properties",
            "broker.url=tcp://127.0.0.1:1\n",
            "archive.url=https://archive.invalid/\n");

    assertThat(run("--config", file.toString(), "--check")).isEqualTo(HarvesterAgentMain.BAD_USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("unknown key 'archive.url' (value 'https://archive.invalid/')");
  }
}
