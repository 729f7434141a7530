package org.netarchive.ee.scheduler.application.imports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.KindCount;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.Problem;

/**
 * What an import did since its last record (a chunk, or a small step): counts per kind of object
 * and the problems, which {@link #drain()} hands over to be recorded with the chunk's position.
 * Problems beyond {@value #MAX_PROBLEMS} in all are counted in one last line rather than listed, so
 * that a database refused as a whole does not fill the server's memory nor the report.
 */
final class ImportTally {

  static final int MAX_PROBLEMS = 100_000;

  private final Map<String, long[]> counts = new LinkedHashMap<>();
  private final List<Problem> problems = new ArrayList<>();
  private long unlisted;

  void created(String kind) {
    add(kind, 0, 1);
  }

  void created(String kind, long n) {
    add(kind, 0, n);
  }

  void existing(String kind) {
    add(kind, 1, 1);
  }

  void existing(String kind, long n) {
    add(kind, 1, n);
  }

  /** A source row not taken: counted as refused and listed. */
  void refused(String kind, String table, String key, String reason) {
    add(kind, 2, 1);
    problem(table, key, reason);
  }

  /** A row taken, with something to know about it (not counted as refused). */
  void note(String table, String key, String reason) {
    problem(table, key, reason);
  }

  /** Makes the kind appear in the report even when nothing of it was found. */
  void kind(String kind) {
    counts.computeIfAbsent(kind, k -> new long[3]);
  }

  long count(String kind, int column) {
    long[] values = counts.get(kind);
    return values == null ? 0 : values[column];
  }

  List<KindCount> counts() {
    List<KindCount> list = new ArrayList<>();
    counts.forEach((kind, v) -> list.add(new KindCount(kind, v[0], v[1], v[2])));
    return list;
  }

  List<Problem> problems() {
    if (unlisted == 0) {
      return problems;
    }
    List<Problem> all = new ArrayList<>(problems);
    all.add(new Problem("*", "*", unlisted + " more problems, not listed"));
    return all;
  }

  /** The counts and problems so far, which this tally then forgets. */
  Drained drain() {
    Drained drained = new Drained(counts(), List.copyOf(problems()));
    counts.clear();
    problems.clear();
    unlisted = 0;
    return drained;
  }

  /** What {@link #drain()} hands over. */
  record Drained(List<KindCount> counts, List<Problem> problems) {}

  private void add(String kind, int column, long n) {
    counts.computeIfAbsent(kind, k -> new long[3])[column] += n;
  }

  private void problem(String table, String key, String reason) {
    if (problems.size() < MAX_PROBLEMS) {
      problems.add(new Problem(table, key, reason == null ? "(no reason given)" : reason));
    } else {
      unlisted++;
    }
  }
}
