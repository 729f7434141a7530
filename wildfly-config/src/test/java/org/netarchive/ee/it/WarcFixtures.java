package org.netarchive.ee.it;

import java.io.IOException;
import java.io.StringWriter;
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
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;
import org.netpreserve.jwarc.cdx.CdxWriter;

/**
 * WARC files for the archive section's tests, written as Heritrix writes them (warcinfo, then a
 * request and a response per page), and what jwarc reads back from them: record offsets, record
 * bytes, served pages and CDX lines.
 */
final class WarcFixtures {

  private WarcFixtures() {}

  /** A file name no other test uses, e.g. {@code 5-1-1a2b3c4d-...}: job id 5 marks this suite. */
  static String uniquePrefix() {
    return "5-1-" + UUID.randomUUID().toString().substring(0, 8) + "-";
  }

  /**
   * Writes a WARC of the series {@code prefix} (see {@link #uniquePrefix}) with {@link #warc},
   * named as Heritrix names them: the prefix, a five-digit serial, then .warc.gz or .warc by its
   * compression; its pages are marked with the prefix.
   */
  static Path inSeries(Path dir, String prefix, int serial, int pages, WarcCompression compression)
      throws IOException {
    String extension =
        switch (compression) {
          case GZIP -> ".warc.gz";
          case NONE -> ".warc";
          default ->
              throw new IllegalArgumentException(
                  "No WARC file name for compression " + compression);
        };
    return warc(
        dir.resolve(prefix + String.format("%05d", serial) + extension),
        prefix,
        pages,
        compression);
  }

  /** The HTML page number {@code i} of a WARC holds. */
  static String page(String marker, int i) {
    return "<html><head><title>"
        + marker
        + " "
        + i
        + "</title></head><body><p>Page "
        + i
        + " of "
        + marker
        + ": bl\u00e5b\u00e6rgr\u00f8d</p></body></html>";
  }

  /**
   * A new WARC file begun as Heritrix begins one: a warcinfo record naming the crawler software and
   * the marker the file is part of. The tests' WARC writers then add their records and close it.
   */
  static WarcWriter begun(Path file, WarcCompression compression, String software, String marker)
      throws IOException {
    WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            compression);
    try {
      writer.write(
          new Warcinfo.Builder()
              .fields(Map.of("software", List.of(software), "isPartOf", List.of(marker)))
              .build());
      return writer;
    } catch (IOException e) {
      writer.close();
      throw e;
    }
  }

  /** Writes a WARC with {@code pages} pages of http://www.example.dk/. */
  static Path warc(Path file, String marker, int pages, WarcCompression compression)
      throws IOException {
    try (WarcWriter writer =
        begun(file, compression, "Heritrix/3.13.0 http://crawler.archive.org", marker)) {
      for (int i = 0; i < pages; i++) {
        URI uri = URI.create("http://www.example.dk/" + marker + "/" + i + ".html");
        Instant date = Instant.parse("2026-11-21T10:00:00Z").plusSeconds(i);
        writer.write(
            new WarcRequest.Builder(uri)
                .date(date)
                .body(
                    MediaType.HTTP_REQUEST,
                    ("GET /" + marker + "/" + i + ".html HTTP/1.1\r\nHost: www.example.dk\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII))
                .build());
        byte[] body = page(marker, i).getBytes(StandardCharsets.UTF_8);
        byte[] head =
            ("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Length: "
                    + body.length
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] http = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, http, head.length, body.length);
        writer.write(
            new WarcResponse.Builder(uri).date(date).body(MediaType.HTTP_RESPONSE, http).build());
      }
    }
    return file;
  }

  /** Where each record starts, and the file's end. */
  static List<Long> offsets(Path file) throws IOException {
    List<Long> offsets = new ArrayList<>();
    try (WarcReader reader = new WarcReader(file)) {
      for (WarcRecord ignored : reader) {
        offsets.add(reader.position());
      }
    }
    offsets.add(Files.size(file));
    return offsets;
  }

  /** The offset of the first response record. */
  static long firstResponse(Path file) throws IOException {
    try (WarcReader reader = new WarcReader(file)) {
      for (WarcRecord record : reader) {
        if (record instanceof WarcResponse) {
          return reader.position();
        }
      }
    }
    throw new IllegalStateException("No response record in " + file);
  }

  /** The bytes of the record at an offset, as jwarc's offsets delimit it. */
  static byte[] recordBytes(Path file, long offset) throws IOException {
    List<Long> offsets = offsets(file);
    int i = offsets.indexOf(offset);
    return Arrays.copyOfRange(
        Files.readAllBytes(file), (int) offset, offsets.get(i + 1).intValue());
  }

  /** The page the response at an offset served, as jwarc reads it. */
  static String servedPage(Path file, long offset) throws IOException {
    try (WarcReader reader = new WarcReader(file)) {
      reader.position(offset);
      WarcResponse response = (WarcResponse) reader.next().orElseThrow();
      return new String(
          response.http().bodyDecoded().stream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** jwarc's CDX lines of the files, in the order given. */
  static String cdx(Path... files) throws IOException {
    StringWriter lines = new StringWriter();
    CdxWriter cdx = new CdxWriter(lines);
    for (Path file : files) {
      cdx.process(List.of(file), false);
    }
    return lines.toString();
  }

  /** A WARC of one response whose body has the given number of random bytes. */
  static Path bigWarc(Path file, int bodySize) throws IOException {
    byte[] body = new byte[bodySize];
    new Random(42).nextBytes(body);
    byte[] head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    byte[] http = new byte[head.length + body.length];
    System.arraycopy(head, 0, http, 0, head.length);
    System.arraycopy(body, 0, http, head.length, body.length);
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            WarcCompression.NONE)) {
      writer.write(
          new WarcResponse.Builder(URI.create("http://kb.dk/transfers/big"))
              .date(Instant.parse("2025-01-31T12:00:00Z"))
              .body(MediaType.HTTP_RESPONSE, http)
              .build());
    }
    return file;
  }
}
