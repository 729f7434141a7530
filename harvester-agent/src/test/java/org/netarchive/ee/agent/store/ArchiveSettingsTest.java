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
  void givenTheShippedFile_whenRead_thenTheArchiveIsReachedLikeTheBroker_andTheServerMustBeGiven()
      throws IOException {
    Path file = dir.resolve("conf/harvester-agent.properties");
    Files.copy(Path.of("src/main/dist/conf/harvester-agent.properties"), file);
    AgentConfiguration c =
        AgentConfiguration.load(file, Map.of(AgentConfiguration.PASSWORD_VARIABLE, "s3cret"));

    assertThatThrownBy(() -> ArchiveSettings.of(c, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("archive.server.url")
        .hasMessageContaining("is not set");
    ArchiveSettings s =
        ArchiveSettings.of(c, Map.of(ArchiveSettings.SERVER_URL_VARIABLE, "http://127.0.0.1:8080"));

    assertThat(s.brokerUrl()).isEqualTo("tcp://127.0.0.1:61616");
    assertThat(s.brokerUser()).isEqualTo("agent");
    assertThat(s.brokerPassword()).isEqualTo("s3cret");
    assertThat(s.serverUrl()).hasToString("http://127.0.0.1:8080");
    assertThat(s.storeTimeout()).isEqualTo(Duration.ofSeconds(600));
    assertThat(s.storeRetries()).isEqualTo(2);
    assertThat(s.uploadMinKilobytesPerSecond()).isEqualTo(1000);
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
                    "archive.server.url", "https://archive.example.org:8443/",
                    "archive.fileServer.port", "8123",
                    "archive.storeTimeoutSeconds", "30",
                    "archive.storeRetries", "0",
                    "archive.uploadMinKilobytesPerSecond", "50")));

    assertThat(s.brokerUrl()).isEqualTo("tcp://archive.example.org:61617");
    assertThat(s.brokerUser()).isEqualTo("archiver");
    assertThat(s.brokerPassword()).isEqualTo("other");
    assertThat(s.serverUrl()).hasToString("https://archive.example.org:8443");
    assertThat(s.storeTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(s.storeRetries()).isZero();
    assertThat(s.uploadMinKilobytesPerSecond()).isEqualTo(50);
  }

  @Test
  void givenBadValues_whenRead_thenEveryProblemNamesItsKeyAndValue() {
    Map<String, String> bad = new HashMap<>();
    bad.put("archive.broker.url", "http://server/");
    bad.put("archive.server.url", "ftp://server/");
    bad.put("archive.storeTimeoutSeconds", "0");
    bad.put("archive.storeRetries", "-1");
    bad.put("archive.uploadMinKilobytesPerSecond", "0");
    bad.put("archive.url", "https://archive.invalid/");

    assertThatThrownBy(() -> ArchiveSettings.of(configuration(bad)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("6 problems")
        .hasMessageContaining("archive.broker.url = 'http://server/'")
        .hasMessageContaining("archive.server.url = 'ftp://server/' is not valid")
        .hasMessageContaining("archive.storeTimeoutSeconds = '0'")
        .hasMessageContaining("archive.storeRetries = '-1'")
        .hasMessageContaining("archive.uploadMinKilobytesPerSecond = '0'")
        .hasMessageContaining("unknown key 'archive.url' (value 'https://archive.invalid/')");
  }

  @Test
  void givenNoServerUrl_whenRead_thenTheEnvironmentsApplies_andWithoutEitherTheProblemNamesBoth() {
    ArchiveSettings fromEnvironment =
        ArchiveSettings.of(
            configuration(Map.of()),
            Map.of(ArchiveSettings.SERVER_URL_VARIABLE, "http://10.0.0.5:8080/"));

    assertThat(fromEnvironment.serverUrl()).hasToString("http://10.0.0.5:8080");
    assertThatThrownBy(() -> ArchiveSettings.of(configuration(Map.of()), Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("archive.server.url")
        .hasMessageContaining("NAS_SERVER_URL")
        .hasMessageContaining("is not set");
    assertThatThrownBy(
            () ->
                ArchiveSettings.of(
                    configuration(Map.of()),
                    Map.of(ArchiveSettings.SERVER_URL_VARIABLE, "127.0.0.1:8080")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("NAS_SERVER_URL")
        .hasMessageContaining("'127.0.0.1:8080' is not valid");
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
  void givenNoServer_whenAFileIsStored_thenNotUploadedAndTheFileIsKept() throws Exception {
    Path file = Files.writeString(dir.resolve("1-1-20261121000000000-00000-x.warc"), "WARC");
    try (ArchiveStore store =
        new ArchiveClientStoreFactory()
            .open(
                configuration(
                    Map.of(
                        "archive.broker.url", "tcp://127.0.0.1:1",
                        "archive.server.url", "http://127.0.0.1:1",
                        "archive.storeTimeoutSeconds", "2",
                        "archive.storeRetries", "0")))) {
      assertThatThrownBy(() -> store.store(file))
          .isInstanceOf(ArchiveStoreException.class)
          .hasMessageContaining("1-1-20261121000000000-00000-x.warc' was not stored")
          .hasMessageContaining("Cannot upload '1-1-20261121000000000-00000-x.warc'")
          .hasMessageContaining("http://127.0.0.1:1/api/transfers/uploads/");
    }
    assertThat(file).hasContent("WARC");
  }

  @Test
  void givenASourceAddress_whenRead_thenUploadsComeFromIt_andOneThisMachineHasNotIsRefused() {
    ArchiveSettings s =
        ArchiveSettings.of(
            configuration(
                Map.of(
                    "archive.server.url", "http://127.0.0.1:8080",
                    "archive.server.sourceAddress", "127.0.0.2")));
    assertThat(s.uploadSourceAddress().getHostAddress()).isEqualTo("127.0.0.2");
    assertThat(s.toString()).contains("from 127.0.0.2");
    assertThat(
            ArchiveSettings.of(configuration(Map.of("archive.server.url", "http://127.0.0.1:8080")))
                .uploadSourceAddress())
        .isNull();

    // a name, and an address of no interface here (TEST-NET-1: binding fails, nothing is sent)
    for (String bad : new String[] {"agent.example.org", "192.0.2.1", "300.1.1.1"}) {
      assertThatThrownBy(
              () ->
                  ArchiveSettings.of(
                      configuration(
                          Map.of(
                              "archive.server.url",
                              "http://127.0.0.1:8080",
                              "archive.server.sourceAddress",
                              bad))))
          .isInstanceOf(ConfigurationException.class)
          .hasMessageContaining("1 problem")
          .hasMessageContaining("archive.server.sourceAddress = '" + bad + "'");
    }
  }

  @Test
  void givenAnHttpsServerAndItsCaCertificate_whenRead_thenTheAgentTrustsThatFile()
      throws Exception {
    Path ca = Path.of(getClass().getResource("/tls/server.pem").toURI());

    ArchiveSettings s =
        ArchiveSettings.of(
            configuration(
                Map.of(
                    "archive.server.url",
                    "https://127.0.0.1:8443",
                    "archive.server.trustedCertificates",
                    ca.toString())));

    assertThat(s.trustedCertificates()).isEqualTo(ca);
    assertThat(s.toString()).contains("trusting " + ca);
  }

  @Test
  void givenTrustedCertificatesThatAreNotThereOrForPlainHttp_whenRead_thenEachRefusedByName()
      throws Exception {
    Path ca = Path.of(getClass().getResource("/tls/server.pem").toURI());
    Path missing = dir.resolve("nowhere/ca.pem");

    assertThatThrownBy(
            () ->
                ArchiveSettings.of(
                    configuration(
                        Map.of(
                            "archive.server.url",
                            "https://127.0.0.1:8443",
                            "archive.server.trustedCertificates",
                            missing.toString()))))
        .isInstanceOf(ConfigurationException.class)
        .satisfies(
            e ->
                assertThat(((ConfigurationException) e).problems())
                    .containsExactly(
                        "archive.server.trustedCertificates = '"
                            + missing
                            + "' is not a readable file (the trusted CA certificates, PEM)"));
    assertThatThrownBy(
            () ->
                ArchiveSettings.of(
                    configuration(
                        Map.of(
                            "archive.server.url",
                            "http://127.0.0.1:8080",
                            "archive.server.trustedCertificates",
                            ca.toString()))))
        .isInstanceOf(ConfigurationException.class)
        .satisfies(
            e ->
                assertThat(((ConfigurationException) e).problems())
                    .singleElement()
                    .asString()
                    .contains("archive.server.trustedCertificates = '" + ca + "' is given")
                    .contains("neither is the server's address http://127.0.0.1:8080 https")
                    .contains("broker URL tcp://127.0.0.1:61616 ask for TLS"));
  }

  @Test
  void givenATlsBrokerAndItsCa_whenRead_thenTheArchivesBrokerIsReachedTrustingThatFile()
      throws Exception {
    Path ca = Path.of(getClass().getResource("/tls/server.pem").toURI());

    ArchiveSettings s =
        ArchiveSettings.of(
            configuration(
                Map.of(
                    "archive.broker.url",
                    "tcp://127.0.0.1:61616?sslEnabled=true",
                    "archive.server.url",
                    "http://127.0.0.1:8080",
                    "archive.server.trustedCertificates",
                    ca.toString())));

    assertThat(s.brokerConnectionUrl())
        .startsWith("tcp://127.0.0.1:61616?sslEnabled=true&verifyHost=true&trustStoreType=PEM")
        .contains("trustStorePath=");
    assertThatThrownBy(
            () ->
                ArchiveSettings.of(
                    configuration(
                        Map.of(
                            "archive.broker.url",
                            "ssl://127.0.0.1:61616",
                            "archive.server.url",
                            "http://127.0.0.1:8080"))))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("for TLS give tcp://127.0.0.1:61616?sslEnabled=true");
  }
}
