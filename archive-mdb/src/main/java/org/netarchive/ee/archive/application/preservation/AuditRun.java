package org.netarchive.ee.archive.application.preservation;

import java.time.Instant;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;

/**
 * One audit of one replica and how far it got.
 *
 * @param id the run's id
 * @param replica the replica audited
 * @param kind file list or checksums
 * @param status RUNNING, PAUSED, COMPLETED or FAILED
 * @param startedBy the account, or the schedule, that started it
 * @param startedAt when
 * @param finishedAt when it completed or failed; null while it runs
 * @param executionId the batch execution running it (the latest, after a pause or a restart)
 * @param filesExpected the copies the admin data says the replica holds
 * @param filesChecked files of the replica's disk checked so far
 * @param bytesChecked bytes read so far (checksum audits)
 * @param ok copies found good, once applied
 * @param missing copies found missing
 * @param corrupt copies found corrupt
 * @param unknown unknown files found
 * @param failure why it failed, or null
 */
public record AuditRun(
    long id,
    String replica,
    AuditKind kind,
    String status,
    String startedBy,
    Instant startedAt,
    Instant finishedAt,
    Long executionId,
    long filesExpected,
    long filesChecked,
    long bytesChecked,
    long ok,
    long missing,
    long corrupt,
    long unknown,
    String failure)
    implements java.io.Serializable {

  /** Whether it is still to be finished (running or paused). */
  public boolean unfinished() {
    return status.equals("RUNNING") || status.equals("PAUSED");
  }
}
