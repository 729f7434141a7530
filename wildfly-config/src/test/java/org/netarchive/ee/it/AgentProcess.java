package org.netarchive.ee.it;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real harvester agent as an operator runs it: the distribution the build made (unpacked by the
 * build into the directory of the system property {@code agent.dist}), started with its launcher
 * {@code bin/harvester-agent} and a configuration file of its own, as a child process whose output
 * goes to {@code agent.log} in its directory. The agent's Heritrix is its child in turn.
 */
final class AgentProcess implements AutoCloseable {

  private final Path directory;
  private final Path config;
  private final Path log;
  private Process process;

  /**
   * Writes the agent's configuration.
   *
   * @param directory the agent's own directory (configuration, work directory, log)
   * @param settings the configuration's keys beyond those every test agent has
   */
  AgentProcess(Path directory, Map<String, String> settings) throws IOException {
    this.directory = Files.createDirectories(directory);
    this.config = directory.resolve("harvester-agent.properties");
    this.log = directory.resolve("agent.log");
    Map<String, String> values = new TreeMap<>();
    values.put("broker.url", ServerUnderTest.BROKER);
    values.put("broker.user", ServerUnderTest.AGENT);
    values.put("agent.environment", ServerUnderTest.ENVIRONMENT);
    values.put("work.directory", directory.resolve("work").toString());
    values.put("work.minimumFreeBytes", "1000000");
    values.put("heritrix.home", distribution().resolve("heritrix-3.13.0").toString());
    values.put("heritrix.heap", "256m");
    values.put("timeout.noResponseSeconds", "60");
    values.put("timeout.inactivitySeconds", "60");
    values.put("timeout.processSeconds", "60");
    values.put("status.intervalSeconds", "1");
    values.put("heartbeat.intervalSeconds", "2");
    values.put("archive.storeTimeoutSeconds", "60");
    values.put("archive.server.url", ServerUnderTest.HTTP);
    values.putAll(settings);
    // The password comes from NAS_AGENT_PASSWORD, which the tests' environment has.
    Files.writeString(
        config,
        values.entrySet().stream()
            .map(e -> e.getKey() + " = " + e.getValue() + "\n")
            .collect(Collectors.joining()),
        StandardCharsets.UTF_8);
  }

  /** The unpacked agent distribution. */
  static Path distribution() {
    String dist = System.getProperty("agent.dist");
    if (dist == null || !Files.isRegularFile(Path.of(dist, "bin", "harvester-agent"))) {
      throw new IllegalStateException(
          "No unpacked harvester agent distribution at agent.dist = " + dist);
    }
    return Path.of(dist);
  }

  /** Starts the agent with its launcher; its output is appended to {@link #log()}. */
  AgentProcess start() throws IOException {
    if (process != null && process.isAlive()) {
      throw new IllegalStateException("The agent in " + directory + " runs already");
    }
    ProcessBuilder builder =
        new ProcessBuilder(
                "bash",
                distribution().resolve("bin/harvester-agent").toString(),
                "--config",
                config.toString())
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().put("AGENT_JAVA_OPTS", "-Xmx128m");
    process = builder.start();
    return this;
  }

  /** The process id of the agent's JVM (the launcher execs it). */
  long pid() {
    if (process == null || !process.isAlive()) {
      throw new IllegalStateException("The agent in " + directory + " does not run");
    }
    return process.pid();
  }

  /** The agent's log (its standard output and error). */
  Path log() {
    return log;
  }

  String logText() throws IOException {
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
  }

  /** The agent's job directories. */
  Path jobs() {
    return directory.resolve("work").resolve("jobs");
  }

  /** Waits until the log holds {@code text}; fails naming the log's end otherwise. */
  void awaitLog(String text, Duration within) throws Exception {
    try {
      await()
          .atMost(within)
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> {
                if (logText().contains(text)) {
                  return true;
                }
                if (process != null && !process.isAlive()) {
                  throw new AssertionError(
                      "The agent exited with "
                          + process.exitValue()
                          + " before logging '"
                          + text
                          + "':\n"
                          + tail());
                }
                return false;
              });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError(
          "The agent did not log '" + text + "' within " + within + ":\n" + tail(), e);
    }
  }

  String tail() throws IOException {
    List<String> lines = logText().lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  /** Kills the agent's JVM at once (SIGKILL), as a crash would; its Heritrix is left running. */
  void kill() throws Exception {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** Stops the agent in order (TERM: its shutdown stops Heritrix), killing it after 90 s. */
  @Override
  public void close() throws Exception {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!process.waitFor(90, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
    }
    // A Heritrix left by a killed agent that was never restarted: found by its job directory.
    String jobs = jobs().toString();
    ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains(jobs))
        .forEach(ProcessHandle::destroyForcibly);
  }
}
