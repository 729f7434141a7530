package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.common.archive.RemoteFiles;
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
  void givenOfferOnThisMachine_whenFetched_thenReadFromItsPathEvenWithoutTheServer()
      throws IOException {
    Path file = file(1000);
    RemoteFileRef ref = server.offer(file);
    server.close();

    assertThat(fetch(ref)).isEqualTo(Files.readAllBytes(file));
  }

  @Test
  void givenDirectory_whenOffered_thenRefused() {
    assertThatThrownBy(() -> server.offer(dir))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a regular file");
  }
}
