package org.netarchive.ee.archive.domain.model.index;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Sorts any number of text lines in bounded memory: lines are gathered up to a memory budget,
 * sorted and written as a run file; the runs are merged at the end (an external merge sort, as
 * {@code sort(1)} does). A job's crawl.log has millions of lines, so it is never held whole. Lines
 * are ordered by their UTF-16 code units, which is byte order for the ASCII of CDX and crawl.log
 * lines (the order of {@code LC_ALL=C sort}). Not thread-safe.
 */
public final class SortedLines implements AutoCloseable {

  /** Default memory for lines in memory: a few tens of MB, whatever the number of lines. */
  public static final long DEFAULT_BUDGET_BYTES = 32L * 1024 * 1024;

  private final Path workDir;
  private final long budgetBytes;
  private final List<String> buffer = new ArrayList<>();
  private final List<Path> runs = new ArrayList<>();
  private long bufferedBytes;
  private long count;

  /**
   * @param workDir where run files go (created if needed; the runs are removed by {@link #close})
   * @param budgetBytes about how much memory the lines in memory may take
   */
  public SortedLines(Path workDir, long budgetBytes) {
    this.workDir = workDir;
    this.budgetBytes = Math.max(1024, budgetBytes);
  }

  /**
   * Adds a line.
   *
   * @param line the line, without its line end
   */
  public void add(String line) {
    buffer.add(line);
    // A String's header, array header and UTF-16 (or Latin-1) content, and the list's reference.
    bufferedBytes += 56 + 2L * line.length();
    count++;
    if (bufferedBytes >= budgetBytes) {
      spill();
    }
  }

  /**
   * The lines added.
   *
   * @return the count
   */
  public long count() {
    return count;
  }

  /**
   * Writes all lines, sorted, to a file.
   *
   * @param target the file, replaced
   * @throws IOException if it cannot be written
   */
  public void writeTo(Path target) throws IOException {
    buffer.sort(null);
    try (BufferedWriter out = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
      if (runs.isEmpty()) {
        for (String line : buffer) {
          out.write(line);
          out.write('\n');
        }
      } else {
        spill();
        merge(runs, line -> write(out, line));
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    buffer.clear();
    bufferedBytes = 0;
  }

  private void spill() {
    if (buffer.isEmpty()) {
      return;
    }
    buffer.sort(null);
    try {
      Files.createDirectories(workDir);
      Path run = Files.createTempFile(workDir, "run-", ".txt");
      try (BufferedWriter out = Files.newBufferedWriter(run, StandardCharsets.UTF_8)) {
        for (String line : buffer) {
          out.write(line);
          out.write('\n');
        }
      }
      runs.add(run);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a sorted run in " + workDir, e);
    }
    buffer.clear();
    bufferedBytes = 0;
  }

  private static void write(BufferedWriter out, String line) {
    try {
      out.write(line);
      out.write('\n');
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Merges sorted files, giving each line in order to a consumer (equal lines all given).
   *
   * @param sortedFiles the files, each sorted
   * @param each what takes the lines
   * @throws IOException if a file cannot be read
   */
  public static void merge(List<Path> sortedFiles, Consumer<String> each) throws IOException {
    record Head(String line, int source) {}
    List<BufferedReader> readers = new ArrayList<>();
    try {
      PriorityQueue<Head> heads =
          new PriorityQueue<>(
              Math.max(1, sortedFiles.size()),
              (a, b) -> {
                int c = a.line.compareTo(b.line);
                return c != 0 ? c : Integer.compare(a.source, b.source);
              });
      for (Path file : sortedFiles) {
        BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        readers.add(reader);
        String first = reader.readLine();
        if (first != null) {
          heads.add(new Head(first, readers.size() - 1));
        }
      }
      while (!heads.isEmpty()) {
        Head head = heads.poll();
        each.accept(head.line);
        String next = readers.get(head.source).readLine();
        if (next != null) {
          heads.add(new Head(next, head.source));
        }
      }
    } finally {
      for (BufferedReader reader : readers) {
        reader.close();
      }
    }
  }

  /** Removes the run files. */
  @Override
  public void close() {
    for (Path run : runs) {
      try {
        Files.deleteIfExists(run);
      } catch (IOException e) {
        // A run left behind is removed with the work directory by the caller.
      }
    }
    runs.clear();
  }
}
