package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.Delivery;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.common.archive.RemoteFiles;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.RemoteFileRef;

class RemoteFilesTest {

  @TempDir Path dir;

  private FileServer server;
  private final RemoteFiles remoteFiles = new RemoteFiles();

  @BeforeEach
  void start() throws IOException {
    server = FileServer.startOnLoopback();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Path file(int size) throws IOException {
    byte[] bytes = new byte[size];
    new Random(size).nextBytes(bytes);
    return Files.write(dir.resolve("f" + size + ".warc"), bytes);
  }

  /** The same offer without the local path, so the receiver must use HTTP. */
  private static RemoteFileRef overHttp(RemoteFileRef ref, String token) {
    return new RemoteFileRef(ref.uri(), ref.size(), ref.sha512(), token, null, null);
  }

  private byte[] fetch(RemoteFileRef ref) throws IOException {
    try (InputStream in = remoteFiles.open(ref)) {
      return in.readAllBytes();
    }
  }

  @Test
  void givenOfferedFile_whenFetchedOverHttpWithItsToken_thenSameBytesAndChecksum()
      throws IOException {
    Path file = file(3_000_000);

    RemoteFileRef ref = server.offer(file);

    assertThat(ref.uri()).startsWith("http://127.0.0.1:");
    assertThat(ref.size()).isEqualTo(3_000_000);
    assertThat(ref.sha512()).isEqualTo(ChecksumAlgorithm.SHA512.of(file));
    assertThat(fetch(overHttp(ref, ref.token()))).isEqualTo(Files.readAllBytes(file));
  }

  @Test
  void givenEmptyFile_whenFetched_thenEmpty() throws IOException {
    RemoteFileRef ref = server.offer(file(0));

    assertThat(fetch(overHttp(ref, ref.token()))).isEmpty();
  }

  @Test
  void givenWrongOrMissingToken_whenFetching_thenRefusedWith404() throws IOException {
    RemoteFileRef ref = server.offer(file(100));

    assertThatThrownBy(() -> fetch(overHttp(ref, "not-the-token")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Cannot fetch " + ref.uri() + ": HTTP status 404");
    assertThatThrownBy(() -> fetch(overHttp(ref, null))).hasMessageContaining("HTTP status 404");
  }

  @Test
  void givenWithdrawnOffer_whenFetching_thenRefused() throws IOException {
    RemoteFileRef ref = server.offer(file(100));

    server.withdraw(ref);

    assertThatThrownBy(() -> fetch(overHttp(ref, ref.token())))
        .hasMessageContaining("HTTP status 404");
  }

  @Test
  void givenStoppedServer_whenFetching_thenErrorNamesTheUri() throws IOException {
    RemoteFileRef ref = server.offer(file(100));
    server.close();

    assertThatThrownBy(() -> fetch(overHttp(ref, ref.token())))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("Cannot fetch " + ref.uri());
  }

  @Test
  void
      givenOfferOnThisMachineUnderALocalReadDirectory_whenFetched_thenReadFromItsPathWithoutServer()
          throws IOException {
    Path file = file(1000);
    RemoteFileRef ref = server.offer(file);
    server.close();

    try (InputStream in = new RemoteFiles(List.of(dir)).open(ref)) {
      assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(file));
    }
  }

  @Test
  void givenNoLocalReadDirectories_whenOfferOnThisMachineFetched_thenOverHttpNotFromThePath()
      throws IOException {
    Path file = file(1000);
    RemoteFileRef ref = server.offer(file);

    assertThat(fetch(ref)).isEqualTo(Files.readAllBytes(file));
    server.close();
    assertThatThrownBy(() -> fetch(ref)).hasMessageStartingWith("Cannot fetch " + ref.uri());
  }

  @Test
  void givenOfferedPathOutsideTheLocalReadDirectories_whenFetched_thenRefusedNamingThePath(
      @TempDir Path elsewhere) throws IOException {
    Path allowed = Files.createDirectory(dir.resolve("allowed"));
    Path secret = Files.writeString(elsewhere.resolve("secret.warc"), "not for the archive");
    RemoteFileRef forged =
        new RemoteFileRef(
            server.offer(file(10)).uri(),
            Files.size(secret),
            "0".repeat(128),
            "token",
            secret.toString(),
            RemoteFiles.localHostName());
    RemoteFiles receiver = new RemoteFiles(List.of(allowed));

    assertThatThrownBy(() -> receiver.open(forged))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Refused to read the offered local path '"
                + secret
                + "' directly: it is not under the directories for local reads ["
                + allowed.toRealPath()
                + "]");
  }

  @Test
  void givenPathThatLeavesTheLocalReadDirectory_whenFetched_thenRefused(@TempDir Path elsewhere)
      throws IOException {
    Path allowed = Files.createDirectory(dir.resolve("allowed"));
    Path secret = Files.writeString(elsewhere.resolve("secret.warc"), "not for the archive");
    Path link = Files.createSymbolicLink(allowed.resolve("link.warc"), secret);
    RemoteFiles receiver = new RemoteFiles(List.of(allowed));

    for (String path : List.of(link.toString(), allowed + "/../" + dir.relativize(secret))) {
      RemoteFileRef forged =
          new RemoteFileRef(
              "http://127.0.0.1:1/x",
              Files.size(secret),
              "0".repeat(128),
              "token",
              path,
              RemoteFiles.localHostName());
      assertThatThrownBy(() -> receiver.open(forged))
          .as(path)
          .hasMessageStartingWith("Refused to read the offered local path '" + path + "'");
    }
  }

  @Test
  void givenRelativeLocalReadDirectory_whenCreated_thenRefusedNamingIt() {
    assertThatThrownBy(() -> new RemoteFiles(List.of(Path.of("files"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A directory for local reads must be absolute, got 'files'");
  }

  @Test
  void givenDirectory_whenOffered_thenRefused() {
    assertThatThrownBy(() -> server.offer(dir))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a regular file");
  }

  @Test
  void givenExpectedDelivery_whenARangeIsDelivered_thenItArrivesVerified() throws IOException {
    Path source = file(500_000);
    Path target = dir.resolve("delivered");
    Delivery delivery = server.expect(target);

    String sha512 = remoteFiles.deliver(delivery.target(), source, 1000, 200_000);

    byte[] expected = Arrays.copyOfRange(Files.readAllBytes(source), 1000, 201_000);
    assertThat(Files.readAllBytes(target)).isEqualTo(expected);
    assertThat(delivery.sha512()).isEqualTo(sha512);
    assertThat(sha512)
        .isEqualTo(ChecksumAlgorithm.SHA512.of(new java.io.ByteArrayInputStream(expected)));
    assertThat(delivery.size()).isEqualTo(200_000);
  }

  @Test
  void givenDeliveryWithWrongChecksum_whenReceived_thenRefusedAndNothingLeft() throws Exception {
    Path target = dir.resolve("delivered");
    Delivery delivery = server.expect(target);
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(delivery.target().uri()))
                    .header("Authorization", "Bearer " + delivery.target().token())
                    .header(FileServer.SHA512_HEADER, "0".repeat(128))
                    .header(FileServer.LENGTH_HEADER, "5")
                    .PUT(HttpRequest.BodyPublishers.ofString("hello"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("arrived with SHA-512");
    assertThat(delivery.sha512()).isNull();
    assertThat(delivery.failure()).contains("arrived with SHA-512");
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("delivered"));
    }
  }

  @Test
  void givenWrongToken_whenDelivering_thenRefused() throws IOException {
    Path source = file(10);
    Delivery delivery = server.expect(dir.resolve("delivered"));
    org.netarchive.ee.common.message.DeliveryTarget forged =
        new org.netarchive.ee.common.message.DeliveryTarget(delivery.target().uri(), "forged");

    assertThatThrownBy(() -> remoteFiles.deliver(forged, source, 0, 10))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("refused with HTTP status 404");
    assertThat(dir.resolve("delivered")).doesNotExist();
  }

  @Test
  void givenBodyLongerThanAnnounced_whenReceived_thenRefusedAndNothingLeft() throws IOException {
    Path target = dir.resolve("delivered");
    Delivery delivery = new Delivery(target, new DeliveryTarget("http://127.0.0.1/d/1", "secret"));

    String problem =
        delivery.receive(
            new java.io.ByteArrayInputStream(new byte[3 << 20]), "10", "0".repeat(128));

    assertThat(problem).isEqualTo("arrived with more than the 10 bytes announced");
    assertThat(delivery.sha512()).isNull();
    try (var left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void givenForgottenDelivery_whenDelivering_thenRefused() throws IOException {
    Path source = file(10);
    Delivery delivery = server.expect(dir.resolve("delivered"));
    server.forget(delivery);

    assertThatThrownBy(() -> remoteFiles.deliver(delivery.target(), source, 0, 10))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("refused with HTTP status 404");
    assertThat(dir.resolve("delivered")).doesNotExist();
  }

  @Test
  void givenExistingFile_whenExpectingADeliveryIntoIt_thenRefused() throws IOException {
    Path existing = file(10);

    assertThatThrownBy(() -> server.expect(existing))
        .isInstanceOf(FileAlreadyExistsException.class);
  }
}
