package org.netarchive.ee.web.interfaces.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Serves a file whole or the one byte range an HTTP {@code Range} header asks for (RFC 9110): 200
 * with the file, 206 with {@code Content-Range} and the bytes, or 416 with {@code Content-Range:
 * bytes *}{@code /<size>} (and a problem document) if the file has none of them. A header with
 * several ranges, or in another unit, is answered with the whole file, as the RFC allows. Archived
 * files (pywb, ReplayWeb.page reading records by offset) and WACZ packages are served this way.
 */
public final class ByteRanges {

  private static final Pattern ONE_RANGE = Pattern.compile("bytes=\\s*(\\d*)\\s*-\\s*(\\d*)\\s*");

  private ByteRanges() {}

  /** The first and last byte asked for, or null for the whole file; first > last: unsatisfiable. */
  static long[] parse(String header, long size) {
    if (header == null || header.isBlank()) {
      return null;
    }
    Matcher m = ONE_RANGE.matcher(header.strip());
    if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) {
      return null;
    }
    try {
      if (m.group(1).isEmpty()) {
        long suffix = Long.parseLong(m.group(2));
        if (suffix == 0 || size == 0) {
          return new long[] {1, 0};
        }
        return new long[] {Math.max(0, size - suffix), size - 1};
      }
      long first = Long.parseLong(m.group(1));
      long last = m.group(2).isEmpty() ? size - 1 : Math.min(Long.parseLong(m.group(2)), size - 1);
      if (!m.group(2).isEmpty() && Long.parseLong(m.group(2)) < first) {
        return null; // not a valid range: ignored
      }
      return first >= size ? new long[] {1, 0} : new long[] {first, last};
    } catch (NumberFormatException e) {
      return null; // beyond a long: ignored
    }
  }

  /**
   * The response.
   *
   * @param file the bytes
   * @param type their media type
   * @param name the file's name, for Content-Disposition
   * @param range the Range header, or null
   * @param replica the replica the bytes come from (header X-Replica), or null
   * @param done called when the response is written (or not going to be)
   */
  public static Response serve(
      Path file, String type, String name, String range, String replica, Runnable done) {
    long size;
    try {
      size = Files.size(file);
    } catch (IOException e) {
      done.run();
      throw new UncheckedIOException("Cannot read " + name + ": " + e.getMessage(), e);
    }
    long[] asked = parse(range, size);
    if (asked != null && asked[0] > asked[1]) {
      done.run();
      Response problem =
          Problem.response(
              Response.Status.REQUESTED_RANGE_NOT_SATISFIABLE,
              "Range '"
                  + range
                  + "' asks for bytes that '"
                  + name
                  + "' does not have: it has "
                  + size
                  + " bytes");
      return Response.fromResponse(problem)
          .header("Content-Range", "bytes */" + size)
          .header("Accept-Ranges", "bytes")
          .build();
    }
    long first = asked == null ? 0 : asked[0];
    long length = asked == null ? size : asked[1] - asked[0] + 1;
    StreamingOutput bytes =
        out -> {
          try {
            copy(file, first, length, out);
          } finally {
            done.run();
          }
        };
    Response.ResponseBuilder answer =
        (asked == null ? Response.ok(bytes) : Response.status(206).entity(bytes))
            .type(type)
            .header("Content-Length", length)
            .header("Accept-Ranges", "bytes")
            .header("Content-Disposition", "attachment; filename=\"" + safe(name) + "\"");
    if (replica != null) {
      answer.header("X-Replica", replica);
    }
    if (asked != null) {
      answer.header("Content-Range", "bytes " + asked[0] + "-" + asked[1] + "/" + size);
    }
    return answer.build();
  }

  private static void copy(Path file, long first, long length, OutputStream out)
      throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
      long at = first;
      long left = length;
      while (left > 0) {
        buffer.clear().limit((int) Math.min(buffer.capacity(), left));
        int read = channel.read(buffer, at);
        if (read < 0) {
          throw new IOException("The file ended " + left + " bytes early");
        }
        out.write(buffer.array(), 0, read);
        at += read;
        left -= read;
      }
    }
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }
}
