package org.netarchive.ee.archive.domain.model.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import java.time.Instant;

/** What the repository knows about one replica's copy of a file. */
@Embeddable
public class ReplicaCopy {

  private static final int MAX_REASON = 2000;

  @Enumerated(EnumType.STRING)
  @Column(name = "store_state", nullable = false, length = 20)
  private ReplicaStoreState state;

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Column(name = "failure_reason", length = MAX_REASON)
  private String failureReason;

  @Column(name = "state_changed_at", nullable = false)
  private Instant stateChangedAt;

  @Column(name = "replica_checksum", length = 128)
  private String replicaChecksum;

  @Enumerated(EnumType.STRING)
  @Column(name = "checksum_status", nullable = false, length = 20)
  private ChecksumStatus checksumStatus;

  @Column(name = "checksum_checked_at")
  private Instant checksumCheckedAt;

  protected ReplicaCopy() {}

  static ReplicaCopy started(Instant now) {
    ReplicaCopy copy = new ReplicaCopy();
    copy.checksumStatus = ChecksumStatus.UNKNOWN;
    copy.restart(now);
    return copy;
  }

  /** A copy adopted in place whose checksum was computed from the bytes on the replica's disk. */
  static ReplicaCopy adopted(String sha512, Instant now) {
    ReplicaCopy copy = new ReplicaCopy();
    copy.attempts = 1;
    copy.moveTo(ReplicaStoreState.UPLOAD_COMPLETED, now);
    copy.checked(sha512, true, now);
    return copy;
  }

  void restart(Instant now) {
    attempts = 1;
    failureReason = null;
    moveTo(ReplicaStoreState.UPLOAD_STARTED, now);
  }

  void retry(Instant now) {
    attempts++;
    moveTo(ReplicaStoreState.UPLOAD_STARTED, now);
  }

  void moveTo(ReplicaStoreState next, Instant now) {
    state = next;
    stateChangedAt = now;
  }

  void fail(String reason, Instant now) {
    failureReason = reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON);
    moveTo(ReplicaStoreState.UPLOAD_FAILED, now);
  }

  void checked(String checksum, boolean matches, Instant now) {
    replicaChecksum = checksum;
    checksumStatus = matches ? ChecksumStatus.OK : ChecksumStatus.CORRUPT;
    checksumCheckedAt = now;
  }

  public ReplicaStoreState state() {
    return state;
  }

  /** Uploads tried in the current store, counting the first. */
  public int attempts() {
    return attempts;
  }

  /** Why the store on this replica failed, or {@code null}. */
  public String failureReason() {
    return failureReason;
  }

  public Instant stateChangedAt() {
    return stateChangedAt;
  }

  /** The checksum the replica last reported for its copy, or {@code null}. */
  public String replicaChecksum() {
    return replicaChecksum;
  }

  public ChecksumStatus checksumStatus() {
    return checksumStatus;
  }

  public Instant checksumCheckedAt() {
    return checksumCheckedAt;
  }
}
