package org.netarchive.ee.archive.application.preservation;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.netarchive.ee.archive.domain.model.bitarchive.SortedNames;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;

/**
 * What an audit finds on a replica whose disks this server does not read (a bitarchive node's),
 * from the result of a batch job over it: {@code sizes} for a file-list audit, {@code checksum}
 * (SHA-512) for a checksum audit, one {@code <file>##<value>} line per file, concatenated per
 * bitarchive instance. The findings come in name order after a given name, as the audit's reader
 * lists a local replica's files, so that a resumed run goes on where its findings end; they are
 * sorted externally, holding a bounded number of lines in memory. A name in several lines (two
 * instances holding a copy) is found once, as a local replica's several directories find it once.
 */
public final class BatchResultFindings implements Iterator<Finding>, Closeable {

  /**
   * Between name and value in the sorted lines: NUL is in no file name and sorts before every
   * character of one, so the lines sort in the order of their names.
   */
  private static final char SEPARATOR = '\0';

  private static final Pattern SHA512 = Pattern.compile("[0-9a-f]{128}");

  private final SortedNames lines;
  private final AuditKind kind;
  private Finding next;

  private BatchResultFindings(SortedNames lines, AuditKind kind) {
    this.lines = lines;
    this.kind = kind;
    advance(null);
  }

  /**
   * Reads a batch result.
   *
   * @param result the combined result of the job the audit's kind needs
   * @param kind the audit's kind: {@code LIST} reads sizes, {@code CHECKSUM} SHA-512 checksums
   * @param after only files named after this one (the run's last finding; null: all)
   * @param linesInMemory the most lines held in memory while sorting
   * @param workRoot where the sort's work files go
   * @throws IOException naming the line if a line is not {@code <file>##<value>} with a value of
   *     the kind, or the result cannot be read
   */
  public static BatchResultFindings of(
      Path result, AuditKind kind, String after, int linesInMemory, Path workRoot)
      throws IOException {
    long[] number = {0};
    Stream<String> keyed =
        Files.lines(result, StandardCharsets.UTF_8)
            .map(line -> keyed(line, ++number[0], kind, result))
            .filter(line -> after == null || name(line).compareTo(after) > 0);
    try {
      return new BatchResultFindings(SortedNames.of(keyed, null, linesInMemory, workRoot), kind);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static String keyed(String line, long number, AuditKind kind, Path result) {
    int at = line.lastIndexOf("##");
    String value = at < 0 ? "" : line.substring(at + 2);
    boolean valid =
        at > 0
            && line.indexOf(SEPARATOR) < 0
            && (kind == AuditKind.CHECKSUM ? SHA512.matcher(value).matches() : isSize(value));
    if (!valid) {
      throw new UncheckedIOException(
          new IOException(
              "Line "
                  + number
                  + " of batch result "
                  + result
                  + " is not <file>##<"
                  + (kind == AuditKind.CHECKSUM ? "SHA-512" : "size")
                  + ">: '"
                  + (line.length() > 300 ? line.substring(0, 300) + "..." : line)
                  + "'"));
    }
    return line.substring(0, at) + SEPARATOR + value;
  }

  private static boolean isSize(String value) {
    try {
      return Long.parseLong(value) >= -1;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static String name(String keyed) {
    return keyed.substring(0, keyed.indexOf(SEPARATOR));
  }

  /** The next line's finding, skipping further lines of the file found last. */
  private void advance(String previous) {
    next = null;
    while (lines.hasNext()) {
      String line = lines.next();
      int at = line.indexOf(SEPARATOR);
      String name = line.substring(0, at);
      if (name.equals(previous)) {
        continue;
      }
      String value = line.substring(at + 1);
      next =
          kind == AuditKind.CHECKSUM
              ? new Finding(name, -1, value)
              : new Finding(name, Long.parseLong(value), null);
      return;
    }
  }

  @Override
  public boolean hasNext() {
    return next != null;
  }

  @Override
  public Finding next() {
    if (next == null) {
      throw new NoSuchElementException();
    }
    Finding finding = next;
    advance(finding.fileName());
    return finding;
  }

  /** Removes the sort's work files. */
  @Override
  public void close() throws IOException {
    lines.close();
  }
}
