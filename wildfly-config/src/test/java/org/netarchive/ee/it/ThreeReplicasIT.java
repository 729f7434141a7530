package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.common.channel.Channels;
import org.netpreserve.jwarc.WarcCompression;

/**
 * Three replicas are configuration: the provisioned server, started as the run command starts it
 * but with {@code NAS_REPLICAS=ONE,TWO,THREE} and THREE checksum-only ({@code
 * NAS_BITARCHIVE_THREE_CHECKSUM_ONLY=true}), on a base directory and ports of its own (offset 300:
 * broker 61916), its own H2 database. A stored file is in ONE and TWO with the SHA-512 the client
 * sent, and THREE keeps that checksum: the store is confirmed only when every replica has reported
 * it. Database-neutral: nothing here depends on the database kind.
 */
@Tag("database-neutral")
class ThreeReplicasIT {

  private static final int OFFSET = 300;
  private static final String BROKER = "tcp://127.0.0.1:" + (61616 + OFFSET);

  private static Path base;
  private static Process server;

  @TempDir Path dir;

  @BeforeAll
  static void startServerWithThreeReplicas() throws Exception {
    Path home = Path.of(System.getProperty("jboss.home"));
    base = Path.of(System.getProperty("it.server.base")).resolveSibling("it-server-three");
    deleteTree(base);
    copyTree(home.resolve("standalone"), base);
    // The provisioning's embedded server left its log: this server's start is to be read alone.
    deleteTree(base.resolve("log"));
    deleteTree(base.resolve("tmp"));
    ProcessBuilder builder =
        new ProcessBuilder(
                home.resolve("bin/standalone.sh").toString(),
                "-Djboss.server.base.dir=" + base,
                "-Djboss.socket.binding.port-offset=" + OFFSET)
            .directory(base.toFile());
    Map<String, String> environment = builder.environment();
    // Its own H2 database in its base directory, whatever database the other tests use.
    environment.keySet().removeIf(name -> name.startsWith("NAS_DB_"));
    environment.put("JAVA_HOME", System.getProperty("java.home"));
    environment.put("JAVA_OPTS", "-Xmx768m -Djava.net.preferIPv4Stack=true");
    environment.put("LAUNCH_JBOSS_IN_BACKGROUND", "true");
    environment.put("NAS_REPLICAS", "ONE,TWO,THREE");
    environment.put("NAS_BITARCHIVE_THREE_CHECKSUM_ONLY", "true");
    environment.put("NAS_AGENT_PASSWORD", ServerUnderTest.agentPassword());
    Path console = Files.createDirectories(base.resolve("log")).resolve("console.log");
    builder.redirectErrorStream(true).redirectOutput(console.toFile());
    server = builder.start();
    Path log = base.resolve("log").resolve("server.log");
    await("the server with three replicas has started (see " + log + ")")
        .atMost(Duration.ofSeconds(180))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> started(log));
    assertThat(Files.readString(log, StandardCharsets.UTF_8))
        .as("the server started without errors (%s)", log)
        .doesNotContain("WFLYSRV0026");
  }

  private static boolean started(Path log) throws IOException {
    if (!server.isAlive()) {
      throw new IllegalStateException("The server ended with " + server.exitValue());
    }
    if (!Files.exists(log)) {
      return false;
    }
    String text = Files.readString(log, StandardCharsets.UTF_8);
    return text.contains("WFLYSRV0025") || text.contains("WFLYSRV0026");
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server == null) {
      return;
    }
    List<ProcessHandle> java = server.toHandle().descendants().toList();
    java.forEach(ProcessHandle::destroy);
    server.destroy();
    for (ProcessHandle process : java) {
      process.onExit().get(60, TimeUnit.SECONDS);
    }
    if (!server.waitFor(60, TimeUnit.SECONDS)) {
      server.destroyForcibly();
    }
  }

  @Test
  void givenThreeReplicasOneChecksumOnly_whenStored_thenInEveryReplicaWithEqualChecksums()
      throws Exception {
    String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-three.warc.gz";
    Path file = ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 3, "three");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);

    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(BROKER);
        FileServer files =
            FileServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), false)) {
      ArchiveClient client =
          new ArchiveClient(
              factory,
              ServerUnderTest.AGENT,
              ServerUnderTest.agentPassword(),
              Channels.forEnvironment(ServerUnderTest.ENVIRONMENT),
              files,
              Duration.ofSeconds(60),
              0);
      assertThat(client.store(file)).as("the checksum all replicas confirmed").isEqualTo(sha512);
    }

    for (String replica : List.of("ONE", "TWO")) {
      Path copy = bitarchive(replica).resolve("filedir").resolve(name);
      assertThat(copy).as("the copy in replica %s", replica).exists();
      assertThat(ChecksumAlgorithm.SHA512.of(copy)).as("SHA-512 in %s", replica).isEqualTo(sha512);
    }
    Path three = bitarchive("THREE");
    assertThat(three.resolve("filedir").resolve(name))
        .as("the checksum-only replica keeps no bytes")
        .doesNotExist();
    Path record = three.resolve("checksumdir").resolve(name);
    assertThat(record).as("THREE's checksum record").exists();
    assertThat(Files.readString(record, StandardCharsets.UTF_8)).contains(sha512);
    assertThat(Files.readString(base.resolve("log").resolve("server.log"), StandardCharsets.UTF_8))
        .as("THREE's destinations were made by the server, from the configuration")
        .contains("Created the replica queue jms.queue.DEV_THREE_ANY_BA")
        .contains("Created the replica topic jms.topic.DEV_THREE_ALL_BA");
  }

  private static Path bitarchive(String replica) {
    return base.resolve("data").resolve("bitarchive").resolve(replica);
  }

  private static void copyTree(Path from, Path to) throws IOException {
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

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
