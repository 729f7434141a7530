package org.netarchive.ee.web.interfaces.replay;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.netarchive.ee.archive.domain.model.wacz.WaczWriter;
import org.netarchive.ee.web.interfaces.replay.WaczExports.Subject;

/** One package's build, followed by its progress resource; thread-safe. */
public final class WaczBuild {

  /** Where a build is. */
  public enum State {
    /** Reading the archive's files and writing the package. */
    BUILDING,
    /** Ready in the cache. */
    READY,
    /** Ended without a package; asking again starts it again. */
    FAILED
  }

  /**
   * A build as the REST API and the pages show it.
   *
   * @param name the package's file name
   * @param title what it is of
   * @param state where it is
   * @param phase INDEXING or PACKING while building
   * @param percentDone of the bytes of the WARC files, over both phases
   * @param bytesDone bytes of the WARC files read or written in the phase
   * @param bytesTotal bytes of all WARC files
   * @param startedAt when the build started (null for a package found in the cache)
   * @param finishedAt when it ended
   * @param failure why it failed
   * @param size the package's bytes, when READY
   * @param captures the lines of its CDXJ index, when READY (null for one found in the cache)
   * @param warcFiles the WARC files in it, when READY
   * @param revisitOriginals originals of revisits copied from other jobs' files
   * @param missingOriginals originals that could not be copied, with why
   */
  public record View(
      String name,
      String title,
      State state,
      String phase,
      int percentDone,
      long bytesDone,
      long bytesTotal,
      Instant startedAt,
      Instant finishedAt,
      String failure,
      Long size,
      Long captures,
      List<String> warcFiles,
      Integer revisitOriginals,
      List<String> missingOriginals) {}

  private final Subject subject;
  private final String sources;
  private final Instant startedAt;
  private State state = State.BUILDING;
  private WaczWriter.Phase phase = WaczWriter.Phase.INDEXING;
  private long done;
  private long total;
  private Instant finishedAt;
  private String failure;
  private Long size;
  private WaczWriter.Summary summary;

  WaczBuild(Subject subject, String sources, Path target, Instant startedAt) {
    this.subject = subject;
    this.sources = sources;
    this.startedAt = startedAt;
  }

  static WaczBuild cached(Subject subject, String sources, Path target, long size) {
    WaczBuild build = new WaczBuild(subject, sources, target, null);
    build.state = State.READY;
    build.size = size;
    return build;
  }

  Subject subject() {
    return subject;
  }

  String sources() {
    return sources;
  }

  synchronized State state() {
    return state;
  }

  synchronized void progress(WaczWriter.Phase phase, long done, long total) {
    this.phase = phase;
    this.done = done;
    this.total = total;
  }

  synchronized void ready(WaczWriter.Summary summary, Instant at) {
    this.summary = summary;
    this.size = summary.bytes();
    this.state = State.READY;
    this.finishedAt = at;
  }

  synchronized void failed(String reason, Instant at) {
    this.failure = reason;
    this.state = State.FAILED;
    this.finishedAt = at;
  }

  synchronized View view() {
    int percent;
    if (state == State.READY) {
      percent = 100;
    } else if (total <= 0) {
      percent = 0;
    } else {
      // Indexing reads every file once, packing copies it once: half each.
      long half = Math.min(100L * done / total, 100L) / 2;
      percent = (int) (phase == WaczWriter.Phase.INDEXING ? half : 50 + half);
    }
    return new View(
        subject.fileName(),
        subject.title(),
        state,
        state == State.BUILDING ? phase.name() : null,
        percent,
        done,
        total,
        startedAt,
        finishedAt,
        failure,
        state == State.READY ? size : null,
        summary == null ? null : summary.captures(),
        summary == null ? null : summary.warcFiles(),
        summary == null ? null : summary.originals(),
        summary == null ? null : summary.missingOriginals());
  }
}
