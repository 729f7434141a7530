package org.netarchive.ee.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentConfigurationTest {

  @TempDir Path dir;
  private Path conf;

  @BeforeEach
  void installLayout() throws IOException {
    conf = Files.createDirectories(dir.resolve("conf"));
    Files.createDirectories(dir.resolve("heritrix-3.13.0/lib"));
  }

  @Test
  void givenTheShippedFile_whenLoadedWithThePasswordInTheEnvironment_thenDefaultsApply()
      throws IOException {
    Path file = conf.resolve("harvester-agent.properties");
    Files.copy(Path.of("src/main/dist/conf/harvester-agent.properties"), file);

    AgentConfiguration c =
        AgentConfiguration.load(file, Map.of(AgentConfiguration.PASSWORD_VARIABLE, "s3cret"));

    assertThat(c.brokerUrl()).isEqualTo("tcp://127.0.0.1:61616");
    assertThat(c.brokerUser()).isEqualTo("agent");
    assertThat(c.brokerPassword()).isEqualTo("s3cret");
    assertThat(c.channel()).isEqualTo("HIGHPRIORITY");
    assertThat(c.channels().harvestJobs(c.channel()).name())
        .isEqualTo("DEV_COMMON_ANY_HIGHPRIORITY_HACO");
    assertThat(c.workDirectory()).isEqualTo(dir.resolve("work").toAbsolutePath());
    assertThat(c.heritrixHome()).isEqualTo(dir.resolve("heritrix-3.13.0").toAbsolutePath());
    assertThat(c.minimumFreeBytes()).isEqualTo(400_000_000L);
    assertThat(c.heritrixHeap()).isEqualTo("1g");
    assertThat(c.noResponseTimeout()).isEqualTo(Duration.ofSeconds(600));
    assertThat(c.inactivityTimeout()).isEqualTo(Duration.ofSeconds(1800));
    assertThat(c.processTimeout()).isEqualTo(Duration.ofSeconds(300));
    assertThat(c.statusInterval()).isEqualTo(Duration.ofSeconds(20));
    assertThat(c.instance()).endsWith("-highpriority");
    assertThat(c.toString()).doesNotContain("s3cret");
  }

  @Test
  void givenBadValues_whenLoaded_thenEveryProblemNamesItsKeyAndValue() throws IOException {
    Path file =
        write(
            """
            broker.url = http://server:8080
            broker.user = agent
            broker.password = pw
            agent.environment = dev
            agent.channel = focused channel
            work.minimumFreeBytes = lots
            heritrix.heap = 1 GB
            heritrix.home = ../heritrix-3.13.0
            timeout.noResponseSeconds = -5
            timeout.inactivitySecond = 60
            """);

    assertThatThrownBy(() -> AgentConfiguration.load(file, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("has 7 problems")
        .hasMessageContaining("broker.url = 'http://server:8080' is not valid")
        .hasMessageContaining("agent.environment = 'dev' is not valid")
        .hasMessageContaining("agent.channel = 'focused channel' is not valid")
        .hasMessageContaining("work.minimumFreeBytes = 'lots' is not valid")
        .hasMessageContaining("heritrix.heap = '1 GB' is not valid")
        .hasMessageContaining("timeout.noResponseSeconds = '-5' is not valid")
        .hasMessageContaining("unknown key 'timeout.inactivitySecond' (value '60')");
  }

  @Test
  void givenNoPasswordAnywhere_whenLoaded_thenTheErrorNamesBothPlaces() throws IOException {
    Path file = write(minimal(""));

    assertThatThrownBy(() -> AgentConfiguration.load(file, Map.of()))
        .hasMessageContaining("broker.password is empty")
        .hasMessageContaining("NAS_AGENT_PASSWORD");
  }

  @Test
  void givenAPasswordInTheFile_whenLoaded_thenItWinsOverTheEnvironment() throws IOException {
    Path file = write(minimal("broker.password = fromFile\n"));

    AgentConfiguration c =
        AgentConfiguration.load(file, Map.of(AgentConfiguration.PASSWORD_VARIABLE, "fromEnv"));

    assertThat(c.brokerPassword()).isEqualTo("fromFile");
    assertThat(c.channel()).isEqualTo("FOCUSED");
  }

  @Test
  void givenAHeritrixHomeWithoutLib_whenLoaded_thenItIsRefused() throws IOException {
    Path file = write(minimal("broker.password = pw\nheritrix.home = /nonexistent/heritrix\n"));

    assertThatThrownBy(() -> AgentConfiguration.load(file, Map.of()))
        .hasMessageContaining("heritrix.home = '/nonexistent/heritrix'")
        .hasMessageContaining("not an unpacked Heritrix 3 distribution");
  }

  @Test
  void givenAnSslBrokerUrl_whenLoaded_thenRefusedWithTheTlsFormToUse() throws IOException {
    Path file =
        write(
            minimal("broker.password = pw\n").replace("tcp://server:61616", "ssl://server:61616"));

    assertThatThrownBy(() -> AgentConfiguration.load(file, Map.of()))
        .hasMessageContaining("has 1 problem")
        .hasMessageContaining(
            "broker.url = 'ssl://server:61616' is not valid: the broker's client has no ssl://"
                + " URLs; for TLS give tcp://server:61616?sslEnabled=true");
  }

  @Test
  void givenATlsBrokerUrlAndTheServersCa_whenLoaded_thenTheBrokerIsReachedTrustingThatFile()
      throws Exception {
    Path ca = Path.of(getClass().getResource("/tls/server.pem").toURI());
    Path file =
        write(
            minimal("broker.password = pw\narchive.server.trustedCertificates = " + ca + "\n")
                .replace("tcp://server:61616", "tcp://server:61616?sslEnabled=true"));

    AgentConfiguration c = AgentConfiguration.load(file, Map.of());

    assertThat(c.brokerUrl()).isEqualTo("tcp://server:61616?sslEnabled=true");
    assertThat(c.brokerTrustedCertificates()).isEqualTo(ca);
    assertThat(c.brokerConnectionUrl())
        .startsWith("tcp://server:61616?sslEnabled=true&verifyHost=true&trustStoreType=PEM")
        .contains("&trustStorePath=");
  }

  @Test
  void givenATlsBrokerUrlAndNoCaFile_whenLoaded_thenRefusedNamingTheSettingAndTheFile()
      throws IOException {
    Path missing = dir.resolve("nowhere/ca.pem");
    Path file =
        write(
            minimal("broker.password = pw\narchive.server.trustedCertificates = " + missing + "\n")
                .replace("tcp://server:61616", "tcp://server:61616?sslEnabled=true"));

    assertThatThrownBy(() -> AgentConfiguration.load(file, Map.of()))
        .hasMessageContaining(
            "archive.server.trustedCertificates = '"
                + missing
                + "' is not a readable file (the trusted CA certificates, PEM) (for the broker's"
                + " TLS, broker.url)");
  }

  @Test
  void givenAMissingFile_whenLoaded_thenTheErrorNamesIt() {
    Path missing = dir.resolve("nope.properties");

    assertThatThrownBy(() -> AgentConfiguration.load(missing, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining(missing.toString());
  }

  private static String minimal(String more) {
    return """
        broker.url = tcp://server:61616
        broker.user = agent
        agent.environment = PROD
        agent.channel = focused
        heritrix.home = ../heritrix-3.13.0
        """
        + more;
  }

  private Path write(String text) throws IOException {
    return Files.writeString(conf.resolve("agent.properties"), text, StandardCharsets.UTF_8);
  }
}
