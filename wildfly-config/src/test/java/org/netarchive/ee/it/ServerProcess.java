package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A server of a test's own, started as the run command starts the provisioned server: on a copy of
 * its {@code standalone} directory, with ports shifted by an offset and its own H2 database (the
 * environment's {@code NAS_DB_*} are not passed on). For tests that need a configuration the shared
 * test server cannot have.
 */
final class ServerProcess implements AutoCloseable {

  /** The server distribution, once unpacked. */
  private static Path unpacked;

  private final Path base;
  private final Process process;

  private ServerProcess(Path base, Process process) {
    this.base = base;
    this.process = process;
  }

  /** The provisioned server's installation directory. */
  static Path home() {
    return Path.of(System.getProperty("jboss.home"));
  }

  /**
   * A fresh copy of the provisioned {@code standalone} directory, named {@code name}, next to the
   * shared test server's; without the provisioning's log, so that the start is read alone.
   */
  static Path freshBase(String name) throws IOException {
    Path base = Path.of(System.getProperty("it.server.base")).resolveSibling(name);
    deleteTree(base);
    copyTree(home().resolve("standalone"), base);
    deleteTree(base.resolve("log"));
    deleteTree(base.resolve("tmp"));
    return base;
  }

  /**
   * Starts the server on {@code base} with the port offset, the environment changed by {@code
   * environment}, and waits until it has started without errors.
   */
  static ServerProcess start(Path base, int offset, Consumer<Map<String, String>> environment)
      throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(
                home().resolve("bin/standalone.sh").toString(),
                "-Djboss.server.base.dir=" + base,
                "-Djboss.socket.binding.port-offset=" + offset)
            .directory(base.toFile());
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(name -> name.startsWith("NAS_DB_"));
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("JAVA_OPTS", "-Xmx768m -Djava.net.preferIPv4Stack=true");
    env.put("LAUNCH_JBOSS_IN_BACKGROUND", "true");
    environment.accept(env);
    Path console = Files.createDirectories(base.resolve("log")).resolve("console.log");
    builder.redirectErrorStream(true).redirectOutput(console.toFile());
    ServerProcess server = new ServerProcess(base, builder.start());
    Path log = server.log();
    try {
      await("the server on " + base + " has started (see " + log + ")")
          .atMost(Duration.ofSeconds(180))
          .pollInterval(Duration.ofMillis(500))
          .until(server::started);
      assertThat(server.logText())
          .as("the server started without errors (%s)", log)
          .doesNotContain("WFLYSRV0026");
    } catch (RuntimeException | AssertionError e) {
      server.close();
      throw e;
    }
    return server;
  }

  /**
   * A fresh NAS_HOME for a bitarchive node started by the server distribution's launcher ({@link
   * #startNode}), with its env file: role node, ports shifted by {@code offset}, the replicas of a
   * central on this machine ({@code allReplicas}, its broker on {@code centralBrokerPort}) of which
   * the node holds {@code replicas}, the agents' account, and {@code more}.
   */
  static Path nodeHome(
      String name,
      int offset,
      int centralBrokerPort,
      String allReplicas,
      String replicas,
      Map<String, String> more)
      throws IOException {
    Path home = Path.of(System.getProperty("it.server.base")).resolveSibling(name);
    deleteTree(home);
    Files.createDirectories(home);
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("NAS_HOME", home.toString());
    settings.put("NAS_ROLE", "node");
    settings.put("NAS_PORT_OFFSET", Integer.toString(offset));
    settings.put("NAS_BIND_ADDRESS", "127.0.0.1");
    settings.put("NAS_JAVA_SIZING", "-Xms128m -Xmx768m");
    settings.put("NAS_ENVIRONMENT", ServerUnderTest.ENVIRONMENT);
    settings.put("NAS_REPLICAS", allReplicas);
    settings.put("NAS_REPLICAS_LOCAL", replicas);
    settings.put("NAS_CENTRAL_HOST", "127.0.0.1");
    settings.put("NAS_CENTRAL_BROKER_PORT", Integer.toString(centralBrokerPort));
    settings.put("NAS_NODE_BROKER_PASSWORD", ServerUnderTest.agentPassword());
    // the tests' quick heartbeats, which the central's NAS_BAMON_MISSING_AFTER_SECONDS expects
    String heartbeat = System.getenv("NAS_BITARCHIVE_HEARTBEAT_SECONDS");
    if (heartbeat != null) {
      settings.put("NAS_BITARCHIVE_HEARTBEAT_SECONDS", heartbeat);
    }
    settings.putAll(more);
    StringBuilder file = new StringBuilder();
    settings.forEach((key, value) -> file.append(key).append("='").append(value).append("'\n"));
    Path env = Files.writeString(home.resolve("node.env"), file, StandardCharsets.UTF_8);
    // (it holds a password: the launcher warns about an env file every user may read)
    Files.setPosixFilePermissions(
        env, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    return home;
  }

  /**
   * Starts (or starts again) the bitarchive node of a NAS_HOME made by {@link #nodeHome} as an
   * operator on a node host does: the server distribution's launcher, {@code bin/netarchive-server
   * --env-file node.env run} (in the foreground, as systemd runs it), in an environment without the
   * tests' NAS_* settings; waits until netarchive-node.war is deployed. Its first start configures
   * the node (configure-node.cli, and node_replicas_config for the further replicas).
   */
  static ServerProcess startNode(Path home) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(
                "bash",
                distribution().resolve("bin/netarchive-server").toString(),
                "--env-file",
                home.resolve("node.env").toString(),
                "run")
            .directory(home.toFile())
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(home.resolve("launcher.log").toFile()));
    builder.environment().keySet().removeIf(name -> name.startsWith("NAS_"));
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    ServerProcess node = new ServerProcess(home.resolve("node"), builder.start());
    Path deployments = node.base().resolve("deployments");
    try {
      await("the node of " + home + " deployed (see its node/log/server.log and launcher.log)")
          .atMost(Duration.ofSeconds(180))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> {
                if (!node.process.isAlive()) {
                  throw new IllegalStateException(
                      "The node's launcher ended with "
                          + node.process.exitValue()
                          + ": "
                          + Files.readString(home.resolve("launcher.log"), StandardCharsets.UTF_8));
                }
                assertThat(deployments.resolve("netarchive-node.war.failed"))
                    .as("the node's deployment failed (see %s)", node.log())
                    .doesNotExist();
                return Files.exists(deployments.resolve("netarchive-node.war.deployed"));
              });
    } catch (RuntimeException | AssertionError e) {
      node.close();
      throw e;
    }
    return node;
  }

  /**
   * The server distribution the build made (the system property {@code it.server.distribution}),
   * unpacked once per test run into {@code target/it-distribution}; its root directory.
   */
  static synchronized Path distribution() throws Exception {
    if (unpacked == null) {
      Path into = Path.of(System.getProperty("it.server.base")).resolveSibling("it-distribution");
      deleteTree(into);
      Files.createDirectories(into);
      Process tar =
          new ProcessBuilder(
                  "tar", "xzf", System.getProperty("it.server.distribution"), "-C", into.toString())
              .redirectErrorStream(true)
              .start();
      String output = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(tar.waitFor()).as("unpacking the server distribution: %s", output).isZero();
      try (Stream<Path> roots = Files.list(into)) {
        unpacked = roots.findFirst().orElseThrow();
      }
    }
    return unpacked;
  }

  Path base() {
    return base;
  }

  Path log() {
    return base.resolve("log").resolve("server.log");
  }

  String logText() throws IOException {
    return Files.readString(log(), StandardCharsets.UTF_8);
  }

  private boolean started() throws IOException {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          "The server on " + base + " ended with " + process.exitValue());
    }
    if (!Files.exists(log())) {
      return false;
    }
    String text = logText();
    return text.contains("WFLYSRV0025") || text.contains("WFLYSRV0026");
  }

  /**
   * Kills the server's Java process at once (SIGKILL), as a crash would, and sets its log aside, so
   * that a start on the same base reads a log of its own. The start script, left alone, reaps it
   * and ends (a process killed beside its parent could stay a zombie nobody waits for).
   */
  void kill() throws Exception {
    process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
    assertThat(process.waitFor(60, TimeUnit.SECONDS))
        .as("the start script of the killed server ended")
        .isTrue();
    Files.move(log(), log().resolveSibling("server.log.killed-" + System.currentTimeMillis()));
  }

  /** Stops the server and waits for its Java process to end. */
  @Override
  public void close() throws Exception {
    List<ProcessHandle> java = process.toHandle().descendants().toList();
    java.forEach(ProcessHandle::destroy);
    process.destroy();
    for (ProcessHandle handle : java) {
      try {
        handle.onExit().get(60, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        // a server that does not stop in a minute is not left behind to hold its ports
        handle.destroyForcibly();
        handle.onExit().get(30, TimeUnit.SECONDS);
      }
    }
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      paths.forEach(
          path -> {
            try {
              Files.copy(path, to.resolve(from.relativize(path).toString()));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
