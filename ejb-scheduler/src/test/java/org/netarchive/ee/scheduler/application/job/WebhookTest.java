package org.netarchive.ee.scheduler.application.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class WebhookTest {

  @Test
  void givenAUrlWithATokenInItsPath_whenRedacted_thenOnlySchemeHostAndPortRemain() {
    assertThat(Webhook.of("https://hooks.kb.dk/services/T0K3N?x=1").redacted())
        .isEqualTo("https://hooks.kb.dk");
    assertThat(Webhook.of("http://127.0.0.1:8099/a/secret").redacted())
        .isEqualTo("http://127.0.0.1:8099");
  }

  @Test
  void givenNoHttpUrl_whenMade_thenRefusedNamingTheValue() {
    for (String bad : List.of("mailto:a@kb.dk", "hooks.kb.dk/x", "http://", "http://a b/")) {
      assertThatThrownBy(() -> Webhook.of(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + bad + "'");
    }
  }

  @Test
  void givenAReceiverOnLoopback_whenPosted_thenItGetsTheJsonAndA2xxIsSuccess() throws Exception {
    List<String> bodies = new CopyOnWriteArrayList<>();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/ok/",
        exchange -> {
          try (exchange) {
            bodies.add(
                exchange.getRequestHeaders().getFirst("Content-Type")
                    + " "
                    + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
          }
        });
    server.createContext(
        "/broken/",
        exchange -> {
          try (exchange) {
            exchange.sendResponseHeaders(500, -1);
          }
        });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();

      assertThat(Webhook.of(base + "/ok/token").post("{\"kind\":\"X\"}")).isNull();
      assertThat(bodies).containsExactly("application/json {\"kind\":\"X\"}");
      assertThat(Webhook.of(base + "/broken/token").post("{}")).isEqualTo("HTTP 500");
    } finally {
      server.stop(0);
    }
  }

  @Test
  void givenNobodyListening_whenPosted_thenTheFailureWithoutTheUrlsPath() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }

    String error = Webhook.of("http://127.0.0.1:" + port + "/secret-token").post("{}");

    assertThat(error).isNotNull().doesNotContain("secret-token");
  }
}
