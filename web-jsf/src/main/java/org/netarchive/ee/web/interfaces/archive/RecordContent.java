package org.netarchive.ee.web.interfaces.archive;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageBody;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * What a fetched WARC or ARC record says, read with jwarc: its headers, the HTTP response it holds
 * (if it is one), and its payload, which for a response is the body that was served (with chunked
 * transfer and content encodings undone).
 */
public final class RecordContent {

  /** One header line. */
  public record Header(String name, String value) implements Serializable {}

  /**
   * A record, read.
   *
   * @param recordType the record's type, e.g. {@code response}
   * @param targetUri the URI it was captured from, or {@code null}
   * @param headers the record's own headers
   * @param httpStatus the HTTP status line of a response, or {@code null}
   * @param httpHeaders the HTTP response's headers; empty if there is none
   * @param payloadType the payload's media type, e.g. {@code text/html; charset=UTF-8}
   * @param payloadStart the payload's first bytes
   * @param payloadSize the payload's whole length in bytes
   * @param text the payload's start as text if it is text; {@code null} otherwise
   */
  public record Parsed(
      String recordType,
      String targetUri,
      List<Header> headers,
      String httpStatus,
      List<Header> httpHeaders,
      String payloadType,
      byte[] payloadStart,
      long payloadSize,
      String text)
      implements Serializable {

    /** Whether only the start of the payload is shown. */
    public boolean truncated() {
      return payloadStart.length < payloadSize;
    }
  }

  private static final Set<String> TEXT_SUBTYPES =
      Set.of(
          "xml",
          "json",
          "javascript",
          "x-javascript",
          "xhtml+xml",
          "rss+xml",
          "atom+xml",
          "http",
          "warc-fields",
          "x-www-form-urlencoded");

  private RecordContent() {}

  /**
   * Reads a record.
   *
   * @param record the record's bytes, as stored (possibly a gzip member)
   * @param previewBytes how many of the payload's first bytes to keep
   * @throws IOException if the bytes are no WARC or ARC record
   */
  public static Parsed read(Path record, int previewBytes) throws IOException {
    try (WarcReader reader = new WarcReader(record)) {
      WarcRecord warc = first(reader, record);
      List<Header> headers = headers(warc.headers().map());
      String target = warc.headers().first("WARC-Target-URI").orElse(null);
      String status = null;
      List<Header> httpHeaders = List.of();
      MediaType type;
      MessageBody body;
      if (warc instanceof WarcResponse response && isHttp(warc.contentType())) {
        var http = response.http();
        status =
            "HTTP/"
                + http.version().getMajor()
                + "."
                + http.version().getMinor()
                + " "
                + http.status()
                + " "
                + http.reason();
        httpHeaders = headers(http.headers().map());
        type = http.contentType();
        body = http.bodyDecoded();
      } else {
        type = warc.contentType();
        body = warc.body();
      }
      byte[] start;
      long size;
      try (InputStream in = body.stream()) {
        start = in.readNBytes(previewBytes);
        size = start.length + in.transferTo(OutputStream.nullOutputStream());
      }
      String typeText = type == null ? "application/octet-stream" : type.toString();
      return new Parsed(
          warc.type(),
          target,
          headers,
          status,
          httpHeaders,
          typeText,
          start,
          size,
          isText(type) ? new String(start, charset(type)) : null);
    }
  }

  /**
   * Writes a record's payload: for a response, the body that was served.
   *
   * @throws IOException if the bytes are no WARC or ARC record
   */
  public static void copyPayload(Path record, OutputStream out) throws IOException {
    try (WarcReader reader = new WarcReader(record)) {
      WarcRecord warc = first(reader, record);
      MessageBody body =
          warc instanceof WarcResponse response && isHttp(warc.contentType())
              ? response.http().bodyDecoded()
              : warc.body();
      try (InputStream in = body.stream()) {
        in.transferTo(out);
      }
    }
  }

  private static WarcRecord first(WarcReader reader, Path record) throws IOException {
    return reader
        .next()
        .orElseThrow(() -> new IOException("No WARC or ARC record in " + record.getFileName()));
  }

  private static boolean isHttp(MediaType type) {
    return type != null && type.base().equals(MediaType.HTTP_RESPONSE.base())
        || type != null && type.base().equals(MediaType.HTTP.base());
  }

  private static List<Header> headers(Map<String, List<String>> map) {
    List<Header> headers = new ArrayList<>();
    map.forEach((name, values) -> values.forEach(v -> headers.add(new Header(name, v))));
    return headers;
  }

  /** Whether a media type is text a person can read. */
  static boolean isText(MediaType type) {
    if (type == null) {
      return false;
    }
    String main = type.type().toLowerCase(Locale.ROOT);
    String sub = type.subtype().toLowerCase(Locale.ROOT);
    return main.equals("text")
        || main.equals("application") && (TEXT_SUBTYPES.contains(sub) || sub.endsWith("+xml"))
        || main.equals("message");
  }

  private static Charset charset(MediaType type) {
    String name = type.parameters().get("charset");
    if (name != null) {
      try {
        return Charset.forName(name.strip());
      } catch (IllegalArgumentException unknown) {
        // shown as UTF-8, the web's default today
      }
    }
    return StandardCharsets.UTF_8;
  }
}
