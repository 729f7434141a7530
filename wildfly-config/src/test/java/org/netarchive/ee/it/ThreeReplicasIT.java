package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
 * Three replicas are configuration, and a bitarchive node holds two of them: a central server
 * started as the run command starts it, with {@code NAS_REPLICAS=ONE,TWO,THREE} of which it holds
 * ONE ({@code NAS_REPLICAS_LOCAL=ONE}; offset 300, broker 61916, its own H2 database), and one node
 * holding TWO and THREE (offset 400; {@code NAS_REPLICAS_LOCAL=TWO,THREE}, started by the server
 * distribution's launcher, which declares the consumers of THREE in a deployment overlay), THREE
 * checksum-only ({@code NAS_BITARCHIVE_THREE_CHECKSUM_ONLY=true}). A stored file is in ONE on the
 * central and in TWO on the node with the SHA-512 the client sent, and THREE on the node keeps that
 * checksum: the store is confirmed only when every replica has reported it. Database-neutral:
 * nothing here depends on the database kind.
 *
 * <p>The server's HTTP request limit is also set low at its start ({@code NAS_MAX_UPLOAD_BYTES}, 1
 * MiB), which the shared test server cannot have without a reload: a whole file larger than it,
 * fetched through the UI's REST API, still arrives (the bitarchive's delivery to the transfer
 * endpoint is exempt, TransferBodyLimit), while a UI upload of the same size is refused.
 *
 * <p>Its public names are configured as an installation behind a proxy has them ({@code
 * NAS_PUBLIC_HOSTS=archive.example.org}): the bitarchives' deliveries to the transfer endpoint (by
 * default http://127.0.0.1:...) are still taken, since the endpoint's host is always a name of the
 * server, while a request by another name (localhost) is refused.
 */
@Tag("database-neutral")
class ThreeReplicasIT {

  private static final int OFFSET = 300;
  private static final int NODE_OFFSET = 400;
  private static final String BROKER = "tcp://127.0.0.1:" + (61616 + OFFSET);
  private static final String HTTP = "http://127.0.0.1:" + (8080 + OFFSET);

  /** The server's HTTP request limit: below the size of the file fetched whole. */
  private static final int SMALL_LIMIT = 1 << 20;

  private static Path base;
  private static ServerProcess server;
  private static ServerProcess node;

  @TempDir Path dir;

  @BeforeAll
  static void startServerWithThreeReplicas() throws Exception {
    base = ServerProcess.freshBase("it-server-three");
    server =
        ServerProcess.start(
            base,
            OFFSET,
            environment -> {
              environment.put("NAS_REPLICAS", "ONE,TWO,THREE");
              environment.put("NAS_REPLICAS_LOCAL", "ONE");
              environment.put("NAS_BITARCHIVE_THREE_CHECKSUM_ONLY", "true");
              environment.put("NAS_AGENT_PASSWORD", ServerUnderTest.agentPassword());
              environment.put("NAS_MAX_UPLOAD_BYTES", Integer.toString(SMALL_LIMIT));
              environment.put("NAS_PUBLIC_HOSTS", "archive.example.org");
            });
    node =
        ServerProcess.startNode(
            ServerProcess.nodeHome(
                "it-server-three-node",
                NODE_OFFSET,
                61616 + OFFSET,
                "ONE,TWO,THREE",
                "TWO,THREE",
                Map.of("NAS_BITARCHIVE_THREE_CHECKSUM_ONLY", "true")));
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (node != null) {
      node.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void givenThreeReplicasOneChecksumOnly_whenStored_thenInEveryReplicaWithEqualChecksums()
      throws Exception {
    String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-three.warc.gz";
    Path file = ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 3, "three");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);

    assertThat(store(file)).as("the checksum all replicas confirmed").isEqualTo(sha512);

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
    assertThat(bitarchive("TWO")).as("TWO on the node").startsWith(node.base());
    assertThat(base.resolve("data").resolve("bitarchive").resolve("TWO"))
        .as("no TWO on the central")
        .doesNotExist();
    assertThat(node.logText())
        .contains("Bitarchive node of the replicas [TWO, THREE] (of [ONE, TWO, THREE]) started");
  }

  @Test
  void givenAListenerLimitBelowAFile_whenTheUiFetchesIt_thenDeliveredWhileAnUploadIsRefused()
      throws Exception {
    Path file =
        WarcFixtures.bigWarc(
            dir.resolve(WarcFixtures.uniquePrefix() + "00001.warc"), 3 * SMALL_LIMIT);
    store(file);
    Path upload = Files.copy(file, dir.resolve(WarcFixtures.uniquePrefix() + "00002.warc"));

    // Through ArchiveAccess: the bitarchive PUTs the whole file to the transfer endpoint.
    HttpResponse<byte[]> fetched =
        HttpClient.newHttpClient()
            .send(
                asAdmin(
                        "/api/archive/files/"
                            + Api.segment(file.getFileName().toString())
                            + "/content?replica=TWO")
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    HttpResponse<String> refused = uploadOrNull(upload);

    assertThat(fetched.statusCode()).as(() -> new String(fetched.body())).isEqualTo(200);
    assertThat(fetched.body()).isEqualTo(Files.readAllBytes(file));
    if (refused != null) {
      assertThat(refused.statusCode()).as(refused.body()).isNotEqualTo(202).isGreaterThan(399);
    }
    HttpResponse<String> stored =
        ServerUnderTest.send(
            asAdmin("/api/archive/files/" + Api.segment(upload.getFileName().toString()))
                .GET()
                .build());
    assertThat(stored.statusCode()).as("the refused upload was not stored").isEqualTo(404);

    // localhost is no longer one of its names once NAS_PUBLIC_HOSTS names others
    HttpResponse<String> byOtherName =
        ServerUnderTest.send(
            ServerUnderTest.asUser(
                    ServerUnderTest.request("http://localhost:" + (8080 + OFFSET) + "/api/jobs"),
                    ServerUnderTest.ADMIN,
                    ServerUnderTest.adminPassword())
                .GET()
                .build());
    assertThat(byOtherName.statusCode()).as(byOtherName.body()).isEqualTo(400);
    assertThat(byOtherName.body()).contains("Host 'localhost:", "NAS_PUBLIC_HOSTS");
  }

  /** Stores the file through the server's broker, as an agent does; the confirmed SHA-512. */
  private static String store(Path file) throws Exception {
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
      return client.store(file);
    }
  }

  private static HttpRequest.Builder asAdmin(String path) {
    return ServerUnderTest.asUser(
        ServerUnderTest.request(HTTP + path),
        ServerUnderTest.ADMIN,
        ServerUnderTest.adminPassword());
  }

  /** A UI-style upload with PUT; null if the server broke the connection off while it was sent. */
  private static HttpResponse<String> uploadOrNull(Path file) throws Exception {
    try {
      return ServerUnderTest.send(
          asAdmin("/api/archive/files/" + Api.segment(file.getFileName().toString()))
              .header("Content-Type", "application/octet-stream")
              .header("X-Content-SHA512", ChecksumAlgorithm.SHA512.of(file))
              .PUT(HttpRequest.BodyPublishers.ofFile(file))
              .build());
    } catch (IOException e) {
      return null;
    }
  }

  /** ONE's directory on the central, TWO's and THREE's on the node. */
  private static Path bitarchive(String replica) {
    return (replica.equals("ONE") ? base : node.base())
        .resolve("data")
        .resolve("bitarchive")
        .resolve(replica);
  }
}
