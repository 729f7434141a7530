package org.netarchive.ee.archive.domain.model.bitarchive;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.stream.Stream;

/**
 * File names in name order, without duplicates, from a source in any order, holding at most {@code
 * runSize} names in memory: an external merge sort. Names are gathered in runs; each full run is
 * sorted and written to a file of its own in a work directory, and the runs are merged as the names
 * are read. A listing of a million files so takes a run's memory, not the whole listing's (about
 * 100 MB at a million names). Close it to remove the work files.
 */
public final class SortedNames implements Iterator<String>, Closeable {

  private final Path work;
  private final Iterator<String> inMemory;
  private final PriorityQueue<Run> runs;
  private final List<BufferedReader> readers = new ArrayList<>();
  private String next;
  private String previous;

  private SortedNames(Path work, Iterator<String> inMemory, PriorityQueue<Run> runs) {
    this.work = work;
    this.inMemory = inMemory;
    this.runs = runs;
  }

  /**
   * Sorts names.
   *
   * @param names the names, in any order (closed when sorted)
   * @param after only names after this one are kept (null: all)
   * @param runSize the most names held in memory at once
   * @param workRoot where the work directory is made, if the names do not fit in one run
   * @throws IOException if a work file cannot be written, or a name holds a line break
   */
  public static SortedNames of(Stream<String> names, String after, int runSize, Path workRoot)
      throws IOException {
    if (runSize < 1) {
      throw new IllegalArgumentException("A run holds at least one name, not " + runSize);
    }
    Path work = null;
    List<Path> files = new ArrayList<>();
    List<String> run = new ArrayList<>();
    try (names) {
      Iterator<String> source = names.iterator();
      while (source.hasNext()) {
        String name = source.next();
        if (after != null && name.compareTo(after) <= 0) {
          continue;
        }
        if (name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
          throw new IOException("File name '" + name.strip() + "...' holds a line break");
        }
        run.add(name);
        if (run.size() == runSize) {
          if (work == null) {
            work = Files.createTempDirectory(workRoot, "sorted-names-");
          }
          files.add(write(run, work, files.size()));
          run.clear();
        }
      }
    } catch (IOException | RuntimeException e) {
      delete(work);
      throw e;
    }
    run.sort(Comparator.naturalOrder());
    if (work == null) {
      SortedNames sorted = new SortedNames(null, run.iterator(), null);
      sorted.advance();
      return sorted;
    }
    PriorityQueue<Run> queue = new PriorityQueue<>(Comparator.comparing(Run::head));
    SortedNames sorted = new SortedNames(work, null, queue);
    try {
      if (!run.isEmpty()) {
        files.add(write(run, work, files.size()));
      }
      for (Path file : files) {
        BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        sorted.readers.add(reader);
        String head = reader.readLine();
        if (head != null) {
          queue.add(new Run(head, reader));
        }
      }
      sorted.advance();
    } catch (IOException | RuntimeException e) {
      sorted.close();
      throw e;
    }
    return sorted;
  }

  private static Path write(List<String> run, Path work, int number) throws IOException {
    run.sort(Comparator.naturalOrder());
    Path file = work.resolve("run-" + number);
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (String name : run) {
        out.write(name);
        out.write('\n');
      }
    }
    return file;
  }

  @Override
  public boolean hasNext() {
    return next != null;
  }

  @Override
  public String next() {
    if (next == null) {
      throw new NoSuchElementException();
    }
    String name = next;
    previous = name;
    advance();
    return name;
  }

  /** Finds the next name that differs from the one before it. */
  private void advance() {
    next = null;
    while (true) {
      String candidate;
      if (inMemory != null) {
        if (!inMemory.hasNext()) {
          return;
        }
        candidate = inMemory.next();
      } else {
        Run run = runs.poll();
        if (run == null) {
          return;
        }
        candidate = run.head();
        try {
          String following = run.reader().readLine();
          if (following != null) {
            runs.add(new Run(following, run.reader()));
          }
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot read the sorted names in " + work, e);
        }
      }
      if (!candidate.equals(previous)) {
        next = candidate;
        return;
      }
    }
  }

  /** Removes the work files. */
  @Override
  public void close() throws IOException {
    for (BufferedReader reader : readers) {
      reader.close();
    }
    readers.clear();
    delete(work);
  }

  private static void delete(Path work) throws IOException {
    if (work == null || !Files.exists(work)) {
      return;
    }
    try (Stream<Path> files = Files.list(work)) {
      for (Path file : files.toList()) {
        Files.deleteIfExists(file);
      }
    }
    Files.deleteIfExists(work);
  }

  private record Run(String head, BufferedReader reader) {}
}
