package org.netarchive.ee.agent.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestBroker;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;

/**
 * The agent's broker connection to a broker that speaks TLS only, as the server's agents' acceptor
 * with NAS_TLS=on: a real Artemis broker on 127.0.0.1 with the test key store of
 * src/test/resources/tls (a certificate for 127.0.0.1 and localhost).
 */
class BrokerLinkTlsTest {

  private static final String QUEUE = "DEV_COMMON_HIGHPRIORITY_TLS";

  @TempDir Path dir;
  private TestBroker broker;
  private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
  private final Logger log = Logger.getLogger(BrokerLink.class.getName());
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          logged.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void start() throws Exception {
    broker = new TestBroker(dir).tls(resource("/tls/server.p12"), "test-only").start();
    log.addHandler(handler);
  }

  @AfterEach
  void stop() throws Exception {
    log.removeHandler(handler);
    broker.close();
  }

  @Test
  void givenAnAgentTrustingTheBrokersCa_whenItConnects_thenItAuthenticatesAndMessagesGoOverTls()
      throws Exception {
    assertThat(broker.url()).endsWith("?sslEnabled=true");
    try (BrokerLink link =
        new BrokerLink(
            broker.url(), resource("/tls/server.pem"), TestBroker.USER, TestBroker.PASSWORD)) {
      assertThat(link.connect(() -> false)).isTrue();
      link.send(QUEUE, heartbeat());
      BrokerLink.Delivery delivery = link.receive(QUEUE, Duration.ofSeconds(10));
      assertThat(delivery).isNotNull();
      delivery.rollback();
    }
    assertThat(broker.passwordChecks()).isPositive();
  }

  @Test
  void givenAnAgentThatDoesNotTrustTheBrokersCertificate_whenItConnects_thenRefusedSayingSo()
      throws Exception {
    try (BrokerLink link =
        new BrokerLink(
            broker.url(), resource("/tls/other-ca.pem"), TestBroker.USER, TestBroker.PASSWORD)) {
      assertThat(link.connect(this::anyWarning)).isFalse();
    }
    LogRecord record = firstWarning();
    assertThat(record.getLevel()).isEqualTo(Level.SEVERE);
    assertThat(record.getMessage())
        .startsWith("The broker at " + broker.url() + " presented a TLS certificate")
        .contains("the certificate is not trusted", "in archive.server.trustedCertificates")
        .doesNotContain(TestBroker.PASSWORD);
    assertThat(broker.passwordChecks()).as("no credentials reach an untrusted broker").isZero();
  }

  @Test
  void givenAnAgentWithAPlainUrl_whenItConnectsToTheTlsOnlyBroker_thenRefusedWithTheHint()
      throws Exception {
    // (the plain client waits for the broker's answer for its call timeout, 30 s by default)
    String plain = broker.url().replace("?sslEnabled=true", "?callTimeout=2000");
    try (BrokerLink link = new BrokerLink(plain, TestBroker.USER, TestBroker.PASSWORD)) {
      assertThat(link.connect(this::anyWarning)).isFalse();
    }
    assertThat(firstWarning().getMessage())
        .startsWith("Cannot connect to the broker " + plain)
        .contains("takes only TLS on the agents' broker port", "?sslEnabled=true")
        .doesNotContain(TestBroker.PASSWORD);
    assertThat(broker.passwordChecks()).isZero();
  }

  private boolean anyWarning() {
    return logged.stream().anyMatch(r -> r.getLevel().intValue() >= Level.WARNING.intValue());
  }

  private LogRecord firstWarning() {
    return logged.stream()
        .filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
        .findFirst()
        .orElseThrow();
  }

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(BrokerLinkTlsTest.class.getResource(name).toURI());
  }

  private static Heartbeat heartbeat() {
    return Heartbeat.builder()
        .component("harvester-agent")
        .kind(ComponentKind.HARVESTER_AGENT)
        .instance("test")
        .state("IDLE")
        .sentAt(Instant.now())
        .build();
  }
}
