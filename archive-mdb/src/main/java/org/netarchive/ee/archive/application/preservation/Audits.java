package org.netarchive.ee.archive.application.preservation;

import jakarta.annotation.security.PermitAll;
import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobExecutionException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.BatchStatus;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords.ScheduleRow;

/**
 * Starts, pauses and resumes the audits of the replicas (batch job {@value #JOB}), by hand or by
 * their schedules, and resumes the audits a stop or a crash interrupted.
 *
 * <p>Each change commits at once (no transaction around it), so that the job, which runs on a
 * thread of its own, finds the run it is given. A run is resumed by a new execution of the job: the
 * reader goes on after the last file the run's findings hold, so a file is never counted twice.
 */
@PermitAll
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Audits {

  /** The job's name (META-INF/batch-jobs/replica-audit.xml of this module). */
  public static final String JOB = "replica-audit";

  /** Default schedule: the file list daily. */
  static final int DEFAULT_LIST_HOURS = 24;

  /** Default schedule: checksums every 30 days. */
  static final int DEFAULT_CHECKSUM_HOURS = 30 * 24;

  private static final Logger LOG = Logger.getLogger(Audits.class.getName());

  /** Executions started by this server since it came up: only these can be running. */
  private static final Set<Long> STARTED_HERE = ConcurrentHashMap.newKeySet();

  @Inject private PreservationRecords records;
  @Inject private ArchiveSettings settings;

  private final Clock clock = Clock.systemUTC();

  /**
   * Starts an audit of a replica.
   *
   * @param replica the replica
   * @param kind file list or checksums
   * @param startedBy the account or schedule starting it
   * @return the new run
   * @throws IllegalArgumentException naming the replica if it is unknown
   * @throws IllegalStateException naming the run if an audit of that kind of the replica is
   *     unfinished
   */
  public AuditRun start(String replica, AuditKind kind, String startedBy) {
    requireReplica(replica);
    try {
      records
          .unfinishedRun(replica, kind)
          .ifPresent(
              run -> {
                throw new PreservationConflict(
                    "A "
                        + kind.label()
                        + " audit of replica "
                        + replica
                        + " is "
                        + run.status()
                        + " already (run "
                        + run.id()
                        + "); resume it or wait for it to finish");
              });
      long id =
          records.createRun(
              replica, kind, startedBy, clock.instant(), records.expectedCopies(replica));
      records.record(
          clock.instant(),
          "AUDIT_STARTED",
          startedBy,
          id,
          null,
          replica,
          null,
          null,
          kind.label() + " audit of replica " + replica);
      launch(id);
      return run(id);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot start an audit of replica " + replica + ": " + e, e);
    }
  }

  /**
   * Pauses a running audit: its execution stops after the chunk in progress.
   *
   * @throws IllegalArgumentException if there is no such run
   * @throws IllegalStateException if it is not running
   */
  public AuditRun pause(long runId, String by) {
    AuditRun run = run(runId);
    if (!run.status().equals("RUNNING")) {
      throw new PreservationConflict(
          "Audit run "
              + runId
              + " is "
              + run.status()
              + ", not RUNNING; only a running audit pauses");
    }
    try {
      records.status(runId, "PAUSED", clock.instant(), null);
      records.record(
          clock.instant(), "AUDIT_PAUSED", by, runId, null, run.replica(), null, null, null);
      if (run.executionId() != null && isRunning(run.executionId())) {
        BatchRuntime.getJobOperator().stop(run.executionId());
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot pause audit run " + runId + ": " + e, e);
    }
    return run(runId);
  }

  /**
   * Resumes a paused audit.
   *
   * @throws IllegalArgumentException if there is no such run
   * @throws IllegalStateException if it is not paused, or its execution is still stopping
   */
  public AuditRun resume(long runId, String by) {
    AuditRun run = run(runId);
    if (!run.status().equals("PAUSED")) {
      throw new PreservationConflict(
          "Audit run "
              + runId
              + " is "
              + run.status()
              + ", not PAUSED; only a paused audit resumes");
    }
    if (run.executionId() != null && isRunning(run.executionId())) {
      throw new PreservationConflict(
          "Audit run " + runId + " is still stopping after its pause; try again in a moment");
    }
    try {
      records.record(
          clock.instant(), "AUDIT_RESUMED", by, runId, null, run.replica(), null, null, null);
      launch(runId);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot resume audit run " + runId + ": " + e, e);
    }
    return run(runId);
  }

  /** Resumes the RUNNING audits whose execution died with an earlier server (at start-up). */
  public int resumeInterrupted() {
    try {
      records.clearFinishedStaging();
      int resumed = 0;
      for (AuditRun run : records.runsInStatus("RUNNING")) {
        if (run.executionId() != null && STARTED_HERE.contains(run.executionId())) {
          continue;
        }
        records.record(
            clock.instant(),
            "AUDIT_RESUMED",
            "server start",
            run.id(),
            null,
            run.replica(),
            null,
            null,
            "interrupted by a stop or crash of the server after " + run.filesChecked() + " files");
        records.recountProgress(run.id());
        launch(run.id());
        resumed++;
      }
      return resumed;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot resume the interrupted audits: " + e, e);
    }
  }

  /** Starts the audits whose schedule is due, and moves their schedule on. */
  public int startDue() {
    int started = 0;
    Instant now = clock.instant();
    for (ScheduleRow schedule : schedules()) {
      if (schedule.intervalHours() == 0
          || schedule.nextRunAt() == null
          || schedule.nextRunAt().isAfter(now)) {
        continue;
      }
      try {
        records.schedule(
            new ScheduleRow(
                schedule.replica(),
                schedule.kind(),
                schedule.intervalHours(),
                now.plus(Duration.ofHours(schedule.intervalHours()))));
        if (records.unfinishedRun(schedule.replica(), schedule.kind()).isEmpty()) {
          start(schedule.replica(), schedule.kind(), "schedule");
          started++;
        }
      } catch (SQLException | RuntimeException e) {
        LOG.warning(
            () ->
                "Scheduled "
                    + schedule.kind().label()
                    + " audit of replica "
                    + schedule.replica()
                    + " did not start: "
                    + e.getMessage());
      }
    }
    return started;
  }

  /**
   * The schedules of every replica and kind; a replica without a stored one gets the default (list
   * daily, checksums every 30 days, first after one interval).
   */
  public List<ScheduleRow> schedules() {
    try {
      List<ScheduleRow> stored = records.schedules();
      for (String replica : settings.replicaIds()) {
        for (AuditKind kind : AuditKind.values()) {
          if (stored.stream().noneMatch(s -> s.replica().equals(replica) && s.kind() == kind)) {
            int hours = kind == AuditKind.LIST ? DEFAULT_LIST_HOURS : DEFAULT_CHECKSUM_HOURS;
            records.schedule(
                new ScheduleRow(
                    replica, kind, hours, clock.instant().plus(Duration.ofHours(hours))));
          }
        }
      }
      return records.schedules().stream()
          .filter(s -> settings.replicaIds().contains(s.replica()))
          .toList();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the audit schedules: " + e, e);
    }
  }

  /**
   * Changes a schedule.
   *
   * @param intervalHours every so many hours; 0 for never
   * @param nextRunAt the next run; null for one interval from now
   * @throws IllegalArgumentException naming the value if the replica is unknown or the interval out
   *     of range
   */
  public ScheduleRow schedule(
      String replica, AuditKind kind, int intervalHours, Instant nextRunAt) {
    requireReplica(replica);
    if (intervalHours < 0 || intervalHours > 24 * 3660) {
      throw new IllegalArgumentException(
          "intervalHours must be 0 (never) to 87840, was " + intervalHours);
    }
    ScheduleRow row =
        new ScheduleRow(
            replica,
            kind,
            intervalHours,
            intervalHours == 0
                ? null
                : nextRunAt != null
                    ? nextRunAt
                    : clock.instant().plus(Duration.ofHours(intervalHours)));
    try {
      schedules();
      records.schedule(row);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot store the audit schedule: " + e, e);
    }
    return row;
  }

  /**
   * A run.
   *
   * @throws IllegalArgumentException naming the id if there is none
   */
  public AuditRun run(long runId) {
    try {
      return records
          .run(runId)
          .orElseThrow(
              () ->
                  new org.netarchive.ee.scheduler.application.domain.NotFoundException(
                      "There is no audit run " + runId));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read audit run " + runId + ": " + e, e);
    }
  }

  /** The latest runs, newest first; of one replica if given. */
  public List<AuditRun> latest(String replica, int max) {
    if (replica != null) {
      requireReplica(replica);
    }
    try {
      return records.latestRuns(replica, max);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the audit runs: " + e, e);
    }
  }

  private void launch(long runId) throws SQLException {
    Properties parameters = new Properties();
    parameters.setProperty("runId", Long.toString(runId));
    long execution = BatchRuntime.getJobOperator().start(JOB, parameters);
    STARTED_HERE.add(execution);
    records.running(runId, execution);
  }

  private static boolean isRunning(long executionId) {
    if (!STARTED_HERE.contains(executionId)) {
      return false;
    }
    JobOperator operator = BatchRuntime.getJobOperator();
    try {
      BatchStatus status = operator.getJobExecution(executionId).getBatchStatus();
      return status == BatchStatus.STARTING
          || status == BatchStatus.STARTED
          || status == BatchStatus.STOPPING;
    } catch (NoSuchJobExecutionException e) {
      return false;
    }
  }

  private void requireReplica(String replica) {
    if (replica == null || !settings.replicaIds().contains(replica)) {
      throw new IllegalArgumentException(
          "Unknown replica '" + replica + "'; the replicas are " + settings.replicaIds());
    }
  }
}
