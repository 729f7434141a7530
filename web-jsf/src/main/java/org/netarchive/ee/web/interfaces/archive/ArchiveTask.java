package org.netarchive.ee.web.interfaces.archive;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A long request to the archive that runs in the background: the store of an uploaded file, or a
 * batch job. Its fields change as it runs; readers take a {@link View}.
 */
public final class ArchiveTask {

  /** What the task does. */
  public enum Kind {
    /** Stores an uploaded file in every replica. */
    UPLOAD,
    /** Runs a named batch job on one replica. */
    BATCH
  }

  /** How far the task has come. */
  public enum State {
    /** Accepted, not started yet. */
    WAITING,
    /** Running. */
    RUNNING,
    /** Finished: the file is stored, or the job's result is ready. */
    DONE,
    /** Finished without the result; the failure says why. */
    FAILED;

    /** Whether the task is finished, one way or the other. */
    public boolean finished() {
      return this == DONE || this == FAILED;
    }
  }

  /**
   * The task as it was when asked.
   *
   * @param id the task's id
   * @param kind what it does
   * @param state how far it has come
   * @param subject the file stored, or the batch job's name
   * @param replica the replica a batch job runs on; {@code null} for an upload
   * @param filePattern the files a batch job runs over; {@code null} for all
   * @param parameters the batch job's parameters
   * @param startedBy the user who asked
   * @param submittedAt when it was asked for
   * @param startedAt when it started running, or {@code null}
   * @param finishedAt when it finished, or {@code null}
   * @param runningSeconds how long it has run (until now, or until it finished)
   * @param size the uploaded file's size, or the batch result's
   * @param sha512 the uploaded file's checksum, or the batch result's; {@code null} until known
   * @param filesProcessed files the batch job processed
   * @param fileFailures files the batch job failed on, with the reason
   * @param failure why the task failed, or {@code null}
   */
  public record View(
      String id,
      Kind kind,
      State state,
      String subject,
      String replica,
      String filePattern,
      Map<String, String> parameters,
      String startedBy,
      Instant submittedAt,
      Instant startedAt,
      Instant finishedAt,
      long runningSeconds,
      long size,
      String sha512,
      int filesProcessed,
      List<String> fileFailures,
      String failure)
      implements Serializable {

    /** Whether a batch job's result can be downloaded. */
    public boolean resultReady() {
      return kind == Kind.BATCH && state == State.DONE;
    }
  }

  private final String id;
  private final Kind kind;
  private final String subject;
  private final String replica;
  private final String filePattern;
  private final Map<String, String> parameters;
  private final String startedBy;
  private final Instant submittedAt;
  private final Path directory;

  private State state = State.WAITING;
  private Instant startedAt;
  private Instant finishedAt;
  private long size;
  private String sha512;
  private int filesProcessed;
  private List<String> fileFailures = List.of();
  private String failure;

  ArchiveTask(
      String id,
      Kind kind,
      String subject,
      String replica,
      String filePattern,
      Map<String, String> parameters,
      String startedBy,
      Instant submittedAt,
      Path directory) {
    this.id = id;
    this.kind = kind;
    this.subject = subject;
    this.replica = replica;
    this.filePattern = filePattern;
    this.parameters = Map.copyOf(parameters);
    this.startedBy = startedBy;
    this.submittedAt = submittedAt;
    this.directory = directory;
  }

  public String id() {
    return id;
  }

  /** The task's own directory: the staged upload, or the batch result. */
  Path directory() {
    return directory;
  }

  /** Where a batch job's result is kept. */
  Path result() {
    return directory.resolve("result");
  }

  synchronized void started(Instant now) {
    state = State.RUNNING;
    startedAt = now;
  }

  synchronized void uploaded(long size, String sha512) {
    this.size = size;
    this.sha512 = sha512;
  }

  synchronized void done(Instant now) {
    state = State.DONE;
    finishedAt = now;
  }

  synchronized void batchDone(
      int filesProcessed, List<String> fileFailures, long size, String sha512, Instant now) {
    this.filesProcessed = filesProcessed;
    this.fileFailures = List.copyOf(fileFailures);
    this.size = size;
    this.sha512 = sha512;
    done(now);
  }

  synchronized void failed(String reason, Instant now) {
    state = State.FAILED;
    failure = reason;
    finishedAt = now;
    if (startedAt == null) {
      startedAt = now;
    }
  }

  synchronized State state() {
    return state;
  }

  /** The task now. */
  public synchronized View view(Instant now) {
    long running =
        startedAt == null
            ? 0
            : Duration.between(startedAt, finishedAt != null ? finishedAt : now).toSeconds();
    return new View(
        id,
        kind,
        state,
        subject,
        replica,
        filePattern,
        parameters,
        startedBy,
        submittedAt,
        startedAt,
        finishedAt,
        running,
        size,
        sha512,
        filesProcessed,
        fileFailures,
        failure);
  }
}
