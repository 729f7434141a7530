package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.channel.Channels;
import org.netpreserve.jwarc.WarcCompression;

/**
 * A bitarchive node (README-NODES.md): a central server with the replicas ONE and TWO of which only
 * ONE is held there ({@code NAS_REPLICAS_LOCAL=ONE}; offset 300, broker 61916), and a second
 * WildFly from the same provisioned server in role node ({@code NAS_ROLE=node}, {@code
 * NAS_REPLICAS_LOCAL=TWO}; offset 400), configured by configure-node.cli to deploy
 * netarchive-node.war on the central's broker, with no broker of its own. A file uploaded to the
 * central as an agent uploads it ends in both replicas with the SHA-512 the client sent: the node
 * took TWO's upload from {@code DEV_TWO_ANY_BA}, fetched the file from the central's transfer
 * endpoint over HTTP, and answered the checksum request that reached it through the central's copy
 * of {@code DEV_TWO_ALL_BA}; the central keeps no TWO directory. A get of TWO's copy through the
 * central's API goes through TWO's monitor on the central to the node and back. Its own two
 * servers, each with its own H2 database (database-neutral).
 */
@Tag("database-neutral")
class BitarchiveNodeIT {

  private static final int CENTRAL_OFFSET = 300;
  private static final int NODE_OFFSET = 400;
  private static final String BROKER = "tcp://127.0.0.1:" + (61616 + CENTRAL_OFFSET);
  private static final String HTTP = "http://127.0.0.1:" + (8080 + CENTRAL_OFFSET);

  private static ServerProcess central;
  private static ServerProcess node;

  @TempDir Path dir;

  @BeforeAll
  static void startCentralAndNode() throws Exception {
    central =
        ServerProcess.start(
            ServerProcess.freshBase("it-server-central"),
            CENTRAL_OFFSET,
            env -> {
              env.put("NAS_REPLICAS", "ONE,TWO");
              env.put("NAS_REPLICAS_LOCAL", "ONE");
              env.put("NAS_AGENT_PASSWORD", ServerUnderTest.agentPassword());
            });
    Path nodeBase = ServerProcess.freshBase("it-server-node");
    try (DirectoryStream<Path> deployments =
        Files.newDirectoryStream(nodeBase.resolve("deployments"), "netarchive.ear*")) {
      for (Path deployment : deployments) {
        Files.delete(deployment);
      }
    }
    Files.copy(
        Path.of(System.getProperty("it.node.war")),
        nodeBase.resolve("deployments").resolve("netarchive-node.war"));
    ServerProcess.configure(
        nodeBase,
        Path.of(System.getProperty("it.cli.dir")).resolve("configure-node.cli"),
        Map.of("nas.environment", ServerUnderTest.ENVIRONMENT, "nas.node.replica", "TWO"));
    node =
        ServerProcess.start(
            nodeBase,
            NODE_OFFSET,
            env -> {
              env.put("NAS_ROLE", "node");
              env.put("NAS_REPLICAS", "ONE,TWO");
              env.put("NAS_REPLICAS_LOCAL", "TWO");
              env.put("NAS_CENTRAL_HOST", "127.0.0.1");
              env.put("NAS_CENTRAL_BROKER_PORT", Integer.toString(61616 + CENTRAL_OFFSET));
              env.put("NAS_NODE_BROKER_PASSWORD", ServerUnderTest.agentPassword());
              // Every file reaches the node over HTTP, as on another host.
              env.remove("NAS_ARCHIVE_LOCAL_READ_DIRS");
              env.remove("NAS_AGENT_PASSWORD");
            });
  }

  @AfterAll
  static void stopServers() throws Exception {
    if (node != null) {
      node.close();
    }
    if (central != null) {
      central.close();
    }
  }

  @Test
  void givenTwoOnANode_whenAFileIsUploadedToTheCentral_thenInBothReplicasWithEqualChecksums()
      throws Exception {
    String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-node.warc.gz";
    Path file = ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 3, "node");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);

    assertThat(store(file)).as("the checksum both replicas confirmed").isEqualTo(sha512);

    Path one = bitarchive(central, "ONE").resolve("filedir").resolve(name);
    Path two = bitarchive(node, "TWO").resolve("filedir").resolve(name);
    assertThat(one).as("ONE's copy on the central").exists();
    assertThat(two).as("TWO's copy on the node").exists();
    assertThat(ChecksumAlgorithm.SHA512.of(one)).isEqualTo(sha512);
    assertThat(ChecksumAlgorithm.SHA512.of(two)).isEqualTo(sha512);
    assertThat(bitarchive(central, "TWO")).as("no bitarchive of TWO on the central").doesNotExist();
    assertThat(bitarchive(node, "ONE")).as("no bitarchive of ONE on the node").doesNotExist();
    assertThat(node.logText())
        .contains("Bitarchive node of the replicas [TWO] (of [ONE, TWO]) started");

    // A get of TWO's copy: central API -> TWO's monitor -> the node's request queue -> the node
    // delivers the file to the central's transfer endpoint.
    HttpResponse<byte[]> fetched =
        HttpClient.newHttpClient()
            .send(
                ServerUnderTest.asUser(
                        ServerUnderTest.request(
                            HTTP
                                + "/api/archive/files/"
                                + Api.segment(name)
                                + "/content?replica=TWO"),
                        ServerUnderTest.ADMIN,
                        ServerUnderTest.adminPassword())
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertThat(fetched.statusCode()).as(() -> new String(fetched.body())).isEqualTo(200);
    assertThat(fetched.body()).isEqualTo(Files.readAllBytes(file));
  }

  /** Uploads the file to the central and stores it through its broker, as an agent does. */
  private static String store(Path file) throws Exception {
    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(BROKER)) {
      ArchiveClient client =
          new ArchiveClient(
              factory,
              ServerUnderTest.AGENT,
              ServerUnderTest.agentPassword(),
              Channels.forEnvironment(ServerUnderTest.ENVIRONMENT),
              new ServerUploads(
                  URI.create(HTTP), ServerUnderTest.AGENT, ServerUnderTest.agentPassword()),
              Duration.ofSeconds(60),
              0);
      return client.store(file);
    }
  }

  private static Path bitarchive(ServerProcess server, String replica) {
    return server.base().resolve("data").resolve("bitarchive").resolve(replica);
  }
}
