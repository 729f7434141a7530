package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.ServerUnderTest.HTTP;
import static org.netarchive.ee.it.ServerUnderTest.management;
import static org.netarchive.ee.it.ServerUnderTest.request;
import static org.netarchive.ee.it.ServerUnderTest.send;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/**
 * The application's transfer endpoint ({@code /api/transfers}), through which the bitarchives fetch
 * what the admin UI and repairs store and deliver what they fetch: it answers only requests with
 * the transfer's own bearer token (everything else gets the same 404, never a login prompt), is not
 * part of the public API document, and takes a delivery larger than the listener's request limit
 * for the UI while a UI upload of the same size is still refused. Deliveries with a valid token but
 * a wrong length or checksum are refused by the same code the unit tests (TransfersResourceTest)
 * exercise.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TransfersIT {

  /** The listener's request limit while the large delivery is tried: below the file's size. */
  private static final long SMALL_LIMIT = 1 << 20;

  private static final ModelNode LISTENER = new ModelNode();

  static {
    LISTENER.add("subsystem", "undertow");
    LISTENER.add("server", "default-server");
    LISTENER.add("http-listener", "default");
  }

  @TempDir Path dir;

  @Test
  void givenUnknownIdOrWrongToken_whenTransferring_then404WithoutALoginPrompt() throws Exception {
    HttpResponse<String> delivery =
        send(
            request(HTTP + "/api/transfers/deliveries/no-such-delivery")
                .header("Authorization", "Bearer forged")
                .header("X-Content-Length", "5")
                .header("X-Content-SHA512", "0".repeat(128))
                .PUT(HttpRequest.BodyPublishers.ofString("hello"))
                .build());
    HttpResponse<String> anonymous =
        send(
            request(HTTP + "/api/transfers/deliveries/no-such-delivery")
                .PUT(HttpRequest.BodyPublishers.ofString("hello"))
                .build());
    HttpResponse<String> offer =
        send(
            request(HTTP + "/api/transfers/offers/no-such-offer")
                .header("Authorization", "Bearer forged")
                .GET()
                .build());
    HttpResponse<String> basic =
        send(
            ServerUnderTest.asUser(
                    request(HTTP + "/api/transfers/offers/no-such-offer"),
                    ServerUnderTest.ADMIN,
                    ServerUnderTest.adminPassword())
                .GET()
                .build());

    assertThat(delivery.statusCode()).isEqualTo(404);
    assertThat(delivery.body()).isEqualTo("No such transfer, or not authorised");
    assertThat(anonymous.statusCode()).isEqualTo(404);
    assertThat(offer.statusCode()).isEqualTo(404);
    assertThat(basic.statusCode()).as("an account's password is no transfer token").isEqualTo(404);
  }

  @Test
  void givenTheApiDocument_whenReadingItsPaths_thenTheTransfersAreNotInIt() throws Exception {
    HttpResponse<String> response = send(request(HTTP + "/openapi?format=JSON").GET().build());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(
            jakarta.json.Json.createReader(new StringReader(response.body()))
                .readObject()
                .getJsonObject("paths")
                .keySet())
        .isNotEmpty()
        .noneMatch(path -> path.startsWith("/api/transfers"));
  }

  @Test
  void givenListenerLimitBelowAFile_whenTheUiFetchesIt_thenDeliveredWhileAnUploadIsRefused()
      throws Exception {
    Path file = bigWarc(dir.resolve(WarcFixtures.uniquePrefix() + "00001.warc"), 3 << 20);
    String name = file.getFileName().toString();
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      ArchiveClient client = fixtures.client(0);
      client.store(file);
    }
    Path upload = Files.copy(file, dir.resolve(WarcFixtures.uniquePrefix() + "00002.warc"));
    ModelNode configured = readLimit();
    Api admin = Api.admin();
    try {
      writeLimit(new ModelNode(SMALL_LIMIT));

      // Through ArchiveAccess: the bitarchive PUTs the whole file to the transfer endpoint.
      HttpResponse<byte[]> fetched =
          admin.getBytes("/api/archive/files/" + Api.segment(name) + "/content?replica=TWO");
      HttpResponse<String> refused = uploadOrNull(admin, upload);

      assertThat(fetched.statusCode()).as(() -> new String(fetched.body())).isEqualTo(200);
      assertThat(fetched.body()).isEqualTo(Files.readAllBytes(file));
      if (refused != null) {
        assertThat(refused.statusCode()).as(refused.body()).isNotEqualTo(202).isGreaterThan(399);
      }
      assertThat(admin.get("/api/archive/files/" + Api.segment(upload.getFileName().toString())))
          .extracting(HttpResponse::statusCode)
          .isEqualTo(404);
    } finally {
      writeLimit(configured);
    }
  }

  /** A WARC of one response whose body has the given number of random bytes. */
  private static Path bigWarc(Path file, int bodySize) throws IOException {
    byte[] body = new byte[bodySize];
    new Random(42).nextBytes(body);
    byte[] head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n".getBytes();
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

  /** A UI-style upload with PUT; null if the server broke the connection off while it was sent. */
  private static HttpResponse<String> uploadOrNull(Api admin, Path file) throws Exception {
    try {
      return ServerUnderTest.send(
          admin
              .requestFor("/api/archive/files/" + Api.segment(file.getFileName().toString()))
              .header("Content-Type", "application/octet-stream")
              .header("X-Content-SHA512", ChecksumAlgorithm.SHA512.of(file))
              .PUT(HttpRequest.BodyPublishers.ofFile(file))
              .build());
    } catch (IOException e) {
      return null;
    }
  }

  private static ModelNode readLimit() throws IOException {
    ModelNode op = new ModelNode();
    op.get("operation").set("read-attribute");
    op.get("address").set(LISTENER);
    op.get("name").set("max-post-size");
    op.get("resolve-expressions").set(false);
    ModelNode result = management(op);
    assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
    return result.get("result");
  }

  /** Sets the listener's limit, reloading the server if that is what it takes. */
  private static void writeLimit(ModelNode value) throws Exception {
    ModelNode op = new ModelNode();
    op.get("operation").set("write-attribute");
    op.get("address").set(LISTENER);
    op.get("name").set("max-post-size");
    op.get("value").set(value);
    ModelNode result = management(op);
    assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
    if (!result.get("response-headers", "operation-requires-reload").asBoolean(false)) {
      return;
    }
    ModelNode reload = new ModelNode();
    reload.get("operation").set("reload");
    reload.get("address").setEmptyList();
    management(reload);
    await()
        .atMost(Duration.ofSeconds(180))
        .pollInterval(Duration.ofMillis(500))
        .ignoreExceptions()
        .until(
            () -> {
              ModelNode state = new ModelNode();
              state.get("operation").set("read-attribute");
              state.get("address").setEmptyList();
              state.get("name").set("server-state");
              return management(state).get("result").asString().equals("running")
                  && send(ServerUnderTest.asUser(
                                  request(HTTP + "/api/jobs/overview"),
                                  ServerUnderTest.ADMIN,
                                  ServerUnderTest.adminPassword())
                              .build())
                          .statusCode()
                      == 200;
            });
  }
}
