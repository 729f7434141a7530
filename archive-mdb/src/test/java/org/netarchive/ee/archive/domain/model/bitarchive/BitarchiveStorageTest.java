package org.netarchive.ee.archive.domain.model.bitarchive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.archive.domain.model.bitarchive.StoreFailedException.Reason;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

class BitarchiveStorageTest {

  @TempDir Path root;

  private static byte[] data(int size, long seed) {
    byte[] bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  private static String sha512(byte[] bytes) throws IOException {
    return ChecksumAlgorithm.SHA512.of(new ByteArrayInputStream(bytes));
  }

  private BitarchiveStorage storage(Path... dirs) throws IOException {
    return new BitarchiveStorage(List.of(dirs), 0);
  }

  private static List<Path> tempFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir.resolve(BitarchiveStorage.TEMP))) {
      return files.toList();
    }
  }

  /** Asserts that storing fails for {@code reason}; the assertion goes on with the message. */
  private static AbstractThrowableAssert<?, ? extends Throwable> assertStoreFails(
      ThrowingCallable store, Reason reason) {
    return assertThatThrownBy(store)
        .isInstanceOfSatisfying(
            StoreFailedException.class, e -> assertThat(e.reason()).isEqualTo(reason));
  }

  @Test
  void givenMatchingData_whenStoring_thenFileIsArchivedReadOnlyWithItsChecksum() throws Exception {
    Path disk = root.resolve("disk1");
    BitarchiveStorage storage = storage(disk);
    byte[] bytes = data(2_500_000, 1);

    StoredFile stored =
        storage.store(
            "1-1-x.warc.gz", new ByteArrayInputStream(bytes), bytes.length, sha512(bytes));

    assertThat(stored.path()).isEqualTo(disk.resolve("filedir/1-1-x.warc.gz"));
    assertThat(Files.readAllBytes(stored.path())).isEqualTo(bytes);
    assertThat(stored.sha512()).isEqualTo(sha512(bytes));
    assertThat(stored.size()).isEqualTo(bytes.length);
    assertThat(Files.getPosixFilePermissions(stored.path()))
        .isEqualTo(PosixFilePermissions.fromString("r--r--r--"));
    assertThat(storage.find("1-1-x.warc.gz")).contains(stored.path());
    assertThat(storage.sha512("1-1-x.warc.gz")).contains(sha512(bytes));
    assertThat(storage.fileNames()).containsExactly("1-1-x.warc.gz");
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenEmptyFile_whenStoring_thenArchived() throws Exception {
    BitarchiveStorage storage = storage(root.resolve("d"));

    StoredFile stored =
        storage.store("empty.warc", InputStream.nullInputStream(), 0, sha512(new byte[0]));

    assertThat(Files.size(stored.path())).isZero();
  }

  @Test
  void givenFileAlreadyArchived_whenStoringSameNameAgain_thenRefusedAndOriginalUntouched()
      throws Exception {
    BitarchiveStorage storage = storage(root.resolve("d"));
    byte[] original = data(1000, 1);
    byte[] other = data(1000, 2);
    storage.store("a.warc", new ByteArrayInputStream(original), 1000, sha512(original));

    assertStoreFails(
            () -> storage.store("a.warc", new ByteArrayInputStream(other), 1000, sha512(other)),
            Reason.ALREADY_STORED)
        .hasMessageContaining("'a.warc' is archived already");
    assertThat(Files.readAllBytes(storage.find("a.warc").orElseThrow())).isEqualTo(original);
  }

  @Test
  void givenUploadOfANameUnderWay_whenStoringItAgain_thenBeingStoredAndTheFirstCompletes()
      throws Exception {
    BitarchiveStorage storage = storage(root.resolve("d"));
    byte[] bytes = data(1000, 4);
    List<StoreFailedException> second = new java.util.ArrayList<>();
    // The second store comes while the first reads its data, as a request asked again would.
    InputStream first =
        new FilterInputStream(new ByteArrayInputStream(bytes)) {
          @Override
          public int read(byte[] buffer, int offset, int length) throws IOException {
            if (second.isEmpty()) {
              try {
                storage.store("a.warc", new ByteArrayInputStream(bytes), 1000, sha512(bytes));
              } catch (StoreFailedException e) {
                second.add(e);
              }
            }
            return super.read(buffer, offset, length);
          }
        };

    StoredFile stored = storage.store("a.warc", first, 1000, sha512(bytes));

    assertThat(second)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.reason()).isEqualTo(Reason.BEING_STORED);
              assertThat(e)
                  .hasMessage("File 'a.warc' is being stored by another upload at this moment");
            });
    assertThat(Files.readAllBytes(stored.path())).isEqualTo(bytes);
  }

  @Test
  void givenNameArchivedInAnotherDirectory_whenStoring_thenRefused() throws Exception {
    Path first = root.resolve("d1");
    Path second = root.resolve("d2");
    byte[] bytes = data(100, 3);
    storage(second).store("a.warc", new ByteArrayInputStream(bytes), 100, sha512(bytes));
    BitarchiveStorage both = storage(first, second);

    assertThatThrownBy(
            () -> both.store("a.warc", new ByteArrayInputStream(bytes), 100, sha512(bytes)))
        .isInstanceOf(StoreFailedException.class)
        .hasMessageContaining("archived already");
    assertThat(Files.exists(first.resolve("filedir/a.warc"))).isFalse();
  }

  @Test
  void givenDataWithAnotherChecksum_whenStoring_thenRefusedAndNothingLeft() throws Exception {
    Path disk = root.resolve("d");
    BitarchiveStorage storage = storage(disk);
    byte[] bytes = data(5000, 4);
    String wrong = sha512(data(5000, 5));

    assertStoreFails(
            () -> storage.store("a.warc", new ByteArrayInputStream(bytes), 5000, wrong),
            Reason.CHECKSUM_MISMATCH)
        .hasMessageContaining("'a.warc' arrived with SHA-512 " + sha512(bytes))
        .hasMessageContaining("announced " + wrong);
    assertThat(storage.find("a.warc")).isEmpty();
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenShorterOrLongerData_whenStoring_thenRefusedAsSizeMismatch() throws Exception {
    Path disk = root.resolve("d");
    BitarchiveStorage storage = storage(disk);
    byte[] bytes = data(5000, 4);

    assertStoreFails(
            () -> storage.store("a.warc", new ByteArrayInputStream(bytes), 5001, sha512(bytes)),
            Reason.SIZE_MISMATCH)
        .hasMessageContaining("arrived with 5000 bytes, announced 5001");
    assertStoreFails(
            () -> storage.store("a.warc", new ByteArrayInputStream(bytes), 4999, sha512(bytes)),
            Reason.SIZE_MISMATCH)
        .hasMessageContaining("more than the announced 4999 bytes");
    assertThat(storage.find("a.warc")).isEmpty();
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenLargeFileArrivingInSmallPieces_whenStoring_thenEveryByteIsArchivedInOrder()
      throws Exception {
    // Larger than several write-behind steps (64 MiB), delivered 7,000 bytes per read like a
    // network stream: the blocks are filled before they are hashed and written, and the syncs
    // while it arrives leave the file exactly as sent.
    Path disk = root.resolve("large");
    BitarchiveStorage storage = storage(disk);
    byte[] bytes = data(150_000_000, 11);
    InputStream trickling =
        new FilterInputStream(new ByteArrayInputStream(bytes)) {
          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 7_000));
          }
        };

    StoredFile stored = storage.store("1-1-large.warc.gz", trickling, bytes.length, sha512(bytes));

    assertThat(Files.size(stored.path())).isEqualTo(bytes.length);
    assertThat(ChecksumAlgorithm.SHA512.of(stored.path())).isEqualTo(sha512(bytes));
    assertThat(stored.sha512()).isEqualTo(sha512(bytes));
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenTransferBreakingOff_whenStoring_thenFailureAndNoPartialFile() throws Exception {
    Path disk = root.resolve("d");
    BitarchiveStorage storage = storage(disk);
    byte[] bytes = data(3_000_000, 6);
    InputStream breaking =
        new FilterInputStream(new ByteArrayInputStream(bytes)) {
          private int read;

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            if (read > 1_500_000) {
              throw new IOException("Connection reset");
            }
            int n = super.read(b, off, Math.min(len, 100_000));
            read += Math.max(n, 0);
            return n;
          }
        };

    assertStoreFails(
            () -> storage.store("a.warc", breaking, bytes.length, sha512(bytes)), Reason.IO_ERROR)
        .hasMessageContaining("Could not store file 'a.warc'")
        .hasMessageContaining("Connection reset");
    assertThat(storage.find("a.warc")).isEmpty();
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenFirstDiskFull_whenStoring_thenNextDirectoryWithRoomIsUsed() throws Exception {
    Path full = root.resolve("full");
    Path roomy = root.resolve("roomy");
    Map<Path, Long> free = Map.of(full.toAbsolutePath(), 10_000L, roomy.toAbsolutePath(), 1L << 40);
    BitarchiveStorage storage =
        new BitarchiveStorage(List.of(full, roomy), 5_000, dir -> free.get(dir));
    byte[] bytes = data(6_000, 7);

    StoredFile stored =
        storage.store("a.warc", new ByteArrayInputStream(bytes), bytes.length, sha512(bytes));

    assertThat(stored.path()).isEqualTo(roomy.toAbsolutePath().resolve("filedir/a.warc"));
  }

  @Test
  void givenNoDirectoryWithRoom_whenStoring_thenClearNoSpaceFailureBeforeWriting()
      throws Exception {
    Path disk = root.resolve("d");
    BitarchiveStorage storage = new BitarchiveStorage(List.of(disk), 1_000, dir -> 5_000L);
    byte[] bytes = data(4_001, 8);

    assertStoreFails(
            () ->
                storage.store(
                    "big.warc", new ByteArrayInputStream(bytes), bytes.length, sha512(bytes)),
            Reason.NO_SPACE)
        .hasMessageContaining("No bitarchive directory has room for file 'big.warc' (4001 bytes")
        .hasMessageContaining("has 5000 bytes usable");
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenDiskFillingUpWhileWriting_whenStoring_thenNoSpaceAndPartialCopyRemoved()
      throws Exception {
    Path disk = root.resolve("d");
    // Room when the store starts; the disk is found full once the write fails.
    long[] usable = {1L << 30};
    BitarchiveStorage storage = new BitarchiveStorage(List.of(disk), 0, dir -> usable[0]);
    byte[] bytes = data(2_000_000, 9);
    InputStream fillingUp =
        new FilterInputStream(new ByteArrayInputStream(bytes)) {
          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            if (in.available() < 1_000_000) {
              usable[0] = 0;
              throw new IOException("No space left on device");
            }
            return super.read(b, off, Math.min(len, 65536));
          }
        };

    assertStoreFails(
            () -> storage.store("a.warc", fillingUp, bytes.length, sha512(bytes)), Reason.NO_SPACE)
        .hasMessageContaining("filled up while writing file 'a.warc'")
        .hasMessageContaining("partial copy was removed");
    assertThat(storage.find("a.warc")).isEmpty();
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenTemporaryFilesLeftByACrash_whenRecovering_thenTheyAreRemovedAndArchivedFilesKept()
      throws Exception {
    Path disk = root.resolve("d");
    BitarchiveStorage storage = storage(disk);
    byte[] bytes = data(100, 10);
    storage.store("kept.warc", new ByteArrayInputStream(bytes), 100, sha512(bytes));
    Files.writeString(disk.resolve("tempdir/0f1e-half.part"), "half a file");

    BitarchiveStorage restarted = storage(disk);

    assertThat(restarted.recover()).isEqualTo(1);
    assertThat(tempFiles(disk)).isEmpty();
    assertThat(restarted.fileNames()).containsExactly("kept.warc");
    assertThat(restarted.find("kept.warc")).isPresent();
  }

  @Test
  void givenPathTraversalName_whenStoringOrFinding_thenRefusedBeforeTouchingTheDisk()
      throws Exception {
    Path disk = root.resolve("d");
    BitarchiveStorage storage = storage(disk);
    byte[] bytes = "x".getBytes(StandardCharsets.US_ASCII);

    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> storage.store("../evil.warc", new ByteArrayInputStream(bytes), 1, sha512(bytes)))
        .withMessageContaining("'../evil.warc'");
    assertThatIllegalArgumentException().isThrownBy(() -> storage.find("../../etc/passwd"));
    assertThat(Files.exists(disk.resolve("evil.warc"))).isFalse();
    assertThat(tempFiles(disk)).isEmpty();
  }

  @Test
  void givenNoDirectories_whenOpening_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new BitarchiveStorage(List.of(), 0))
        .withMessageContaining("at least one directory");
  }

  @Test
  void givenChecksumOnlyStorage_whenStoring_thenOnlyTheVerifiedChecksumIsKept() throws Exception {
    Path disk = root.resolve("checksums");
    BitarchiveStorage storage = new BitarchiveStorage(List.of(disk), 0, true);
    byte[] bytes = data(1_500_000, 7);
    String name = "1-1-only-checksum.warc.gz";

    StoredFile stored =
        storage.store(name, new ByteArrayInputStream(bytes), bytes.length, sha512(bytes));

    assertThat(storage.checksumOnly()).isTrue();
    assertThat(stored.sha512()).isEqualTo(sha512(bytes));
    assertThat(stored.size()).isEqualTo(bytes.length);
    assertThat(Files.readString(disk.resolve("checksumdir").resolve(name)))
        .isEqualTo(sha512(bytes) + "\n");
    try (Stream<Path> files = Files.list(disk.resolve(BitarchiveStorage.FILES))) {
      assertThat(files).as("no bytes kept").isEmpty();
    }
    assertThat(storage.find(name)).isEmpty();
    assertThat(storage.sha512(name)).contains(sha512(bytes));
    assertThat(storage.fileNames()).containsExactly(name);
    assertThat(tempFiles(disk)).isEmpty();

    assertStoreFails(
        () -> storage.store(name, new ByteArrayInputStream(bytes), bytes.length, sha512(bytes)),
        Reason.ALREADY_STORED);
  }

  @Test
  void givenChecksumOnlyStorage_whenDataDiffersFromTheAnnouncement_thenNothingIsRecorded()
      throws Exception {
    Path disk = root.resolve("checksums");
    BitarchiveStorage storage = new BitarchiveStorage(List.of(disk), 0, true);
    byte[] bytes = data(10_000, 8);
    byte[] other = data(10_000, 9);

    assertStoreFails(
        () -> storage.store("a.warc", new ByteArrayInputStream(other), 10_000, sha512(bytes)),
        Reason.CHECKSUM_MISMATCH);
    assertStoreFails(
        () -> storage.store("b.warc", new ByteArrayInputStream(bytes), 9_999, sha512(bytes)),
        Reason.SIZE_MISMATCH);
    assertThat(storage.fileNames()).isEmpty();
    assertThat(tempFiles(disk)).isEmpty();
  }
}
