package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ArchiveRequestException;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netpreserve.jwarc.WarcCompression;

/**
 * The credentialed correct operation: a replica's copy damaged on disk is removed and handed over
 * only with the configured credentials and its exact bad checksum, kept in the attic, and storing
 * the good file again puts a good copy back (NAS_ARCHIVE_CORRECT_CREDENTIALS of the failsafe
 * configuration).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ArchiveCorrectIT {

  private static final String CREDENTIALS = "it-correct-Secret-1";

  @TempDir Path dir;

  @Test
  void givenDamagedCopy_whenRemovedWithCredentialsAndItsChecksum_thenHandedOverAndRestorable()
      throws Exception {
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      ArchiveClient client = fixtures.client(0);
      String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-damaged.warc.gz";
      Path good = ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 5, "damaged");
      String goodSha = ChecksumAlgorithm.SHA512.of(good);
      client.store(good);

      // Bit rot in replica TWO's copy.
      Path copy = ArchiveFixtures.archived("TWO", name);
      byte[] damaged = Files.readAllBytes(copy);
      damaged[damaged.length / 2] ^= 0x20;
      assertThat(copy.toFile().setWritable(true)).isTrue();
      Files.write(copy, damaged);
      assertThat(copy.toFile().setReadOnly()).isTrue();
      String badSha = ChecksumAlgorithm.SHA512.of(copy);

      assertThatThrownBy(
              () ->
                  client.removeAndGetFile(name, "TWO", badSha, "guess", dir.resolve("r1.warc.gz")))
          .isInstanceOf(ArchiveRequestException.class)
          .hasMessageContaining("wrong credentials for corrections");
      assertThatThrownBy(
              () ->
                  client.removeAndGetFile(
                      name, "TWO", goodSha, CREDENTIALS, dir.resolve("r2.warc.gz")))
          .isInstanceOf(ArchiveRequestException.class)
          .hasMessageContaining("a good copy is never removed");
      String other = "ab".repeat(64);
      assertThatThrownBy(
              () ->
                  client.removeAndGetFile(
                      name, "TWO", other, CREDENTIALS, dir.resolve("r3.warc.gz")))
          .isInstanceOf(ArchiveRequestException.class)
          .hasMessageContaining("has SHA-512 " + badSha + ", not the given bad " + other)
          .hasMessageContaining("nothing removed");
      assertThat(copy).as("nothing removed after a refusal").isRegularFile();

      Path handedOver = dir.resolve("removed.warc.gz");
      RemoveAndGetFileReply removed =
          client.removeAndGetFile(name, "TWO", badSha, CREDENTIALS, handedOver);

      assertThat(removed.sha512()).isEqualTo(badSha);
      assertThat(Files.readAllBytes(handedOver)).isEqualTo(damaged);
      assertThat(copy).doesNotExist();
      Path attic = ArchiveFixtures.bitarchive("TWO").resolve("atticdir");
      try (Stream<Path> kept = Files.list(attic)) {
        assertThat(kept.filter(p -> p.getFileName().toString().startsWith(name + ".")))
            .singleElement()
            .satisfies(p -> assertThat(ChecksumAlgorithm.SHA512.of(p)).isEqualTo(badSha));
      }
      assertThat(ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("ONE", name)))
          .as("the other replica is untouched")
          .isEqualTo(goodSha);

      // The repository recorded the removal: storing the good file again uploads a good copy.
      client.store(good);
      assertThat(ChecksumAlgorithm.SHA512.of(copy)).isEqualTo(goodSha);
    }
  }
}
