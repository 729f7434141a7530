package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
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
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/**
 * Three replicas are configuration: the provisioned server, started as the run command starts it
 * but with {@code NAS_REPLICAS=ONE,TWO,THREE} and THREE checksum-only ({@code
 * NAS_BITARCHIVE_THREE_CHECKSUM_ONLY=true}), on a base directory and ports of its own (offset 300:
 * broker 61916), its own H2 database. A stored file is in ONE and TWO with the SHA-512 the client
 * sent, and THREE keeps that checksum: the store is confirmed only when every replica has reported
 * it. Database-neutral: nothing here depends on the database kind.
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
  private static final String BROKER = "tcp://127.0.0.1:" + (61616 + OFFSET);
  private static final String HTTP = "http://127.0.0.1:" + (8080 + OFFSET);

  /** The server's HTTP request limit: below the size of the file fetched whole. */
  private static final int SMALL_LIMIT = 1 << 20;

  private static Path base;
  private static ServerProcess server;

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
              environment.put("NAS_BITARCHIVE_THREE_CHECKSUM_ONLY", "true");
              environment.put("NAS_AGENT_PASSWORD", ServerUnderTest.agentPassword());
              environment.put("NAS_MAX_UPLOAD_BYTES", Integer.toString(SMALL_LIMIT));
              environment.put("NAS_PUBLIC_HOSTS", "archive.example.org");
            });
  }

  @AfterAll
  static void stopServer() throws Exception {
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
  }

  @Test
  void givenAListenerLimitBelowAFile_whenTheUiFetchesIt_thenDeliveredWhileAnUploadIsRefused()
      throws Exception {
    Path file = bigWarc(dir.resolve(WarcFixtures.uniquePrefix() + "00001.warc"), 3 * SMALL_LIMIT);
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

  /** A WARC of one response whose body has the given number of random bytes. */
  private static Path bigWarc(Path file, int bodySize) throws IOException {
    byte[] body = new byte[bodySize];
    new Random(42).nextBytes(body);
    byte[] head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    byte[] http = new byte[head.length + body.length];
    System.arraycopy(head, 0, http, 0, head.length);
    System.arraycopy(body, 0, http, head.length, body.length);
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            WarcCompression.NONE)) {
      writer.write(
          new WarcResponse.Builder(URI.create("http://kb.dk/transfers/big"))
              .date(Instant.parse("2025-01-31T12:00:00Z"))
              .body(MediaType.HTTP_RESPONSE, http)
              .build());
    }
    return file;
  }

  private static Path bitarchive(String replica) {
    return base.resolve("data").resolve("bitarchive").resolve(replica);
  }
}
