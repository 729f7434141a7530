package org.netarchive.ee.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.dmr.ModelNode;

/**
 * Where the server of the integration tests listens and who may log in. The passwords are the ones
 * failsafe puts into the server's environment (NAS_ADMIN_PASSWORD, NAS_AGENT_PASSWORD), which the
 * application uses to create its first accounts.
 */
final class ServerUnderTest {

  static final int PORT_OFFSET = 100;
  static final String HTTP = "http://127.0.0.1:" + (8080 + PORT_OFFSET);
  static final String MANAGEMENT = "http://127.0.0.1:" + (9990 + PORT_OFFSET);
  static final String BROKER = "tcp://127.0.0.1:" + (61616 + PORT_OFFSET);
  static final String ENVIRONMENT = "DEV";

  static final String ADMIN = "admin";
  static final String AGENT = "agent";

  private ServerUnderTest() {}

  static String adminPassword() {
    return System.getenv("NAS_ADMIN_PASSWORD");
  }

  static String agentPassword() {
    return System.getenv("NAS_AGENT_PASSWORD");
  }

  /** h2 unless the tests run against PostgreSQL (NAS_DB_KIND=postgresql). */
  static String databaseKind() {
    String kind = System.getenv("NAS_DB_KIND");
    return kind == null || kind.isBlank() ? "h2" : kind.toLowerCase(Locale.ROOT);
  }

  /** The newest schema version this build ships: the highest V<n>__ migration in the sources. */
  static String latestSchemaVersion() throws IOException {
    Path migrations =
        Path.of(System.getProperty("jboss.home"))
            .resolve("../../../ejb-scheduler/src/main/resources/db/migration")
            .normalize();
    try (var files = Files.list(migrations)) {
      return String.valueOf(
          files
              .map(f -> f.getFileName().toString())
              .filter(n -> n.matches("V[0-9]+__.*\\.sql"))
              .mapToInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__"))))
              .max()
              .orElseThrow());
    }
  }

  static Path serverLog() {
    return Path.of(System.getProperty("it.server.base"), "log", "server.log");
  }

  static String serverLogText() throws IOException {
    return Files.readString(serverLog(), StandardCharsets.UTF_8);
  }

  /**
   * Runs a management operation on the server, authenticated as the local user (the client runs on
   * the server's machine).
   */
  static ModelNode management(ModelNode operation) throws IOException {
    try (ModelControllerClient client =
        ModelControllerClient.Factory.create("remote+http", "127.0.0.1", 9990 + PORT_OFFSET)) {
      return client.execute(operation);
    }
  }

  static HttpClient http() {
    return HttpClient.newBuilder()
        .connectTimeout(Duration.ofSeconds(10))
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }

  static HttpRequest.Builder request(String url) {
    return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
  }

  static HttpRequest.Builder asUser(HttpRequest.Builder request, String user, String password) {
    String token =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return request.header("Authorization", "Basic " + token);
  }

  static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
    return http().send(request, HttpResponse.BodyHandlers.ofString());
  }
}
