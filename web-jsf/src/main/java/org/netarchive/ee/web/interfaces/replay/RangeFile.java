package org.netarchive.ee.web.interfaces.replay;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file answered whole or in the one byte range a request asks for (RFC 9110, section 14), as a
 * replay engine reads a WACZ: the ZIP's directory from its end, then each record at its offset. A
 * request for several ranges gets the whole file, which the RFC allows.
 */
public final class RangeFile {

  private static final Pattern ONE_RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

  private RangeFile() {}

  /**
   * The answer to a GET (or HEAD) of a file.
   *
   * @param file the file
   * @param type its media type
   * @param range the request's Range header, or null
   * @param downloadName the name to save it under
   * @return 200 with the whole file, 206 with the range, or 416 if the range lies beyond it
   */
  public static Response answer(Path file, String type, String range, String downloadName) {
    long length;
    try {
      length = Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file.getFileName() + ": " + e, e);
    }
    long first = 0;
    long last = length - 1;
    boolean partial = false;
    Matcher m = range == null ? null : ONE_RANGE.matcher(range.strip());
    if (m != null && m.matches() && !(m.group(1).isEmpty() && m.group(2).isEmpty())) {
      if (m.group(1).isEmpty()) {
        long suffix = Long.parseLong(m.group(2));
        first = Math.max(0, length - suffix);
      } else {
        first = Long.parseLong(m.group(1));
        if (!m.group(2).isEmpty()) {
          last = Math.min(last, Long.parseLong(m.group(2)));
        }
      }
      if (first >= length || first > last) {
        return Response.status(416)
            .header("Content-Range", "bytes */" + length)
            .header("Accept-Ranges", "bytes")
            .build();
      }
      partial = true;
    }
    long from = first;
    long count = last - first + 1;
    StreamingOutput body =
        out -> {
          try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            WritableByteChannel target = Channels.newChannel(out);
            long position = from;
            long left = count;
            while (left > 0) {
              long sent = in.transferTo(position, left, target);
              if (sent <= 0) {
                break;
              }
              position += sent;
              left -= sent;
            }
          }
        };
    Response.ResponseBuilder answer =
        Response.status(partial ? 206 : 200)
            .entity(body)
            .type(type)
            .header("Accept-Ranges", "bytes")
            .header("Content-Length", count)
            .header("Content-Disposition", "attachment; filename=\"" + downloadName + "\"")
            .header("Cache-Control", "private, no-cache");
    if (partial) {
      answer.header("Content-Range", "bytes " + first + "-" + last + "/" + length);
    }
    return answer.build();
  }
}
