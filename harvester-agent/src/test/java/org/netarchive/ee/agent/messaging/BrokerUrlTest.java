package org.netarchive.ee.agent.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BrokerUrlTest {

  @Test
  void givenTcpUrls_whenChecked_thenAccepted_andTlsOnlyWithSslEnabled() {
    for (String url :
        new String[] {
          "tcp://127.0.0.1:61616",
          "tcp://archive.example.org:61616?sslEnabled=true",
          "tcp://archive.example.org",
          "tcp://[::1]:61616?sslEnabled=true&verifyHost=false"
        }) {
      assertThat(BrokerUrl.problem("broker.url", url)).as(url).isEmpty();
    }
    assertThat(BrokerUrl.tls("tcp://h:1?sslEnabled=true")).isTrue();
    assertThat(BrokerUrl.tls("tcp://h:1?sslEnabled=TRUE&x=1")).isTrue();
    assertThat(BrokerUrl.tls("tcp://h:1?sslEnabled=false")).isFalse();
    assertThat(BrokerUrl.tls("tcp://h:1")).isFalse();
  }

  @Test
  void givenAnSslUrl_whenChecked_thenRefusedNamingTheSettingAndTheFormToUse() {
    assertThat(BrokerUrl.problem("broker.url", "ssl://archive.example.org:61616"))
        .contains(
            "broker.url = 'ssl://archive.example.org:61616' is not valid: the broker's client has"
                + " no ssl:// URLs; for TLS give"
                + " tcp://archive.example.org:61616?sslEnabled=true");
    assertThat(BrokerUrl.problem("archive.broker.url", "ssl://h:61617?verifyHost=false"))
        .hasValueSatisfying(
            message ->
                assertThat(message)
                    .startsWith("archive.broker.url = 'ssl://h:61617?verifyHost=false'")
                    .endsWith("tcp://h:61617?sslEnabled=true&verifyHost=false"));
  }

  @Test
  void givenOtherForms_whenChecked_thenRefusedNamingTheValueAndBothForms() {
    assertThat(BrokerUrl.problem("broker.url", "http://h:8080"))
        .hasValueSatisfying(
            message ->
                assertThat(message)
                    .startsWith("broker.url = 'http://h:8080' is not valid")
                    .contains("tcp://netarchive.example.org:61616?sslEnabled=true"));
    assertThat(BrokerUrl.problem("broker.url", "tcp://h:99999"))
        .contains(
            "broker.url = 'tcp://h:99999' is not valid: the port 99999 is not from 1 to 65535");
    assertThat(BrokerUrl.problem("broker.url", "tcp://h/x")).isPresent();
  }

  @Test
  void givenAPlainUrl_whenConnecting_thenAsItIs_andAFailureHintsAtTls() {
    assertThat(BrokerUrl.connecting("tcp://h:61616", Path.of("/etc/ca.pem")))
        .isEqualTo("tcp://h:61616");
    assertThat(BrokerUrl.explain("tcp://h:61616", null))
        .hasValueSatisfying(hint -> assertThat(hint).contains("NAS_TLS=on", "?sslEnabled=true"));
  }

  @Test
  void givenATlsUrl_whenConnecting_thenHostVerifiedAndThePemFileTrusted() {
    assertThat(
            BrokerUrl.connecting("tcp://h:61616?sslEnabled=true", Path.of("/etc/nas agent/ca.pem")))
        .isEqualTo(
            "tcp://h:61616?sslEnabled=true&verifyHost=true&trustStoreType=PEM"
                + "&trustStorePath=%2Fetc%2Fnas+agent%2Fca.pem");
    assertThat(BrokerUrl.connecting("tcp://h:61616?sslEnabled=true", null))
        .isEqualTo("tcp://h:61616?sslEnabled=true&verifyHost=true");
    // what the URL says itself stays
    assertThat(
            BrokerUrl.connecting(
                "tcp://h:61616?sslEnabled=true&verifyHost=false&trustStorePath=/x.p12",
                Path.of("/etc/ca.pem")))
        .isEqualTo("tcp://h:61616?sslEnabled=true&verifyHost=false&trustStorePath=/x.p12");
  }

  @Test
  void givenAListOfBrokersInParentheses_whenChecked_thenAccepted_andTlsForAllOrNone() {
    for (String url :
        new String[] {
          "(tcp://live.example.org:61616,tcp://backup.example.org:61616)",
          "(tcp://a:61616?name=nas-a,tcp://b:61617?name=nas-b)?ha=true&reconnectAttempts=-1",
          "(tcp://a:61616, tcp://[::1]:61616)?sslEnabled=true"
        }) {
      assertThat(BrokerUrl.problem("broker.url", url)).as(url).isEmpty();
    }
    assertThat(BrokerUrl.brokers("(tcp://a:1?name=x, tcp://b:2)"))
        .containsExactly("tcp://a:1?name=x", "tcp://b:2");
    assertThat(BrokerUrl.brokers("tcp://a:1")).containsExactly("tcp://a:1");
    assertThat(BrokerUrl.tls("(tcp://a:1,tcp://b:2)?sslEnabled=true")).isTrue();
    assertThat(BrokerUrl.tls("(tcp://a:1?sslEnabled=true,tcp://b:2?sslEnabled=true)")).isTrue();
    assertThat(BrokerUrl.tls("(tcp://a:1,tcp://b:2)?ha=true")).isFalse();
  }

  @Test
  void givenBrokersListedWrongly_whenChecked_thenRefusedNamingTheValueAndWhatIsWrong() {
    assertThat(BrokerUrl.problem("broker.url", "tcp://a:61616,tcp://b:61616"))
        .hasValueSatisfying(
            message ->
                assertThat(message)
                    .startsWith("broker.url = 'tcp://a:61616,tcp://b:61616' is not valid")
                    .contains("several brokers go in parentheses", "(tcp://live.example.org"));
    assertThat(BrokerUrl.problem("broker.url", "tcp://a:61616?ha=true,tcp://b:61616"))
        .hasValueSatisfying(message -> assertThat(message).contains("in parentheses"));
    // the client would take "a,b" for one host
    assertThat(BrokerUrl.problem("broker.url", "tcp://a,b:61616"))
        .hasValueSatisfying(
            message -> assertThat(message).startsWith("broker.url = 'tcp://a,b:61616' is not"));
    assertThat(BrokerUrl.problem("broker.url", "()"))
        .contains("broker.url = '()' is not valid: the list in parentheses has an empty entry");
    assertThat(BrokerUrl.problem("broker.url", "(tcp://a:1,)?ha=true"))
        .hasValueSatisfying(message -> assertThat(message).contains("empty entry"));
    assertThat(BrokerUrl.problem("broker.url", "(tcp://a:1?sslEnabled=true,tcp://b:2)"))
        .hasValueSatisfying(message -> assertThat(message).contains("disagree on sslEnabled"));
    assertThat(BrokerUrl.problem("broker.url", "(ssl://a:1,tcp://b:2)"))
        .hasValueSatisfying(
            message ->
                assertThat(message)
                    .startsWith("broker.url = '(ssl://a:1,tcp://b:2)' is not valid")
                    .contains("tcp://a:1?sslEnabled=true"));
    assertThat(BrokerUrl.problem("broker.url", "(tcp://a:1,tcp://b:99999)"))
        .hasValueSatisfying(message -> assertThat(message).contains("the port 99999"));
  }

  @Test
  void givenAListOfBrokers_whenConnecting_thenFailoverAddedUnlessGiven_andTlsAsForOne() {
    assertThat(BrokerUrl.connecting("(tcp://a:1,tcp://b:2)", Path.of("/etc/ca.pem")))
        .isEqualTo("(tcp://a:1,tcp://b:2)?ha=true&reconnectAttempts=-1");
    assertThat(BrokerUrl.connecting("(tcp://a:1,tcp://b:2)?ha=true&reconnectAttempts=5", null))
        .isEqualTo("(tcp://a:1,tcp://b:2)?ha=true&reconnectAttempts=5");
    assertThat(
            BrokerUrl.connecting(
                "(tcp://a:1?name=x,tcp://b:2?name=y)?sslEnabled=true", Path.of("/etc/ca.pem")))
        .isEqualTo(
            "(tcp://a:1?name=x,tcp://b:2?name=y)?sslEnabled=true&ha=true&reconnectAttempts=-1"
                + "&verifyHost=true&trustStoreType=PEM&trustStorePath=%2Fetc%2Fca.pem");
    assertThat(BrokerUrl.explain("(tcp://a:1,tcp://b:2)", null))
        .hasValueSatisfying(hint -> assertThat(hint).contains("?sslEnabled=true"));
  }
}
