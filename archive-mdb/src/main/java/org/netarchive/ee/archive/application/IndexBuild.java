package org.netarchive.ee.archive.application;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.netarchive.ee.archive.domain.model.index.IndexSetCache.CachedIndex;
import org.netarchive.ee.archive.domain.model.index.JobSet;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.message.IndexBuildState;

/**
 * One request for an index of a job set and how it went: queued, gathering the jobs' data,
 * indexing, then ready (with the jobs found and missing and the cached index's name) or failed.
 * Thread-safe; kept in memory by {@link IndexServer}.
 */
public final class IndexBuild {

  /**
   * What a client sees of a build.
   *
   * @param id the build
   * @param kind the kind of index
   * @param state where it is
   * @param requestedJobIds the jobs asked for
   * @param jobsGathered of those, how many have been looked for in the archive
   * @param jobsIndexed of the jobs found, how many have been indexed
   * @param progress 0 to 1
   * @param foundJobIds the jobs whose metadata was found (the index covers these)
   * @param missingJobIds the jobs whose metadata the archive lacks (asked again by a later request)
   * @param name the cache name of the index (of the found jobs), once ready
   * @param entries the index's entries, once ready
   * @param size the bundle's length, once ready
   * @param sha256 the bundle's SHA-256, once ready
   * @param fromCache whether the index was already in the cache
   * @param builds how many times this server has built the index of that name (since it started)
   * @param batchExecutionId the batch job execution that builds it, if one was started
   * @param requestedAt when it was asked for
   * @param finishedAt when it became ready or failed
   * @param failure why it failed
   */
  public record View(
      String id,
      IndexKind kind,
      IndexBuildState state,
      List<Long> requestedJobIds,
      int jobsGathered,
      int jobsIndexed,
      double progress,
      List<Long> foundJobIds,
      List<Long> missingJobIds,
      String name,
      Long entries,
      Long size,
      String sha256,
      boolean fromCache,
      long builds,
      Long batchExecutionId,
      Instant requestedAt,
      Instant finishedAt,
      String failure)
      implements Serializable {}

  private final String id;
  private final IndexKind kind;
  private final JobSet jobs;
  private final Instant requestedAt;
  private final List<Consumer<IndexBuild>> whenDone = new ArrayList<>();
  private IndexBuildState state = IndexBuildState.QUEUED;
  private int gathered;
  private int indexed;
  private List<Long> found = List.of();
  private final List<Long> missing = new ArrayList<>();
  private CachedIndex index;
  private boolean fromCache;
  private long builds;
  private Long executionId;
  private Instant finishedAt;
  private String failure;

  IndexBuild(String id, IndexKind kind, JobSet jobs, Instant requestedAt) {
    this.id = id;
    this.kind = kind;
    this.jobs = jobs;
    this.requestedAt = requestedAt;
  }

  /** The build's id. */
  public String id() {
    return id;
  }

  /** The kind of index. */
  public IndexKind kind() {
    return kind;
  }

  /** The jobs asked for. */
  public JobSet jobs() {
    return jobs;
  }

  synchronized boolean isActive() {
    return state == IndexBuildState.QUEUED || state == IndexBuildState.BUILDING;
  }

  synchronized void started(long execution) {
    executionId = execution;
  }

  synchronized void building() {
    state = IndexBuildState.BUILDING;
  }

  synchronized void gathered(long jobId, boolean present) {
    gathered++;
    if (!present) {
      missing.add(jobId);
    }
  }

  synchronized void foundJobs(List<Long> ids) {
    found = List.copyOf(ids);
  }

  synchronized void indexed(long count) {
    indexed = (int) count;
  }

  /** The bundle, once ready. */
  public synchronized Path bundle() {
    return index == null ? null : index.bundle();
  }

  void ready(CachedIndex built, boolean cached, long buildCount, Instant at) {
    end(
        IndexBuildState.READY,
        at,
        () -> {
          index = built;
          found = built.jobIds();
          fromCache = cached;
          builds = buildCount;
        });
  }

  void failed(String reason, Instant at) {
    end(IndexBuildState.FAILED, at, () -> failure = reason);
  }

  /**
   * Records the outcome and the final state together, then tells the listeners outside the lock
   * (they may call back).
   */
  private void end(IndexBuildState finalState, Instant at, Runnable outcome) {
    List<Consumer<IndexBuild>> listeners;
    synchronized (this) {
      outcome.run();
      state = finalState;
      finishedAt = at;
      listeners = List.copyOf(whenDone);
      whenDone.clear();
    }
    listeners.forEach(l -> l.accept(this));
  }

  /** Calls a listener when the build is ready or has failed (now, if it has). */
  void whenDone(Consumer<IndexBuild> listener) {
    synchronized (this) {
      if (isActive()) {
        whenDone.add(listener);
        return;
      }
    }
    listener.accept(this);
  }

  /** A snapshot for clients. */
  public synchronized View view() {
    int total = jobs.ids().size();
    double progress =
        switch (state) {
          case READY -> 1.0;
          case QUEUED -> 0.0;
          default -> (gathered + (double) indexed) / (total + Math.max(1, total - missing.size()));
        };
    return new View(
        id,
        kind,
        state,
        jobs.asList(),
        gathered,
        indexed,
        Math.min(1.0, progress),
        found,
        List.copyOf(missing),
        index == null ? null : index.name(),
        index == null ? null : index.entries(),
        index == null ? null : index.size(),
        index == null ? null : index.sha256(),
        fromCache,
        builds,
        executionId,
        requestedAt,
        finishedAt,
        failure);
  }
}
