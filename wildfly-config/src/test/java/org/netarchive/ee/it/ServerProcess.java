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
   * A fresh base directory for a bitarchive node of {@code replicas}, configured as the launcher's
   * {@code run --role node} configures one (bin/lib/node.sh): netarchive-node.war instead of the
   * EAR, configure-node.cli for the first replica, and for further ones the bindings and the
   * deployment overlay that node.sh's {@code node_replicas_config} writes.
   */
  static Path nodeBase(String name, List<String> replicas) throws Exception {
    Path base = freshBase(name);
    try (Stream<Path> deployments = Files.list(base.resolve("deployments"))) {
      for (Path deployment : deployments.toList()) {
        if (deployment.getFileName().toString().startsWith("netarchive.ear")) {
          Files.delete(deployment);
        }
      }
    }
    Files.copy(
        Path.of(System.getProperty("it.node.war")),
        base.resolve("deployments").resolve("netarchive-node.war"));
    configure(
        base,
        Path.of(System.getProperty("it.cli.dir")).resolve("configure-node.cli"),
        Map.of(
            "nas.environment", ServerUnderTest.ENVIRONMENT, "nas.node.replica", replicas.get(0)));
    if (replicas.size() > 1) {
      Path config = base.resolve("configuration").resolve("node-replicas");
      List<String> command =
          new java.util.ArrayList<>(
              List.of(
                  "bash",
                  "-c",
                  "source \"$0\" && node_replicas_config \"$@\"",
                  System.getProperty("it.node.script"),
                  ServerUnderTest.ENVIRONMENT,
                  config.toString()));
      command.addAll(replicas);
      Process script = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(script.waitFor()).as("node_replicas_config: %s", output).isZero();
      configure(base, config.resolve("node-replicas.cli"), Map.of());
    }
    return base;
  }

  /**
   * Starts a bitarchive node on a base made by {@link #nodeBase}, on the broker of a central server
   * on this machine whose replicas are {@code allReplicas}; the node holds {@code replicas}. Every
   * file reaches it over HTTP, as on another host.
   */
  static ServerProcess startNode(
      Path base,
      int offset,
      int centralBrokerPort,
      String allReplicas,
      String replicas,
      Consumer<Map<String, String>> more)
      throws Exception {
    return start(
        base,
        offset,
        env -> {
          env.put("NAS_ROLE", "node");
          env.put("NAS_REPLICAS", allReplicas);
          env.put("NAS_REPLICAS_LOCAL", replicas);
          env.put("NAS_CENTRAL_HOST", "127.0.0.1");
          env.put("NAS_CENTRAL_BROKER_PORT", Integer.toString(centralBrokerPort));
          env.put("NAS_NODE_BROKER_PASSWORD", ServerUnderTest.agentPassword());
          env.remove("NAS_ARCHIVE_LOCAL_READ_DIRS");
          env.remove("NAS_AGENT_PASSWORD");
          env.remove("NAS_ADMIN_PASSWORD");
          more.accept(env);
        });
  }

  /** Runs a jboss-cli script on the embedded server of {@code base}, with the given properties. */
  static void configure(Path base, Path script, Map<String, String> properties) throws Exception {
    Path file = base.resolve(script.getFileName() + ".properties");
    StringBuilder text = new StringBuilder();
    properties.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
    Files.writeString(file, text, StandardCharsets.UTF_8);
    Path output =
        Files.createDirectories(base.resolve("log")).resolve(script.getFileName() + ".log");
    ProcessBuilder builder =
        new ProcessBuilder(
                home().resolve("bin/jboss-cli.sh").toString(),
                "--file=" + script,
                "--properties=" + file)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile());
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().put("JBOSS_HOME", home().toString());
    builder.environment().put("JAVA_OPTS", "-Djboss.server.base.dir=" + base);
    Process cli = builder.start();
    assertThat(cli.waitFor(120, TimeUnit.SECONDS)).as("%s ended", script).isTrue();
    assertThat(cli.exitValue())
        .as("%s on %s: %s", script, base, Files.readString(output, StandardCharsets.UTF_8))
        .isZero();
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
