package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiFunction;
import java.util.function.Function;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.archive.TlsTrust;
import org.netarchive.ee.common.message.RemoteFileRef;

/** The agent's uploads against a stand-in server on loopback that records what arrives. */
class ServerUploadsTest {

  private static final String NAME = "1-1-20261126000000000-00000-x.warc";

  @TempDir Path dir;

  private HttpServer server;
  private final CountDownLatch released = new CountDownLatch(1);
  private final Map<String, String> received = new ConcurrentHashMap<>();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  /** A server answering every upload with what {@code answer} makes of the received body. */
  private URI serve(Function<byte[], String[]> answer) throws IOException {
    return serve(answer, false);
  }

  /**
   * The same over TLS when {@code tls}, with the test-only key of {@code tls/server.p12} (a
   * self-signed certificate for 127.0.0.1, also in {@code tls/server.pem}).
   */
  private URI serve(Function<byte[], String[]> answer, boolean tls) throws IOException {
    return serve((method, body) -> answer.apply(body), tls);
  }

  /** A server answering each request with what {@code answer} makes of its method and body. */
  private URI serve(BiFunction<String, byte[], String[]> answer, boolean tls) throws IOException {
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    if (tls) {
      HttpsServer https = HttpsServer.create(loopback, 4);
      https.setHttpsConfigurator(new HttpsConfigurator(serverContext()));
      server = https;
    } else {
      server = HttpServer.create(loopback, 4);
    }
    server.createContext(
        ServerUploads.PATH,
        (HttpExchange exchange) -> {
          try (exchange;
              InputStream body = exchange.getRequestBody()) {
            byte[] bytes = body.readAllBytes();
            received.put("method", exchange.getRequestMethod());
            received.put("path", exchange.getRequestURI().getRawPath());
            received.put("authorization", exchange.getRequestHeaders().getFirst("Authorization"));
            received.put(
                "length",
                String.valueOf(exchange.getRequestHeaders().getFirst("X-Content-Length")));
            received.put(
                "sha512",
                String.valueOf(exchange.getRequestHeaders().getFirst("X-Content-SHA512")));
            received.put(
                "encoding",
                String.valueOf(exchange.getRequestHeaders().getFirst("Transfer-Encoding")));
            received.put("body", new String(bytes, StandardCharsets.UTF_8));
            received.put("from", exchange.getRemoteAddress().getAddress().getHostAddress());
            requests.add(
                exchange.getRequestMethod()
                    + " "
                    + exchange.getRequestURI().getRawPath()
                    + " sha512="
                    + exchange.getRequestHeaders().getFirst("X-Content-SHA512")
                    + " body="
                    + new String(bytes, StandardCharsets.UTF_8));
            String[] reply = answer.apply(exchange.getRequestMethod(), bytes);
            byte[] text = reply[1].getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(Integer.parseInt(reply[0]), text.length);
            exchange.getResponseBody().write(text);
          }
        });
    server.start();
    return URI.create((tls ? "https" : "http") + "://127.0.0.1:" + server.getAddress().getPort());
  }

  private static SSLContext serverContext() throws IOException {
    try (InputStream in = ServerUploadsTest.class.getResourceAsStream("/tls/server.p12")) {
      char[] password = "test-only".toCharArray();
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
      KeyManagerFactory keys =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(store, password);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys.getKeyManagers(), null, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IOException(e);
    }
  }

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(ServerUploadsTest.class.getResource(name).toURI());
  }

  private Function<byte[], String[]> offerFor(String sha512) {
    return body ->
        new String[] {
          "201",
          "{\"uri\":\"https://127.0.0.1:1/api/transfers/offers/abc\",\"size\":"
              + body.length
              + ",\"sha512\":\""
              + sha512
              + "\",\"token\":\"t0k\"}"
        };
  }

  @Test
  void givenAnHttpsServerWhoseCertificateTheAgentTrusts_whenOffered_thenUploadedOverTls()
      throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC/1.1 over TLS");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    URI root = serve(offerFor(sha512), true);
    SSLContext trusting = TlsTrust.trusting("setting", resource("/tls/server.pem"));

    RemoteFileRef offer =
        new ServerUploads(root, "agent", "pw", Optional.of(trusting)).offer(file, sha512);

    assertThat(offer.token()).isEqualTo("t0k");
    assertThat(received).containsEntry("body", "WARC/1.1 over TLS");
  }

  @Test
  void givenAnHttpsServerWhoseCertificateTheAgentDoesNotTrust_whenOffered_thenRefusedSayingSo()
      throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    URI root = serve(offerFor(sha512), true);
    SSLContext otherCa = TlsTrust.trusting("setting", resource("/tls/other-ca.pem"));
    String server = root.toString();

    for (ServerUploads uploads :
        List.of(
            new ServerUploads(root, "agent", "pw", Optional.of(otherCa)),
            new ServerUploads(root, "agent", "pw"))) {
      assertThatThrownBy(() -> uploads.offer(file, sha512))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("Cannot upload '" + NAME + "'")
          .hasMessageContaining("The server at " + server + " presented a TLS certificate")
          .hasMessageContaining("the certificate is not trusted")
          .hasMessageContaining(ServerUploads.TRUSTED_CERTIFICATES);
    }
    assertThat(received).doesNotContainKey("body");
  }

  @Test
  void givenAFileWithoutCertificates_whenTrusted_thenRefusedNamingTheSettingAndTheFile()
      throws Exception {
    Path notPem = Files.writeString(dir.resolve("ca.pem"), "not a certificate");
    Path missing = dir.resolve("missing.pem");

    assertThatThrownBy(() -> TlsTrust.trusting("archive.server.trustedCertificates", notPem))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("archive.server.trustedCertificates = '" + notPem + "'");
    assertThatThrownBy(() -> TlsTrust.trusting("archive.server.trustedCertificates", missing))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "archive.server.trustedCertificates = '"
                + missing
                + "' is not a readable file (the trusted CA certificates, PEM)");
  }

  @AfterEach
  void stop() {
    released.countDown();
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void givenAFile_whenOffered_thenStreamedChunkedWithItsHeadersAsTheAgent_andTheServersOfferKept()
      throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC/1.1 bytes");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    URI root =
        serve(
            body ->
                new String[] {
                  "201",
                  "{\"uri\":\"http://127.0.0.1:1/api/transfers/offers/abc\",\"size\":"
                      + body.length
                      + ",\"sha512\":\""
                      + sha512
                      + "\",\"token\":\"t0k\"}"
                });

    RemoteFileRef offer =
        new ServerUploads(ServerUploads.serverRoot("setting", root + "/"), "agent", "pw")
            .offer(file, sha512);

    assertThat(offer.uri()).isEqualTo("http://127.0.0.1:1/api/transfers/offers/abc");
    assertThat(offer.token()).isEqualTo("t0k");
    assertThat(offer.size()).isEqualTo(14);
    assertThat(offer.localPath()).isNull();
    assertThat(received)
        .containsEntry("method", "PUT")
        .containsEntry("path", ServerUploads.PATH + NAME)
        .containsEntry(
            "authorization",
            "Basic "
                + Base64.getEncoder().encodeToString("agent:pw".getBytes(StandardCharsets.UTF_8)))
        .containsEntry("length", "14")
        .containsEntry("sha512", sha512)
        .containsEntry("encoding", "chunked")
        .containsEntry("body", "WARC/1.1 bytes");
  }

  @Test
  void givenASourceAddress_whenOffered_thenTheUploadComesFromIt() throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC/1.1 bytes");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    URI root = serve(offerFor(sha512));

    new ServerUploads(
            root,
            "agent",
            "pw",
            Optional.empty(),
            ServerUploads.DEFAULT_MIN_BYTES_PER_SECOND,
            ServerUploads.UPLOAD_GRACE,
            InetAddress.getByName("127.0.0.2"))
        .offer(file, sha512);
    assertThat(received).containsEntry("from", "127.0.0.2");

    new ServerUploads(root, "agent", "pw").offer(file, sha512);
    assertThat(received).containsEntry("from", "127.0.0.1");
  }

  @Test
  void givenARefusal_whenOffered_thenAnIOExceptionNamingTheFileTheStatusAndTheReason()
      throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC");
    URI root = serve(body -> new String[] {"422", "Upload of '" + NAME + "' arrived with ..."});

    assertThatThrownBy(
            () ->
                new ServerUploads(root, "agent", "pw")
                    .offer(file, ChecksumAlgorithm.SHA512.of(file)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("The server refused the upload of '" + NAME + "'")
        .hasMessageContaining("(422)")
        .hasMessageContaining("arrived with");
  }

  @Test
  void givenAnOfferOfOtherBytes_whenOffered_thenRefused() throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC");
    URI root =
        serve(
            body ->
                new String[] {
                  "201",
                  "{\"uri\":\"http://h/o\",\"size\":3,\"sha512\":\""
                      + "a".repeat(128)
                      + "\",\"token\":\"t\"}"
                });

    assertThatThrownBy(
            () ->
                new ServerUploads(root, "agent", "pw")
                    .offer(file, ChecksumAlgorithm.SHA512.of(file)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("staged '" + NAME + "' with 3 bytes");
  }

  @Test
  void givenBadServerAddresses_whenRead_thenRefusedNamingTheSettingAndTheValue() {
    assertThat(ServerUploads.serverRoot("s", " https://archive.example.org:8443// "))
        .hasToString("https://archive.example.org:8443");
    assertThatThrownBy(
            () -> new ServerUploads(URI.create("https://archive.example.org/"), "agent", "pw"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not end with '/'");
    assertThatThrownBy(() -> ServerUploads.serverRoot("archive.server.url", ""))
        .hasMessageContaining("archive.server.url is not set");
    for (String bad :
        new String[] {"archive.example.org:8080", "ftp://h/", "http://u:p@h/", "http://"}) {
      assertThatThrownBy(() -> ServerUploads.serverRoot("archive.server.url", bad))
          .as(bad)
          .hasMessageContaining("archive.server.url = '" + bad + "' is not valid");
    }
  }

  @Test
  void givenAServerThatStopsReadingMidBody_whenOffered_thenAbandonedInTimeNamingTheFileAndUrl()
      throws Exception {
    // More than loopback's socket buffers hold, so that the sender blocks.
    Path file = dir.resolve(NAME);
    try (var out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW)) {
      byte[] block = new byte[1 << 20];
      for (int i = 0; i < 64; i++) {
        out.write(block);
      }
    }
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
    server.createContext(
        ServerUploads.PATH,
        (HttpExchange exchange) -> {
          exchange.getRequestBody().readNBytes(1024);
          try {
            released.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.close();
        });
    server.start();
    URI root = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    // 1 s + 64 MiB at 64 MiB/s: 2 s.
    ServerUploads uploads =
        new ServerUploads(
            root, "agent", "pw", Optional.empty(), 64L << 20, Duration.ofSeconds(1), null);
    String sha512 = ChecksumAlgorithm.SHA512.of(file);

    assertThat(ServerUploads.uploadTimeout(64L << 20, 64L << 20, Duration.ofSeconds(1)))
        .isEqualTo(Duration.ofSeconds(2));
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () ->
            assertThatThrownBy(() -> uploads.offer(file, sha512))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("The upload of '" + NAME + "'")
                .hasMessageContaining("to " + root + ServerUploads.PATH + NAME)
                .hasMessageContaining("did not finish within 2 s"));
  }

  @Test
  void givenTheDefaults_whenTimed_thenAGigabyteHasAboutSeventeenMinutesPlusTheGrace() {
    assertThat(
            ServerUploads.uploadTimeout(
                1_000_000_000L,
                ServerUploads.DEFAULT_MIN_BYTES_PER_SECOND,
                ServerUploads.UPLOAD_GRACE))
        .isEqualTo(Duration.ofSeconds(1060));
    assertThat(ServerUploads.uploadTimeout(1, 1000, Duration.ofSeconds(60)))
        .isEqualTo(Duration.ofSeconds(61));
  }

  @Test
  void
      givenAFileOfUnknownChecksum_whenOffered_thenHashedWhileSent_andTheServerStagesOnConfirmation()
          throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC/1.1 bytes");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    URI root =
        serve(
            (method, body) ->
                method.equals("PUT")
                    ? new String[] {"202", "{\"id\":\"r 1\",\"size\":" + body.length + "}"}
                    : offerFor(sha512).apply(new byte[14]),
            false);

    RemoteFileRef offer = new ServerUploads(root, "agent", "pw").offer(file);

    assertThat(offer.sha512()).isEqualTo(sha512);
    assertThat(offer.token()).isEqualTo("t0k");
    assertThat(requests)
        .containsExactly(
            "PUT " + ServerUploads.PATH + NAME + " sha512=null body=WARC/1.1 bytes",
            "POST " + ServerUploads.PATH + NAME + "/received/r%201 sha512=" + sha512 + " body=");
  }

  @Test
  void givenAConfirmationTheServerRefuses_whenOffered_thenAnIOExceptionNamingTheFileAndReason()
      throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC");
    URI root =
        serve(
            (method, body) ->
                method.equals("PUT")
                    ? new String[] {"202", "{\"id\":\"r1\",\"size\":4}"}
                    : new String[] {"409", "Another file named '" + NAME + "' is being stored"},
            false);

    assertThatThrownBy(() -> new ServerUploads(root, "agent", "pw").offer(file))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("The server refused the upload of '" + NAME + "'")
        .hasMessageContaining("(409)")
        .hasMessageContaining("is being stored");
  }

  @Test
  void givenAServerThatStagesAtOnce_whenOfferedWithoutChecksum_thenRefusedSayingNoReceivedUpload()
      throws Exception {
    Path file = Files.writeString(dir.resolve(NAME), "WARC");
    URI root = serve((method, body) -> new String[] {"202", "{\"size\":4}"}, false);

    assertThatThrownBy(() -> new ServerUploads(root, "agent", "pw").offer(file))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("names no received upload");
  }
}
