package org.netarchive.ee.agent.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;

class ArchiveSettingsTest {

  @TempDir Path dir;

  @BeforeEach
  void installLayout() throws IOException {
    Files.createDirectories(dir.resolve("heritrix-3.13.0/lib"));
    Files.createDirectories(dir.resolve("conf"));
  }

  private AgentConfiguration configuration(Map<String, String> archive) {
    Map<String, String> values = new HashMap<>();
    values.put("broker.url", "tcp://127.0.0.1:61616");
    values.put("broker.user", "agent");
    values.put("agent.environment", "DEV");
    values.put("agent.channel", "HIGHPRIORITY");
    values.putAll(archive);
    return AgentConfiguration.from(
        values,
        dir.resolve("conf"),
        Map.of(AgentConfiguration.PASSWORD_VARIABLE, "agent-pw"),
        "test");
  }

  @Test
  void givenTheShippedFile_whenRead_thenTheArchiveIsReachedLikeTheBrokerAndFilesOfferedOnLoopback()
      throws IOException {
    Path file = dir.resolve("conf/harvester-agent.properties");
    Files.copy(Path.of("src/main/dist/conf/harvester-agent.properties"), file);
    AgentConfiguration c =
        AgentConfiguration.load(file, Map.of(AgentConfiguration.PASSWORD_VARIABLE, "s3cret"));

    ArchiveSettings s = ArchiveSettings.of(c);

    assertThat(s.brokerUrl()).isEqualTo("tcp://127.0.0.1:61616");
    assertThat(s.brokerUser()).isEqualTo("agent");
    assertThat(s.brokerPassword()).isEqualTo("s3cret");
    assertThat(s.fileServerAddress().getHostAddress()).isEqualTo("127.0.0.1");
    assertThat(s.fileServerPort()).isZero();
    assertThat(s.offerLocalPaths()).isFalse();
    assertThat(s.storeTimeout()).isEqualTo(Duration.ofSeconds(600));
    assertThat(s.storeRetries()).isEqualTo(2);
    assertThat(s.toString()).doesNotContain("s3cret");
  }

  @Test
  void givenOwnValues_whenRead_thenTheyApply() {
    ArchiveSettings s =
        ArchiveSettings.of(
            configuration(
                Map.of(
                    "archive.broker.url", "tcp://archive.example.org:61617",
                    "archive.broker.user", "archiver",
                    "archive.broker.password", "other",
                    "archive.fileServer.port", "8123",
                    "archive.fileServer.offerLocalPaths", "TRUE",
                    "archive.storeTimeoutSeconds", "30",
                    "archive.storeRetries", "0")));

    assertThat(s.brokerUrl()).isEqualTo("tcp://archive.example.org:61617");
    assertThat(s.brokerUser()).isEqualTo("archiver");
    assertThat(s.brokerPassword()).isEqualTo("other");
    assertThat(s.fileServerPort()).isEqualTo(8123);
    assertThat(s.offerLocalPaths()).isTrue();
    assertThat(s.storeTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(s.storeRetries()).isZero();
  }

  @Test
  void givenBadValues_whenRead_thenEveryProblemNamesItsKeyAndValue() {
    Map<String, String> bad = new HashMap<>();
    bad.put("archive.broker.url", "http://server/");
    bad.put("archive.fileServer.address", "0.0.0.0");
    bad.put("archive.fileServer.port", "70000");
    bad.put("archive.fileServer.offerLocalPaths", "maybe");
    bad.put("archive.storeTimeoutSeconds", "0");
    bad.put("archive.storeRetries", "-1");
    bad.put("archive.url", "https://archive.invalid/");

    assertThatThrownBy(() -> ArchiveSettings.of(configuration(bad)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("7 problems")
        .hasMessageContaining("archive.broker.url = 'http://server/'")
        .hasMessageContaining("archive.fileServer.address = '0.0.0.0' is a wildcard address")
        .hasMessageContaining("archive.fileServer.port = '70000'")
        .hasMessageContaining("archive.fileServer.offerLocalPaths = 'maybe'")
        .hasMessageContaining("archive.storeTimeoutSeconds = '0'")
        .hasMessageContaining("archive.storeRetries = '-1'")
        .hasMessageContaining("unknown key 'archive.url' (value 'https://archive.invalid/')");
  }

  @Test
  void givenTheAgentsJar_whenTheArchiveClientIsLookedFor_thenItIsTheArchivesOwnClient() {
    assertThat(ArchiveStoreFactory.installed(getClass().getClassLoader()))
        .isInstanceOf(ArchiveClientStoreFactory.class);
  }

  @Test
  void givenNoArchiveClientInstalled_whenLookedFor_thenRefusedSayingWhatIsMissing()
      throws IOException {
    try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
      assertThatThrownBy(() -> ArchiveStoreFactory.installed(empty))
          .isInstanceOf(ConfigurationException.class)
          .hasMessageContaining("No archive client is installed")
          .hasMessageContaining("org.netarchive.ee.agent.store.ArchiveStoreFactory");
    }
  }

  @Test
  void givenNoBroker_whenAFileIsStored_thenNotConfirmedAndTheFileIsKept() throws Exception {
    Path file = Files.writeString(dir.resolve("1-1-20261121000000000-00000-x.warc"), "WARC");
    try (ArchiveStore store =
        new ArchiveClientStoreFactory()
            .open(
                configuration(
                    Map.of(
                        "archive.broker.url", "tcp://127.0.0.1:1",
                        "archive.storeTimeoutSeconds", "2",
                        "archive.storeRetries", "0")))) {
      assertThat(((ArchiveClientStore) store).offeredAt()).startsWith("http://127.0.0.1:");

      assertThatThrownBy(() -> store.store(file))
          .isInstanceOf(ArchiveStoreException.class)
          .hasMessageContaining("1-1-20261121000000000-00000-x.warc' was not stored");
    }
    assertThat(file).hasContent("WARC");
  }
}
