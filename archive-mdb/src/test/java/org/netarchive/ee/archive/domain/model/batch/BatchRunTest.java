package org.netarchive.ee.archive.domain.model.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.cdx.CdxWriter;

class BatchRunTest {

  private static final String CRAWL_LOG =
      "2025-01-31T12:00:01.123Z   200       1234 http://kb.dk/ - - text/html #001 20250131120001000+12"
          + " sha1:ABCDEFGHIJKLMNOPQRSTUVWXYZ234567 - -\n";

  @TempDir Path dir;

  private BitarchiveStorage storage;
  private Path work;

  @BeforeEach
  void archiveSomeFiles() throws IOException {
    storage = new BitarchiveStorage(List.of(dir.resolve("ba")), 0);
    work = Files.createDirectories(dir.resolve("work"));
    store(warc("1-1-a.warc.gz", WarcCompression.GZIP, "a"));
    store(warc("1-1-b.warc", WarcCompression.NONE, "b"));
    store(metadataWarc("1-metadata-1.warc"));
    store(Files.writeString(work.resolve("notes.txt"), "not a WARC"));
  }

  private void store(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    storage.store(
        file.getFileName().toString(),
        new ByteArrayInputStream(bytes),
        bytes.length,
        ChecksumAlgorithm.SHA512.of(file));
  }

  private Path warc(String name, WarcCompression compression, String marker) throws IOException {
    Path file = work.resolve(name);
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            compression)) {
      for (int i = 0; i < 3; i++) {
        writer.write(
            new WarcResponse.Builder(URI.create("http://kb.dk/" + marker + "/" + i))
                .date(Instant.parse("2025-01-31T12:00:00Z"))
                .body(
                    MediaType.HTTP_RESPONSE,
                    ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>" + marker + i)
                        .getBytes(StandardCharsets.US_ASCII))
                .build());
      }
    }
    return file;
  }

  /** A metadata WARC as the harvester writes it: the crawl.log and the CDX as resources. */
  private Path metadataWarc(String name) throws IOException {
    Path file = work.resolve(name);
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE))) {
      writer.write(
          new WarcResource.Builder(
                  URI.create(
                      "metadata://netarkivet.dk/crawl/logs/crawl.log?heritrixVersion=3.13.0&harvestid=1&jobid=1"))
              .body(MediaType.parse("text/plain"), CRAWL_LOG.getBytes(StandardCharsets.UTF_8))
              .build());
      writer.write(
          new WarcResource.Builder(
                  URI.create(
                      "metadata://netarkivet.dk/crawl/index/cdx?majorversion=3&minorversion=0&harvestid=1&jobid=1&filename=1-1-a.warc.gz"))
              .body(
                  MediaType.parse("application/x-cdx"),
                  "kb.dk/ 20250131120000 http://kb.dk/ text/html 200 - - 0 1-1-a.warc.gz\n"
                      .getBytes(StandardCharsets.UTF_8))
              .build());
    }
    return file;
  }

  private String run(String job, Map<String, String> parameters, String pattern)
      throws IOException {
    Path result = work.resolve("result-" + job);
    BatchRun.Outcome outcome =
        BatchRun.run(
            BatchJobs.named(job), parameters, BatchRun.filePattern(pattern), storage, result);
    assertThat(outcome.fileFailures()).isEmpty();
    return Files.readString(result);
  }

  @Test
  void givenWarcFiles_whenRunningCdx_thenResultIsJwarcsCdxOfTheWarcAndArcFilesInNameOrder()
      throws IOException {
    String result = run("cdx", Map.of(), null);

    StringWriter expected = new StringWriter();
    CdxWriter cdx = new CdxWriter(expected);
    for (String name : List.of("1-1-a.warc.gz", "1-1-b.warc", "1-metadata-1.warc")) {
      cdx.process(List.of(storage.find(name).orElseThrow()), false);
    }
    assertThat(result).isEqualTo(expected.toString());
    assertThat(result.lines()).hasSize(8).noneMatch(l -> l.contains("notes.txt"));
  }

  @Test
  void givenFilePattern_whenRunningList_thenOnlyMatchingNames() throws IOException {
    assertThat(run("list", Map.of(), "1-1-.*")).isEqualTo("1-1-a.warc.gz\n1-1-b.warc\n");
    assertThat(run("list", Map.of(), null).lines()).hasSize(4);
  }

  @Test
  void givenChecksumJob_whenRun_thenOneLinePerFileWithTheChosenAlgorithm() throws IOException {
    Path a = storage.find("1-1-a.warc.gz").orElseThrow();

    assertThat(run("checksum", Map.of(), "1-1-a.*"))
        .isEqualTo("1-1-a.warc.gz##" + ChecksumAlgorithm.SHA512.of(a) + "\n");
    assertThat(run("checksum", Map.of("algorithm", "MD5"), "1-1-a.*"))
        .isEqualTo("1-1-a.warc.gz##" + ChecksumAlgorithm.MD5.of(a) + "\n");
  }

  @Test
  void givenSizesJob_whenRun_thenOneLinePerFileWithItsLengthInNameOrder() throws IOException {
    long a = Files.size(storage.find("1-1-a.warc.gz").orElseThrow());
    long b = Files.size(storage.find("1-1-b.warc").orElseThrow());

    assertThat(run("sizes", Map.of(), "1-1-.*"))
        .isEqualTo("1-1-a.warc.gz##" + a + "\n1-1-b.warc##" + b + "\n");
  }

  @Test
  void givenMetadataFile_whenExtractingCrawlLogAndCdx_thenTheStoredRecordsAreReturned()
      throws IOException {
    assertThat(run("crawl-log", Map.of(), null)).isEqualTo(CRAWL_LOG);
    assertThat(run("metadata-cdx", Map.of(), null))
        .isEqualTo("kb.dk/ 20250131120000 http://kb.dk/ text/html 200 - - 0 1-1-a.warc.gz\n");
  }

  @Test
  void givenCorruptWarc_whenRunningCdx_thenItIsReportedAndLeftOutWhileOthersAreProcessed()
      throws IOException {
    store(Files.writeString(work.resolve("1-1-c.warc"), "WARC/1.0\r\nthis is not a record"));
    Path result = work.resolve("result");

    BatchRun.Outcome outcome =
        BatchRun.run(BatchJobs.named("cdx"), Map.of(), null, storage, result);

    assertThat(outcome.fileFailures()).singleElement().asString().startsWith("1-1-c.warc: ");
    assertThat(outcome.filesProcessed()).isEqualTo(4);
    assertThat(Files.readString(result)).doesNotContain("1-1-c.warc").contains("1-1-b.warc");
  }

  @Test
  void givenUnknownJobParameterOrPattern_whenRunning_thenRefusedNamingIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> BatchJobs.named("ExtractEverything"))
        .withMessage(
            "There is no batch job 'ExtractEverything'; the batch jobs are [cdx, checksum,"
                + " crawl-log, list, metadata-cdx, sizes]");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> run("checksum", Map.of("algorithm", "CRC32"), null))
        .withMessageContaining("'algorithm' of batch job 'checksum' must be SHA-512 or MD5")
        .withMessageContaining("'CRC32'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> run("list", Map.of("depth", "2"), null))
        .withMessageContaining("Batch job 'list' has no parameter 'depth'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> BatchRun.filePattern("1-1-(.*"))
        .withMessageContaining("File pattern '1-1-(.*' is not a regular expression");
  }

  @Test
  void givenChecksumOnlyBitarchive_whenRunningJobs_thenListSizesAndSha512FromRecordsOthersRefused()
      throws IOException {
    BitarchiveStorage checksums = new BitarchiveStorage(List.of(dir.resolve("sums")), 0, true);
    Path file = warc("1-1-sum.warc", WarcCompression.NONE, "sum");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    try (InputStream in = Files.newInputStream(file)) {
      checksums.store("1-1-sum.warc", in, Files.size(file), sha512);
    }
    Path list = dir.resolve("list.result");
    Path sums = dir.resolve("sums.result");

    BatchRun.Outcome listed =
        BatchRun.run(BatchJobs.named("list"), Map.of(), null, checksums, list);
    BatchRun.run(BatchJobs.named("checksum"), Map.of(), null, checksums, sums);

    assertThat(listed.filesProcessed()).isEqualTo(1);
    assertThat(Files.readString(list)).isEqualTo("1-1-sum.warc\n");
    assertThat(Files.readString(sums)).isEqualTo("1-1-sum.warc##" + sha512 + "\n");
    Path sizes = dir.resolve("sizes.result");
    BatchRun.run(BatchJobs.named("sizes"), Map.of(), null, checksums, sizes);
    assertThat(Files.readString(sizes)).isEqualTo("1-1-sum.warc##-1\n");
    assertThatThrownBy(
            () ->
                BatchRun.run(
                    BatchJobs.named("cdx"), Map.of(), null, checksums, dir.resolve("cdx.result")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("keeps only the SHA-512 checksums")
        .hasMessageContaining("'cdx'");
    assertThatThrownBy(
            () ->
                BatchRun.run(
                    BatchJobs.named("checksum"),
                    Map.of("algorithm", "MD5"),
                    null,
                    checksums,
                    dir.resolve("md5.result")))
        .hasMessageContaining("with algorithm MD5");
  }
}
