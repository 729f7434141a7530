package org.netarchive.ee.archive.domain.model.bitarchive;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.netpreserve.jwarc.ParsingException;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcTargetRecord;

/**
 * Finds single records in archived WARC and ARC files (plain or gzip-compressed per record), as
 * get-record does: the caller names a file and the offset of a record, typically from a CDX line,
 * and gets that record's bytes exactly as they are stored.
 */
public final class ArchiveRecords {

  private ArchiveRecords() {}

  /**
   * Locates the record that starts at an offset.
   *
   * @param file the archived file
   * @param offset where the record starts
   * @return the record's extent
   * @throws NotARecordStartException if the offset is negative, beyond the file, or no record
   *     starts there; the message names the file and the offset
   * @throws IOException if the file cannot be read
   */
  public static RecordExtent locate(Path file, long offset) throws IOException {
    String name = file.getFileName().toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      if (offset < 0 || offset >= size) {
        throw new NotARecordStartException(
            "Offset "
                + offset
                + " is outside file '"
                + name
                + "' ("
                + size
                + " bytes); give the offset of a record, e.g. from a CDX line");
      }
      channel.position(offset);
      try (WarcReader reader = new WarcReader(channel)) {
        Optional<WarcRecord> first;
        try {
          first = reader.next();
        } catch (ParsingException e) {
          throw notARecordStart(name, offset, e);
        }
        if (first.isEmpty() || reader.position() != offset) {
          throw notARecordStart(name, offset, null);
        }
        WarcRecord record = first.get();
        String type = record.type();
        String target = record instanceof WarcTargetRecord t ? t.target() : null;
        record.body().consume();
        long end;
        try {
          end = reader.next().isPresent() ? reader.position() : size;
        } catch (ParsingException e) {
          throw new IOException(
              "The record at offset "
                  + offset
                  + " of file '"
                  + name
                  + "' is followed by data that is not a record, so its end is unknown: "
                  + e.getMessage(),
              e);
        }
        return new RecordExtent(name, offset, end - offset, type, target);
      }
    }
  }

  /**
   * Writes the bytes of a record, as stored, to a stream; the stream is not closed.
   *
   * @param file the archived file
   * @param extent the record's extent, from {@link #locate(Path, long)}
   * @param out where to write them
   * @throws IOException if the file cannot be read or the stream written
   */
  public static void copy(Path file, RecordExtent extent, OutputStream out) throws IOException {
    WritableByteChannel target = Channels.newChannel(out);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
      long position = extent.offset();
      long end = extent.offset() + extent.length();
      while (position < end) {
        buffer.clear();
        buffer.limit((int) Math.min(buffer.capacity(), end - position));
        int n = channel.read(buffer, position);
        if (n < 0) {
          throw new IOException(
              "File '" + extent.file() + "' ended at " + position + " inside the record");
        }
        position += n;
        buffer.flip();
        while (buffer.hasRemaining()) {
          target.write(buffer);
        }
      }
    }
    out.flush();
  }

  private static NotARecordStartException notARecordStart(
      String name, long offset, ParsingException cause) {
    return new NotARecordStartException(
        "No WARC or ARC record starts at offset "
            + offset
            + " of file '"
            + name
            + "'; give the offset of a record's first byte, e.g. from a CDX line",
        cause);
  }
}
