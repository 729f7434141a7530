package org.netarchive.ee.archive.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

class StagingAreaTest {

  private static final String NAME = "1-1-20261126000000000-00000-agent.warc.gz";

  @TempDir Path dir;

  private static String sha512(String text) throws IOException {
    return ChecksumAlgorithm.SHA512.of(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  private StagingArea.Staged stage(StagingArea staging, String body, String length, String sha)
      throws Exception {
    return staging.stage(
        NAME, new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), length, sha);
  }

  private long filesIn(Path directory) throws IOException {
    try (var files = Files.list(directory)) {
      return files.count();
    }
  }

  @Test
  void givenAnIntactUpload_whenStaged_thenTheFileIsThereUnderItsName_andAgainChangesNothing()
      throws Exception {
    StagingArea staging = new StagingArea(dir.resolve("staging"));

    StagingArea.Staged first = stage(staging, "WARC/1.1", "8", sha512("WARC/1.1"));
    StagingArea.Staged again = stage(staging, "WARC/1.1", "8", sha512("WARC/1.1").toUpperCase());

    assertThat(first.outcome()).isEqualTo(StagingArea.Outcome.STAGED);
    assertThat(first.file()).isEqualTo(dir.resolve("staging").resolve(NAME)).hasContent("WARC/1.1");
    assertThat(first.sha512()).isEqualTo(sha512("WARC/1.1"));
    assertThat(again.outcome()).isEqualTo(StagingArea.Outcome.ALREADY_STAGED);
    assertThat(filesIn(dir.resolve("staging"))).isOne();
    assertThat(staging.delete(NAME)).isTrue();
    assertThat(staging.delete(NAME)).isFalse();
    assertThat(filesIn(dir.resolve("staging"))).isZero();
  }

  @Test
  void givenAWrongChecksumOrLength_whenStaged_then422NamingTheFile_andNothingLeft()
      throws Exception {
    StagingArea staging = new StagingArea(dir);

    assertThatThrownBy(() -> stage(staging, "WARC/1.1", "8", sha512("other")))
        .isInstanceOf(StagingArea.Refusal.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("arrived with SHA-512 " + sha512("WARC/1.1"))
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(422);
    assertThatThrownBy(() -> stage(staging, "WARC/1.1", "9", sha512("WARC/1.1")))
        .hasMessageContaining("arrived with 8 bytes, announced 9");
    assertThatThrownBy(() -> stage(staging, "WARC/1.1", "7", sha512("WARC/1.1")))
        .hasMessageContaining("more than the 7 bytes announced");
    assertThat(filesIn(dir)).isZero();
  }

  @Test
  void givenAnotherFileOfAStagedName_whenStaged_then409AndTheStagedOneKept() throws Exception {
    List<String> asked = new ArrayList<>();
    String first = sha512("first");
    StagingArea staging =
        new StagingArea(
            dir,
            name -> {
              asked.add(name);
              return Optional.of(first);
            });
    stage(staging, "first", "5", sha512("first"));

    assertThatThrownBy(() -> stage(staging, "other", "5", sha512("other")))
        .isInstanceOf(StagingArea.Refusal.class)
        .hasMessageContaining("Another file named '" + NAME + "'")
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(409);
    assertThat(dir.resolve(NAME)).hasContent("first");
    assertThat(filesIn(dir)).isOne();
    assertThat(asked).containsExactly(NAME);
  }

  @Test
  void givenAStagedFileNoStoreExpects_whenAnotherIsUploadedUnderItsName_thenItIsReplaced()
      throws Exception {
    // The store of the file is under way (resumed after a crash of the machine), and the staged
    // file holds what the crash left: bytes that are not the file's.
    String file = sha512("WARC/1.1");
    StagingArea staging = new StagingArea(dir, name -> Optional.of(file));
    Files.writeString(dir.resolve(NAME), "WARC\0\0\0");

    StagingArea.Pending received = receive(staging, "WARC/1.1", "8");
    StagingArea.Staged staged = staging.confirm(NAME, received.id(), sha512("WARC/1.1"));

    assertThat(staged.outcome()).isEqualTo(StagingArea.Outcome.STAGED);
    assertThat(dir.resolve(NAME)).hasContent("WARC/1.1");
    assertThat(filesIn(dir)).isOne();
  }

  @Test
  void givenMalformedNamesOrHeaders_whenStaged_then400NamingTheValue() throws Exception {
    StagingArea staging = new StagingArea(dir);

    assertThatThrownBy(
            () ->
                staging.stage("../x.warc", new ByteArrayInputStream(new byte[0]), "0", sha512("")))
        .hasMessageContaining("'../x.warc' is not a plain archive file name")
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(400);
    assertThatThrownBy(() -> stage(staging, "x", null, sha512("x")))
        .hasMessageContaining("needs the headers X-Content-Length and X-Content-SHA512");
    assertThatThrownBy(() -> stage(staging, "x", "one", sha512("x")))
        .hasMessageContaining("X-Content-Length must be a length in bytes, was 'one'");
    assertThatThrownBy(() -> stage(staging, "x", "1", "abc"))
        .hasMessageContaining(
            "X-Content-SHA512 must be a SHA-512 checksum of 128 hexadecimal digits, was 'abc'")
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(400);
    assertThat(filesIn(dir)).isZero();
  }

  @Test
  void givenAPartFileACrashLeft_whenTheAreaOpens_thenItIsDeleted() throws Exception {
    Files.writeString(dir.resolve("." + NAME + ".abc.part"), "half");
    Files.writeString(dir.resolve(NAME), "staged");

    new StagingArea(dir);

    assertThat(filesIn(dir)).isOne();
    assertThat(dir.resolve(NAME)).hasContent("staged");
  }

  @Test
  void givenStagedFilesOfAllAges_whenAgedOut_thenOnlyOldOnesNoStoreNeedsAreDeleted()
      throws Exception {
    StagingArea staging = new StagingArea(dir);
    Instant now = Instant.now();
    Instant old = now.minus(Duration.ofDays(8));
    String orphan = "1-1-20261126000000000-00001-orphan.warc.gz";
    String needed = "1-1-20261126000000000-00002-needed.warc.gz";
    String fresh = "1-1-20261126000000000-00003-fresh.warc.gz";
    String part = "." + orphan + ".abc.part";
    for (String name : new String[] {orphan, needed, fresh, part}) {
      Files.writeString(dir.resolve(name), name);
      Files.setLastModifiedTime(
          dir.resolve(name), FileTime.from(name.equals(fresh) ? now.minusSeconds(60) : old));
    }

    var deleted = staging.ageOut(Duration.ofDays(7), Set.of(needed)::contains, now);

    assertThat(deleted).containsExactly(orphan);
    assertThat(dir.resolve(orphan)).doesNotExist();
    assertThat(dir.resolve(needed)).exists();
    assertThat(dir.resolve(fresh)).exists();
    assertThat(dir.resolve(part)).exists();
  }

  @Test
  void givenAnOldStagedFile_whenUploadedAgain_thenItsAgeStartsAgain() throws Exception {
    StagingArea staging = new StagingArea(dir);
    stage(staging, "WARC/1.1", "8", sha512("WARC/1.1"));
    Instant old = Instant.now().minus(Duration.ofDays(30));
    Files.setLastModifiedTime(dir.resolve(NAME), FileTime.from(old));

    stage(staging, "WARC/1.1", "8", sha512("WARC/1.1"));

    assertThat(staging.ageOut(Duration.ofDays(7), name -> false, Instant.now())).isEmpty();
    assertThat(dir.resolve(NAME)).hasContent("WARC/1.1");
    assertThat(
            staging.ageOut(
                Duration.ofDays(7), name -> false, Instant.now().plus(Duration.ofDays(8))))
        .containsExactly(NAME);
  }

  private StagingArea.Pending receive(StagingArea staging, String body, String length)
      throws Exception {
    return staging.receive(
        NAME, new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), length);
  }

  @Test
  void givenAnUploadWithoutChecksum_whenReceivedAndConfirmed_thenStagedOnlyAfterTheConfirmation()
      throws Exception {
    StagingArea staging = new StagingArea(dir);

    StagingArea.Pending received = receive(staging, "WARC/1.1", "8");

    assertThat(received.fileName()).isEqualTo(NAME);
    assertThat(received.size()).isEqualTo(8);
    assertThat(dir.resolve(NAME)).doesNotExist();
    assertThat(staging.pendingCount()).isOne();

    StagingArea.Staged staged = staging.confirm(NAME, received.id(), sha512("WARC/1.1"));

    assertThat(staged.outcome()).isEqualTo(StagingArea.Outcome.STAGED);
    assertThat(staged.file()).isEqualTo(dir.resolve(NAME)).hasContent("WARC/1.1");
    assertThat(filesIn(dir)).isOne();
    assertThat(staging.pendingCount()).isZero();
    assertThatThrownBy(() -> staging.confirm(NAME, received.id(), sha512("WARC/1.1")))
        .hasMessageContaining("no upload '" + received.id() + "' of it waits")
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(404);
  }

  @Test
  void givenAStoreOfAnotherFileUnderWay_whenAnUploadIsConfirmed_then409AndOnlyTheStagedOneLeft()
      throws Exception {
    String first = sha512("first");
    StagingArea staging = new StagingArea(dir, name -> Optional.of(first));
    stage(staging, "first", "5", first);
    StagingArea.Pending received = receive(staging, "WARC/1.1", "8");

    assertThatThrownBy(() -> staging.confirm(NAME, received.id(), sha512("WARC/1.1")))
        .hasMessageContaining("Another file named '" + NAME + "' (SHA-512 " + sha512("first"))
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(409);

    assertThat(dir.resolve(NAME)).hasContent("first");
    assertThat(filesIn(dir)).isOne();
    assertThat(staging.pendingCount()).isZero();
  }

  @Test
  void givenAnUnknownIdOrAnotherName_whenConfirmed_then404AndTheReceivedUploadStillWaits()
      throws Exception {
    StagingArea staging = new StagingArea(dir);
    StagingArea.Pending received = receive(staging, "WARC/1.1", "8");
    String other = "1-1-20261126000000000-00001-agent.warc.gz";

    assertThatThrownBy(() -> staging.confirm(NAME, "nope", sha512("WARC/1.1")))
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(404);
    assertThatThrownBy(() -> staging.confirm(other, received.id(), sha512("WARC/1.1")))
        .hasMessageContaining(other)
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(404);
    assertThatThrownBy(() -> staging.confirm(NAME, received.id(), "not-a-checksum"))
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(400);

    assertThat(staging.confirm(NAME, received.id(), sha512("WARC/1.1")).outcome())
        .isEqualTo(StagingArea.Outcome.STAGED);
  }

  @Test
  void givenAWrongLength_whenReceived_then422AndNothingLeft() throws Exception {
    StagingArea staging = new StagingArea(dir);

    assertThatThrownBy(() -> receive(staging, "WARC/1.1", "9"))
        .hasMessageContaining("arrived with 8 bytes, announced 9");
    assertThatThrownBy(() -> receive(staging, "WARC/1.1", null))
        .hasMessageContaining("needs the header X-Content-Length");

    assertThat(filesIn(dir)).isZero();
    assertThat(staging.pendingCount()).isZero();
  }

  @Test
  void givenAReceivedUploadNeverConfirmed_whenAnHourOld_thenDeleted() throws Exception {
    StagingArea staging = new StagingArea(dir);
    StagingArea.Pending received = receive(staging, "WARC/1.1", "8");

    staging.forgetExpired(Instant.now().plus(Duration.ofMinutes(59)));
    assertThat(filesIn(dir)).isOne();
    staging.forgetExpired(Instant.now().plus(StagingArea.PENDING_MAX_AGE).plusSeconds(1));

    assertThat(filesIn(dir)).isZero();
    assertThatThrownBy(() -> staging.confirm(NAME, received.id(), sha512("WARC/1.1")))
        .extracting(e -> ((StagingArea.Refusal) e).status())
        .isEqualTo(404);
  }
}
