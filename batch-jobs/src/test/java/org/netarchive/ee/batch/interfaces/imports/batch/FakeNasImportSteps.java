package org.netarchive.ee.batch.interfaces.imports.batch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.netarchive.ee.scheduler.application.imports.NasImportPage;
import org.netarchive.ee.scheduler.application.imports.NasImportSession;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

/**
 * The import's steps over a source of numbered rows (source ids), recording as the runner does:
 * what each write took, and per step the position of its last written chunk, which outlives a
 * "crash" (a new reader over the same fake).
 */
final class FakeNasImportSteps implements NasImportSteps {

  final List<Long> source;
  final int chunk;
  final Map<String, Long> positions = new HashMap<>();
  final Set<String> ended = new HashSet<>();
  final List<Long> written = new ArrayList<>();
  final List<String> phases = new ArrayList<>();
  final List<String> failures = new ArrayList<>();
  final List<Long> readFrom = new ArrayList<>();
  int opened;
  int closed;
  boolean finished;

  FakeNasImportSteps(List<Long> source, int chunk) {
    this.source = source;
    this.chunk = chunk;
  }

  @Override
  public NasImportSession open(long runId) {
    opened++;
    return new NasImportSession(runId, false) {
      @Override
      public void close() {
        closed++;
      }
    };
  }

  @Override
  public void runPhase(NasImportSession session, String phase) {
    if (ended.add(phase)) {
      phases.add(phase);
    }
  }

  @Override
  public long resumePosition(NasImportSession session, String step) {
    return positions.getOrDefault(step, Long.MIN_VALUE);
  }

  @Override
  public boolean done(NasImportSession session, String step) {
    return ended.contains(step);
  }

  @Override
  public NasImportPage read(NasImportSession session, String step, long position) {
    readFrom.add(position);
    List<Long> rows = source.stream().filter(id -> id > position).limit(chunk).toList();
    return rows.isEmpty()
        ? null
        : new NasImportPage(session, step, rows.get(rows.size() - 1), rows);
  }

  @Override
  public void write(NasImportPage page) {
    for (Object row : page.rows()) {
      written.add((Long) row);
    }
    positions.put(page.step(), page.position());
  }

  @Override
  public void endStep(NasImportSession session, String step) {
    ended.add(step);
  }

  @Override
  public void finish(long runId) {
    finished = true;
  }

  @Override
  public void fail(long runId, String reason) {
    failures.add(runId + ": " + reason);
  }
}
