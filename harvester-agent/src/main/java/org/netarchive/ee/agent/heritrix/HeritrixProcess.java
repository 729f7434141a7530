package org.netarchive.ee.agent.heritrix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.netarchive.ee.agent.job.JobDirectory;

/**
 * One Heritrix JVM, a child process of the agent serving one job: bound to 127.0.0.1 on a free
 * port, with a random operator password made for this job, its jobs directory the job's {@code
 * heritrix} directory and its working directory the job directory. Its standard output and error go
 * to the job's {@code heritrix.out}; its process id to {@code heritrix.pid}, so that an agent
 * restarted after a crash can stop a Heritrix left running.
 */
public final class HeritrixProcess {

  private static final Logger LOG = Logger.getLogger(HeritrixProcess.class.getName());
  private static final String USER = "admin";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Process process;
  private final HeritrixClient client;
  private final JobDirectory directory;
  private final int port;

  private HeritrixProcess(
      Process process, HeritrixClient client, JobDirectory directory, int port) {
    this.process = process;
    this.client = client;
    this.directory = directory;
    this.port = port;
  }

  /**
   * Starts Heritrix for a job and waits until its REST API answers.
   *
   * @param settings how to run it
   * @param directory the job's directory
   * @return the running process
   * @throws HeritrixException if it does not start; the message has the end of heritrix.out
   */
  public static HeritrixProcess start(HeritrixSettings settings, JobDirectory directory)
      throws HeritrixException {
    Path dir = directory.path();
    char[] password = newPassword();
    Path login = dir.resolve("heritrix-login");
    Path keystore = dir.resolve("adhoc.keystore");
    int port;
    Process process;
    try {
      // A keystore left by an earlier start would be trusted instead of the new one.
      Files.deleteIfExists(keystore);
      Files.deleteIfExists(login);
      Files.writeString(
          Files.createFile(
              login,
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
          USER + ":" + new String(password) + "\n",
          StandardCharsets.UTF_8);
      port = freePort();
      List<String> command = command(settings, directory, login, port);
      Files.writeString(
          directory.heritrixOut(),
          Instant.now()
              + " Netarchive EE agent starts Heritrix: "
              + String.join(" ", command)
              + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(directory.heritrixOut().toFile()))
              .start();
      Files.writeString(
          directory.heritrixPid(), Long.toString(process.pid()), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new HeritrixException(
          "Cannot start Heritrix for job " + directory.jobId() + ": " + e, e);
    }
    LOG.info(
        () ->
            "Started Heritrix (pid "
                + process.pid()
                + ") for job "
                + directory.jobId()
                + " on 127.0.0.1:"
                + port);
    try {
      HeritrixClient client = awaitRest(process, keystore, port, password, directory);
      return new HeritrixProcess(process, client, directory, port);
    } catch (HeritrixException e) {
      kill(process, Duration.ofSeconds(5));
      throw e;
    } finally {
      try {
        Files.deleteIfExists(login);
      } catch (IOException e) {
        LOG.warning("Cannot delete Heritrix's login file " + login + ": " + e);
      }
      java.util.Arrays.fill(password, '\0');
    }
  }

  static List<String> command(
      HeritrixSettings settings, JobDirectory directory, Path login, int port) {
    Path home = settings.home().toAbsolutePath();
    List<String> command = new ArrayList<>();
    command.add(settings.java().toString());
    command.add("-Xmx" + settings.heap());
    command.addAll(settings.javaOptions());
    command.add("-Dheritrix.home=" + home);
    command.add("-Djava.protocol.handler.pkgs=org.archive.net");
    Path logging = home.resolve("conf").resolve("logging.properties");
    if (Files.isRegularFile(logging)) {
      command.add("-Djava.util.logging.config.file=" + logging);
    }
    command.add("-cp");
    command.add(home.resolve("lib") + "/*");
    command.add("org.archive.crawler.Heritrix");
    command.add("-a");
    command.add("@" + login.toAbsolutePath());
    command.add("-b");
    command.add("127.0.0.1");
    command.add("-p");
    command.add(Integer.toString(port));
    command.add("-j");
    command.add(directory.heritrixJobs().toAbsolutePath().toString());
    return command;
  }

  private static HeritrixClient awaitRest(
      Process process, Path keystore, int port, char[] password, JobDirectory directory)
      throws HeritrixException {
    Instant deadline = Instant.now().plus(START_TIMEOUT);
    HeritrixClient client = null;
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new HeritrixException(
            "Heritrix exited with status "
                + process.exitValue()
                + " while starting for job "
                + directory.jobId()
                + "; the end of "
                + directory.heritrixOut()
                + ":\n"
                + tail(directory.heritrixOut(), 15));
      }
      if (client == null && Files.isRegularFile(keystore)) {
        try {
          client = HeritrixClient.connect(port, keystore, USER, password);
        } catch (IOException e) {
          // Still being written; try again.
        }
      }
      if (client != null && client.answers()) {
        return client;
      }
      sleep(Duration.ofMillis(250));
    }
    throw new HeritrixException(
        "Heritrix's REST API did not answer within "
            + START_TIMEOUT.toSeconds()
            + " s for job "
            + directory.jobId()
            + "; the end of "
            + directory.heritrixOut()
            + ":\n"
            + tail(directory.heritrixOut(), 15));
  }

  public HeritrixClient client() {
    return client;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public long pid() {
    return process.pid();
  }

  public int port() {
    return port;
  }

  /**
   * Asks Heritrix to exit and waits; kills it if it has not exited within the timeout.
   *
   * @param timeout how long Heritrix may take
   * @return its exit status
   */
  public int stop(Duration timeout) {
    if (process.isAlive()) {
      try {
        client.exitJavaProcess();
      } catch (IOException e) {
        LOG.warning(() -> "Heritrix of job " + directory.jobId() + " refused to exit: " + e);
      }
    }
    int status = kill(process, timeout);
    try {
      Files.deleteIfExists(directory.heritrixPid());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return status;
  }

  /** Waits for a process, then ends it: TERM, and KILL if that is not enough. */
  private static int kill(Process process, Duration grace) {
    try {
      if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        return process.exitValue();
      }
      LOG.warning(
          () ->
              "Heritrix (pid "
                  + process.pid()
                  + ") did not exit within "
                  + grace
                  + "; stopping it");
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        LOG.warning(() -> "Heritrix (pid " + process.pid() + ") ignored TERM; killing it");
        process.destroyForcibly();
      }
      return process.waitFor();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /**
   * Stops a Heritrix left running by an earlier run of the agent for a job directory: the process
   * named in its {@code heritrix.pid}, if that is still a Heritrix working in this directory.
   *
   * @param directory the job directory
   * @param grace how long to wait after TERM before KILL
   * @return whether one was found and stopped
   */
  public static boolean stopLeftOver(JobDirectory directory, Duration grace) {
    Path pidFile = directory.heritrixPid();
    if (!Files.isRegularFile(pidFile)) {
      return false;
    }
    Optional<ProcessHandle> handle;
    try {
      handle = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()));
    } catch (IOException | NumberFormatException e) {
      handle = Optional.empty();
    }
    String jobs = directory.heritrixJobs().toAbsolutePath().toString();
    boolean stopped = false;
    if (handle.isPresent()
        && handle.get().isAlive()
        && handle.get().info().commandLine().map(c -> c.contains(jobs)).orElse(false)) {
      ProcessHandle left = handle.get();
      LOG.warning(() -> "Stopping Heritrix (pid " + left.pid() + ") left running for " + directory);
      left.destroy();
      try {
        left.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        left.destroyForcibly();
      }
      stopped = true;
    }
    try {
      Files.deleteIfExists(pidFile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return stopped;
  }

  private static char[] newPassword() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).toCharArray();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    }
  }

  /** The last lines of a text file, for error messages. */
  static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e.getMessage() + ")";
    }
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
