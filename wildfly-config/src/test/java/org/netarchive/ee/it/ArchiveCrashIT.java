package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

/**
 * A crash of the server (SIGKILL) while a large file is being written into the replicas: the
 * client's file is kept, no replica shows a partial file under the file's name (what was being
 * written is removed at start-up), and the store, asked again as a client does after a failure,
 * completes with both copies intact. The restarted server serves the test classes after this one.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ArchiveCrashIT {

  private static final long SIZE = 1L << 30;

  @TempDir Path dir;

  @Test
  void givenStoreInProgress_whenServerKilled_thenNoPartialFileAndTheStoreCompletesAfterRestart()
      throws Exception {
    String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-crash.warc";
    Path file = bigFile(dir.resolve(name));
    String sha512 = ChecksumAlgorithm.SHA512.of(file);

    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      ArchiveClient client = fixtures.client(0);
      CompletableFuture<Void> first =
          CompletableFuture.runAsync(
              () -> {
                try {
                  client.storeAndDelete(file);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });

      // In the middle: a replica is writing the file under a temporary name.
      await("a replica starts writing")
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(20))
          .until(
              () -> {
                assertThat(first).as("the store is still running").isNotDone();
                return !partials().isEmpty();
              });
      assertThat(file).exists();

      ServerUnderTest.crashAndRestart();

      assertThat(file).as("the client's file is kept while the store is not confirmed").exists();
      for (String replica : List.of("ONE", "TWO")) {
        Path copy = ArchiveFixtures.archived(replica, name);
        if (Files.exists(copy)) {
          assertThat(ChecksumAlgorithm.SHA512.of(copy))
              .as("a copy visible under its name in replica " + replica + " is complete")
              .isEqualTo(sha512);
        }
      }
      assertThat(partials()).as("temporary files removed at start-up").isEmpty();

      // The first attempt ends without OK (its connection died with the broker); the file stays.
      try {
        first.get(180, TimeUnit.SECONDS);
      } catch (java.util.concurrent.ExecutionException expected) {
        assertThat(expected.getCause()).isInstanceOf(java.io.UncheckedIOException.class);
      }
      assertThat(file).as("kept after a store without OK").exists();
    }

    // A client asks again: the store completes.
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      fixtures.client(2).storeAndDelete(file);
    }
    assertThat(file).doesNotExist();
    for (String replica : List.of("ONE", "TWO")) {
      assertThat(ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived(replica, name)))
          .as("replica " + replica)
          .isEqualTo(sha512);
    }
    assertThat(partials()).isEmpty();
  }

  /** A large file: a unique first line, then zeros. */
  private static Path bigFile(Path file) throws IOException {
    byte[] zeros = new byte[1 << 20];
    try (OutputStream out = Files.newOutputStream(file)) {
      byte[] head = (UUID.randomUUID() + "\n").getBytes(StandardCharsets.US_ASCII);
      out.write(head);
      long left = SIZE - head.length;
      while (left > 0) {
        int n = (int) Math.min(zeros.length, left);
        out.write(zeros, 0, n);
        left -= n;
      }
    }
    return file;
  }

  /** The replicas' temporary files: uploads being written. */
  private static List<Path> partials() throws IOException {
    List<Path> found = new ArrayList<>();
    for (String replica : List.of("ONE", "TWO")) {
      Path temp = ArchiveFixtures.bitarchive(replica).resolve("tempdir");
      if (Files.isDirectory(temp)) {
        try (Stream<Path> files = Files.list(temp)) {
          found.addAll(files.toList());
        }
      }
    }
    return found;
  }
}
