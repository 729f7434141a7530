package org.netarchive.ee.web.interfaces.archive;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/** Reading fetched records: headers, the HTTP response, and the payload as served. */
class RecordContentTest {

  @TempDir Path dir;

  private Path write(WarcRecord record, WarcCompression compression) throws IOException {
    Path file = dir.resolve("record-" + compression);
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            compression)) {
      writer.write(record);
    }
    return file;
  }

  private static WarcResponse response(String http) {
    return new WarcResponse.Builder(URI.create("http://kb.dk/page.html"))
        .date(Instant.parse("2026-11-21T10:00:00Z"))
        .body(MediaType.HTTP_RESPONSE, http.getBytes(StandardCharsets.ISO_8859_1))
        .build();
  }

  @Test
  void givenGzippedResponseRecord_whenRead_thenHeadersStatusAndThePageAsServed()
      throws IOException {
    Path record =
        write(
            response(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=UTF-8\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n"
                    + "7\r\n<p>Bl\u00c3\u00a5\r\n4\r\nb\u00c3\u00a6r\r\n0\r\n\r\n"),
            WarcCompression.GZIP);

    RecordContent.Parsed parsed = RecordContent.read(record, 1000);

    assertThat(parsed.recordType()).isEqualTo("response");
    assertThat(parsed.targetUri()).isEqualTo("http://kb.dk/page.html");
    assertThat(parsed.headers())
        .contains(new RecordContent.Header("WARC-Target-URI", "http://kb.dk/page.html"));
    assertThat(parsed.httpStatus()).isEqualTo("HTTP/1.1 200 OK");
    assertThat(parsed.httpHeaders())
        .contains(new RecordContent.Header("Content-Type", "text/html; charset=UTF-8"));
    assertThat(parsed.payloadType()).startsWith("text/html");
    assertThat(parsed.text()).isEqualTo("<p>Blåbær");
    assertThat(parsed.payloadSize()).isEqualTo("<p>Blåbær".getBytes(StandardCharsets.UTF_8).length);
    assertThat(parsed.truncated()).isFalse();

    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    RecordContent.copyPayload(record, payload);
    assertThat(payload.toString(StandardCharsets.UTF_8)).isEqualTo("<p>Blåbær");
  }

  @Test
  void givenLongPayload_whenReadWithASmallPreview_thenTheStartAndTheWholeSize() throws IOException {
    String body = "x".repeat(5000);
    Path record =
        write(
            response("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + body),
            WarcCompression.NONE);

    RecordContent.Parsed parsed = RecordContent.read(record, 100);

    assertThat(parsed.text()).hasSize(100);
    assertThat(parsed.payloadSize()).isEqualTo(5000);
    assertThat(parsed.truncated()).isTrue();
  }

  @Test
  void givenBinaryResource_whenRead_thenNoTextButItsType() throws IOException {
    Path record =
        write(
            new WarcResource.Builder(URI.create("metadata://netarchive.dk/crawl/image"))
                .body(MediaType.parse("image/png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0})
                .build(),
            WarcCompression.NONE);

    RecordContent.Parsed parsed = RecordContent.read(record, 100);

    assertThat(parsed.recordType()).isEqualTo("resource");
    assertThat(parsed.httpStatus()).isNull();
    assertThat(parsed.httpHeaders()).isEmpty();
    assertThat(parsed.payloadType()).isEqualTo("image/png");
    assertThat(parsed.text()).isNull();
    assertThat(parsed.payloadSize()).isEqualTo(5);
  }

  @Test
  void givenBytesThatAreNoRecord_whenRead_thenRefused() throws IOException {
    Path junk = Files.writeString(dir.resolve("junk"), "not a WARC record at all\r\n");

    assertThatThrownBy(() -> RecordContent.read(junk, 100)).isInstanceOf(IOException.class);
  }
}
