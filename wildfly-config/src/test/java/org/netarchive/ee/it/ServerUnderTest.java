package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.dmr.ModelNode;

/**
 * Where the server of the integration tests listens and who may log in. The passwords are the ones
 * failsafe puts into the server's environment (NAS_ADMIN_PASSWORD, NAS_AGENT_PASSWORD), which the
 * application uses to create its first accounts.
 *
 * <p>The ports are the standard ones shifted by the system property {@code it.port.offset} (100
 * unless the build says otherwise), the same offset arquillian.xml gives the server it starts.
 */
final class ServerUnderTest {

  /** How many times this test JVM has restarted the server, for each restart's own log. */
  private static final AtomicInteger RESTARTS = new AtomicInteger();

  static final int PORT_OFFSET = Integer.getInteger("it.port.offset", 100);
  static final String HTTP = "http://127.0.0.1:" + (8080 + PORT_OFFSET);
  static final String MANAGEMENT = "http://127.0.0.1:" + (9990 + PORT_OFFSET);
  static final String BROKER = "tcp://127.0.0.1:" + (61616 + PORT_OFFSET);
  static final String ENVIRONMENT = "DEV";

  static final String ADMIN = "admin";
  static final String AGENT = "agent";

  private ServerUnderTest() {}

  /**
   * The admin's password: NAS_ADMIN_PASSWORD, or, on a server started without it, the random one
   * its first start wrote to its data directory.
   */
  static String adminPassword() {
    String fromEnvironment = System.getenv("NAS_ADMIN_PASSWORD");
    if (fromEnvironment != null && !fromEnvironment.isBlank()) {
      return fromEnvironment;
    }
    try {
      return Files.readString(adminPasswordFile(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Where a first start without NAS_ADMIN_PASSWORD puts the random one (the data directory). */
  static Path adminPasswordFile() {
    return Path.of(System.getProperty("it.server.base"), "data", "admin-password");
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
   * A management operation to run with {@link #management}: its name, and the address of the
   * resource it works on as pairs of type and name, e.g. {@code "deployment", "netarchive.ear"}.
   * Parameters are set on the node returned.
   */
  static ModelNode operation(String name, String... address) {
    if (address.length % 2 != 0) {
      throw new IllegalArgumentException(
          "An address is pairs of type and name, not " + List.of(address));
    }
    ModelNode op = new ModelNode();
    op.get("operation").set(name);
    ModelNode resource = op.get("address").setEmptyList();
    for (int i = 0; i < address.length; i += 2) {
      resource.add(address[i], address[i + 1]);
    }
    return op;
  }

  /** The names of the broker's children of a type (e.g. runtime-queue), asserted read well. */
  static List<String> messagingChildren(String type) throws IOException {
    ModelNode op =
        operation("read-children-names", "subsystem", "messaging-activemq", "server", "default");
    op.get("child-type").set(type);
    ModelNode result = management(op);
    assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
    return result.get("result").asList().stream().map(ModelNode::asString).toList();
  }

  /**
   * Runs a management operation on the server, authenticated as the local user (the client runs on
   * the server's machine).
   */
  static ModelNode management(ModelNode operation) throws IOException {
    return management(PORT_OFFSET, operation);
  }

  /** As {@link #management(ModelNode)}, on the server of a test's own with that port offset. */
  static ModelNode management(int portOffset, ModelNode operation) throws IOException {
    try (ModelControllerClient client =
        ModelControllerClient.Factory.create("remote+http", "127.0.0.1", 9990 + portOffset)) {
      return client.execute(operation);
    }
  }

  /**
   * Kills the server with SIGKILL, as a crash would, and starts it again with the same command,
   * environment and working directory; returns when the application answers again. The new process
   * is stopped by Arquillian at the end like the first (through the management port).
   */
  static void crashAndRestart() throws Exception {
    String base = System.getProperty("it.server.base");
    ProcessHandle server =
        ProcessHandle.allProcesses()
            .filter(
                p -> {
                  String line = p.info().commandLine().orElse("");
                  return line.contains("jboss-modules") && line.contains(base);
                })
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("The server's process is not found"));
    Path proc = Path.of("/proc", Long.toString(server.pid()));
    List<String> command = List.of(Files.readString(proc.resolve("cmdline")).split("\0"));
    Map<String, String> environment = new HashMap<>();
    for (String entry : Files.readString(proc.resolve("environ")).split("\0")) {
      int eq = entry.indexOf('=');
      if (eq > 0) {
        environment.put(entry.substring(0, eq), entry.substring(eq + 1));
      }
    }
    Path directory = Files.readSymbolicLink(proc.resolve("cwd"));
    server.destroyForcibly();
    server.onExit().get(60, TimeUnit.SECONDS);
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    builder.environment().clear();
    builder.environment().putAll(environment);
    // One log per restart: a test that restarts the server again keeps the evidence of each.
    Path log = Path.of(base, "log", "restarted-console-" + RESTARTS.incrementAndGet() + ".log");
    builder.redirectErrorStream(true).redirectOutput(log.toFile());
    Process restarted = builder.start();
    // Arquillian stops the process it started, which is gone; this one is stopped when the tests'
    // JVM ends (an orderly shutdown, waited for), so no server outlives the test run.
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  restarted.destroy();
                  try {
                    if (!restarted.waitFor(60, TimeUnit.SECONDS)) {
                      restarted.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                    }
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                },
                "stop-restarted-server"));
    try {
      await()
          .atMost(Duration.ofSeconds(180))
          .pollDelay(Duration.ofSeconds(1))
          .pollInterval(Duration.ofSeconds(1))
          .ignoreExceptionsInstanceOf(IOException.class) // not listening yet
          .until(
              () ->
                  send(asUser(request(HTTP + "/api/jobs/overview"), ADMIN, adminPassword()).build())
                          .statusCode()
                      == 200);
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new IllegalStateException(
          "The server did not come back after the crash; see " + log, e);
    }
  }

  /**
   * One client for every request of the tests. A client per request (as before) kept each request's
   * connection open in that client's own pool until the garbage collector took the client: a test
   * of thousands of requests (SplitRestartIT reads every job of a 2,631-job split) left thousands
   * of connections and selector threads behind; one of its requests was answered with an EOF in a
   * full run (the likeliest cause; not reproduced).
   *
   * <p>HTTP/1.1, as curl and the command-line tools speak it: over plain http the JDK client
   * otherwise upgrades a reused connection to HTTP/2 (h2c), and Undertow drops such a connection,
   * about one time in four, when a request's header block needs a CONTINUATION frame (a URL over 16
   * KB: IndexServerIT's 10,001 job IDs, 49 KB, answered with "EOF reached while reading" in CI;
   * measured 49 of 200 over HTTP/2, 0 of 200 over HTTP/1.1; 14 KB URLs never failed).
   */
  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  static HttpClient http() {
    return CLIENT;
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
