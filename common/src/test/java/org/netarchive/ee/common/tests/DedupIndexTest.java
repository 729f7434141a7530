package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndex;
import org.netarchive.ee.common.index.DedupIndexWriter;
import org.netarchive.ee.common.index.IndexBundle;

/** The deduplication index: what is written is found, by URL and digest or by digest alone. */
class DedupIndexTest {

  private static final String DIGEST = "sha1:2WAXX5NUWNNCS2BDKCO5OVDQBJVNKIVV";

  @TempDir Path tmp;

  private static DedupEntry entry(String url, String digest, String file, long offset, long s) {
    return new DedupEntry(url, digest, "image/png", null, file, offset, Instant.ofEpochSecond(s));
  }

  private Path index(DedupEntry... entries) {
    Path dir = tmp.resolve("index");
    try (DedupIndexWriter writer = DedupIndexWriter.create(dir)) {
      for (DedupEntry e : entries) {
        writer.add(e);
      }
    }
    return dir;
  }

  @Test
  void givenTwoCapturesOfOneObject_whenFound_thenTheEarliestIsTheOriginal() {
    Path dir =
        index(
            entry("http://a.test/x.png", DIGEST, "2-1-1.warc.gz", 900, 2_000),
            entry("http://a.test/x.png", DIGEST, "1-1-1.warc.gz", 400, 1_000),
            entry("http://a.test/y.png", "sha1:AAAA", "1-1-1.warc.gz", 100, 500));

    try (DedupIndex index = DedupIndex.open(dir)) {
      assertThat(index.size()).isEqualTo(3);
      DedupEntry found = index.find("http://a.test/x.png", DIGEST).orElseThrow();
      assertThat(found.file()).isEqualTo("1-1-1.warc.gz");
      assertThat(found.offset()).isEqualTo(400);
      assertThat(found.date()).isEqualTo(Instant.ofEpochSecond(1_000));
      assertThat(found.mimeType()).isEqualTo("image/png");
    }
  }

  @Test
  void givenACdxSpelledDigest_whenLookedUp_thenItMatchesTheCrawlLogSpelling() {
    Path dir = index(entry("http://a.test/x.png", DIGEST.substring(5), "f.warc.gz", 1, 1));

    try (DedupIndex index = DedupIndex.open(dir)) {
      assertThat(index.find("http://a.test/x.png", DIGEST.toLowerCase())).isPresent();
      assertThat(index.find("http://a.test/x.png", "sha1:BBBB")).isEmpty();
      assertThat(index.find("http://a.test/other.png", DIGEST)).isEmpty();
      assertThat(index.findByDigest(DIGEST).orElseThrow().url()).isEqualTo("http://a.test/x.png");
    }
  }

  @Test
  void givenAnEtag_whenFound_thenItIsKept() {
    Path dir =
        index(
            new DedupEntry(
                "http://a.test/e", DIGEST, "application/pdf", "\"v1\"", "f", 7, Instant.EPOCH));

    try (DedupIndex index = DedupIndex.open(dir)) {
      assertThat(index.find("http://a.test/e", DIGEST).orElseThrow().etag()).isEqualTo("\"v1\"");
    }
  }

  @Test
  void givenAnIndex_whenBundledAndUnpacked_thenTheCopyAnswersTheSame() throws IOException {
    Path dir = index(entry("http://a.test/x.png", DIGEST, "f.warc.gz", 3, 9));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    IndexBundle.write(dir, bytes);

    Path copy = tmp.resolve("copy");
    IndexBundle.read(new ByteArrayInputStream(bytes.toByteArray()), copy, 10_000_000);

    try (DedupIndex index = DedupIndex.open(copy)) {
      assertThat(index.find("http://a.test/x.png", DIGEST).orElseThrow().offset()).isEqualTo(3);
    }
  }

  @Test
  void givenABundleNamingAPathOutside_whenUnpacked_thenItIsRefusedAndNothingIsWritten()
      throws IOException {
    byte[] hostile = zip("../escape", "x");

    assertThatThrownBy(
            () -> IndexBundle.read(new ByteArrayInputStream(hostile), tmp.resolve("in"), 1_000))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("'../escape'");
    assertThat(tmp.resolve("escape")).doesNotExist();
  }

  @Test
  void givenABundleLargerThanAllowed_whenUnpacked_thenItIsRefused() throws IOException {
    byte[] big = zip("_0.cfs", "x".repeat(5_000));

    assertThatThrownBy(
            () -> IndexBundle.read(new ByteArrayInputStream(big), tmp.resolve("in"), 1_000))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("more than 1000 bytes");
  }

  @Test
  void givenNoDigest_whenAnEntryIsMade_thenItIsRefused() {
    assertThatThrownBy(() -> entry("http://a.test/", "-", "f", 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("payload digest");
    assertThatThrownBy(() -> entry("http://a.test/", "sha1:", "f", 0, 0))
        .hasMessageContaining("'sha1:'");
  }

  private static byte[] zip(String name, String content) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      zip.putNextEntry(new ZipEntry(name));
      zip.write(content.getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    }
    return bytes.toByteArray();
  }
}
