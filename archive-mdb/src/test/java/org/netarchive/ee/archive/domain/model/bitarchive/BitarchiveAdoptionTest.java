package org.netarchive.ee.archive.domain.model.bitarchive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

class BitarchiveAdoptionTest {

  @TempDir Path root;

  private Path nasDirectory() throws IOException {
    Path nas = root.resolve("nas/bitarchive1");
    Files.createDirectories(nas.resolve("filedir"));
    Files.createDirectories(nas.resolve("tempdir"));
    Files.createDirectories(nas.resolve("atticdir"));
    Files.writeString(nas.resolve("filedir/1-1-old.arc"), "old bytes");
    Files.writeString(nas.resolve("tempdir/left.part"), "not ours");
    return nas;
  }

  @Test
  void givenAnAdoptedDirectory_whenUsed_thenItsFilesAreFoundListedAndNeverWrittenOrMoved()
      throws Exception {
    Path nas = nasDirectory();
    BitarchiveStorage storage = new BitarchiveStorage(List.of(root.resolve("own")), 0);

    assertThat(storage.adopt(nas)).isTrue();
    assertThat(storage.adopt(nas)).isFalse();

    assertThat(storage.find("1-1-old.arc")).contains(nas.resolve("filedir/1-1-old.arc"));
    assertThat(storage.findAdopted("1-1-old.arc")).contains(nas.resolve("filedir/1-1-old.arc"));
    assertThat(storage.fileNames()).containsExactly("1-1-old.arc");
    assertThat(storage.sha512("1-1-old.arc"))
        .contains(ChecksumAlgorithm.SHA512.of(nas.resolve("filedir/1-1-old.arc")));

    byte[] data = "new".getBytes(StandardCharsets.US_ASCII);
    StoredFile stored =
        storage.store(
            "2-new.warc",
            new ByteArrayInputStream(data),
            data.length,
            ChecksumAlgorithm.SHA512.of(new ByteArrayInputStream(data)));
    assertThat(stored.path()).startsWith(root.resolve("own"));
    assertThatThrownBy(
            () ->
                storage.store(
                    "1-1-old.arc",
                    new ByteArrayInputStream(data),
                    data.length,
                    ChecksumAlgorithm.SHA512.of(new ByteArrayInputStream(data))))
        .isInstanceOf(StoreFailedException.class)
        .hasMessageContaining("archived already");
    assertThatThrownBy(() -> storage.moveToAttic("1-1-old.arc"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("adopted directory");
    assertThat(storage.recover()).isZero();

    assertThat(Files.readString(nas.resolve("filedir/1-1-old.arc"))).isEqualTo("old bytes");
    assertThat(Files.readString(nas.resolve("tempdir/left.part"))).isEqualTo("not ours");
    try (Stream<Path> attic = Files.list(nas.resolve("atticdir"))) {
      assertThat(attic).isEmpty();
    }
    try (Stream<Path> files = Files.list(nas.resolve("filedir"))) {
      assertThat(files).hasSize(1);
    }
  }

  @Test
  void givenADirectoryWithoutFiledirOrTheStoragesOwn_whenAdopted_thenRefusedNamingIt()
      throws Exception {
    BitarchiveStorage storage = new BitarchiveStorage(List.of(root.resolve("own")), 0);
    Path plain = Files.createDirectories(root.resolve("plain"));

    assertThatIllegalArgumentException()
        .isThrownBy(() -> storage.adopt(plain))
        .withMessageContaining(plain.toString())
        .withMessageContaining("no filedir");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> storage.adopt(root.resolve("own")))
        .withMessageContaining("overlaps this bitarchive's own directory");
  }
}
