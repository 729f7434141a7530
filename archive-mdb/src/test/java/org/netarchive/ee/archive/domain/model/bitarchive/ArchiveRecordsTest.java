package org.netarchive.ee.archive.domain.model.bitarchive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;

class ArchiveRecordsTest {

  @TempDir Path dir;

  /** A WARC file like Heritrix writes: a warcinfo record, then responses. */
  private Path warc(WarcCompression compression) throws IOException {
    Path file = dir.resolve(compression == WarcCompression.GZIP ? "t.warc.gz" : "t.warc");
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            compression)) {
      writer.write(
          new Warcinfo.Builder()
              .date(Instant.parse("2025-01-31T12:00:00Z"))
              .fields(java.util.Map.of("software", List.of("Heritrix/3.13.0")))
              .build());
      for (int i = 0; i < 3; i++) {
        byte[] http =
            ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>page " + i + "</p>")
                .getBytes(StandardCharsets.US_ASCII);
        writer.write(
            new WarcResponse.Builder(URI.create("http://kb.dk/" + i))
                .date(Instant.parse("2025-01-31T12:00:0" + i + "Z"))
                .body(MediaType.HTTP_RESPONSE, http)
                .build());
      }
    }
    return file;
  }

  /** The compressions Heritrix writes WARC files with: each record test runs on both. */
  static Stream<WarcCompression> heritrixCompressions() {
    return Stream.of(WarcCompression.NONE, WarcCompression.GZIP);
  }

  private static List<Long> offsets(Path file) throws IOException {
    List<Long> offsets = new ArrayList<>();
    try (WarcReader reader = new WarcReader(file)) {
      for (WarcRecord ignored : reader) {
        offsets.add(reader.position());
      }
    }
    return offsets;
  }

  @ParameterizedTest
  @MethodSource("heritrixCompressions")
  void givenRecordOffset_whenGettingRecord_thenExactBytesUpToTheNextRecord(
      WarcCompression compression) throws IOException {
    Path file = warc(compression);
    List<Long> offsets = offsets(file);
    byte[] all = Files.readAllBytes(file);

    RecordExtent second = ArchiveRecords.locate(file, offsets.get(2));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ArchiveRecords.copy(file, second, out);

    assertThat(second.recordType()).isEqualTo("response");
    assertThat(second.targetUri()).isEqualTo("http://kb.dk/1");
    assertThat(second.length()).isEqualTo(offsets.get(3) - offsets.get(2));
    assertThat(out.toByteArray())
        .isEqualTo(Arrays.copyOfRange(all, offsets.get(2).intValue(), offsets.get(3).intValue()));
    try (WarcReader reread = new WarcReader(new java.io.ByteArrayInputStream(out.toByteArray()))) {
      assertThat(((WarcResponse) reread.next().orElseThrow()).target()).isEqualTo("http://kb.dk/1");
    }
  }

  @Test
  void givenLastRecord_whenGettingRecord_thenItEndsAtTheEndOfTheFile() throws IOException {
    Path file = warc(WarcCompression.NONE);
    long last = offsets(file).get(3);

    RecordExtent extent = ArchiveRecords.locate(file, last);

    assertThat(extent.offset() + extent.length()).isEqualTo(Files.size(file));
  }

  @ParameterizedTest
  @MethodSource("heritrixCompressions")
  void givenOffsetInsideARecord_whenGettingRecord_thenRefusedNamingFileAndOffset(
      WarcCompression compression) throws IOException {
    Path file = warc(compression);
    long inside = offsets(file).get(1) + 7;

    assertThatThrownBy(() -> ArchiveRecords.locate(file, inside))
        .isInstanceOf(NotARecordStartException.class)
        .hasMessageStartingWith(
            "No WARC or ARC record starts at offset "
                + inside
                + " of file '"
                + file.getFileName()
                + "'");
  }

  @Test
  void givenOffsetOutsideTheFile_whenGettingRecord_thenRefused() throws IOException {
    Path file = warc(WarcCompression.NONE);
    long size = Files.size(file);

    assertThatThrownBy(() -> ArchiveRecords.locate(file, size))
        .isInstanceOf(NotARecordStartException.class)
        .hasMessageContaining("Offset " + size + " is outside file 't.warc'");
    assertThatThrownBy(() -> ArchiveRecords.locate(file, -1))
        .isInstanceOf(NotARecordStartException.class)
        .hasMessageContaining("Offset -1");
  }
}
