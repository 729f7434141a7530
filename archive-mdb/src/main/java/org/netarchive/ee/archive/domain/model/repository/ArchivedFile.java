package org.netarchive.ee.archive.domain.model.repository;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.netarchive.ee.common.archive.ArchiveFileNames;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

/**
 * A file in the archive with its copy on every replica: the store state machine of reference/004
 * ("Repository State Machine").
 *
 * <p>A store records the file with its SHA-512 checksum and asks every replica to upload it ({@link
 * ReplicaStoreState#UPLOAD_STARTED}). A replica's successful upload moves it to {@link
 * ReplicaStoreState#DATA_UPLOADED} and asks for the checksum of its copy; a matching checksum
 * completes it ({@link ReplicaStoreState#UPLOAD_COMPLETED}). A failed upload is tried again up to
 * the policy's number of re-uploads, then the replica is {@link ReplicaStoreState#UPLOAD_FAILED};
 * so is a replica whose copy has another checksum (a write-once copy cannot be re-uploaded over).
 * The waiting clients are answered OK when every replica has completed, and NOT OK as soon as one
 * has failed and none is still working. Storing a file again completes at once if every replica has
 * it, restarts the failed replicas otherwise, and is refused with another checksum.
 *
 * <p>Every method that reacts to a message is idempotent: a repeated or late answer from a replica
 * (delivery is at least once) that does not fit the replica's state changes nothing. Methods never
 * send anything; they return the {@link StoreAction}s to carry out in the same transaction.
 */
@Entity
@Table(name = "archive_file")
@NamedQuery(
    name = "ArchivedFile.byName",
    query = "SELECT f FROM ArchivedFile f WHERE f.name = :name")
@NamedQuery(
    name = "ArchivedFile.unfinished",
    query =
        "SELECT DISTINCT f FROM ArchivedFile f JOIN f.copies c WHERE c.state IN"
            + " (org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.UPLOAD_STARTED,"
            + " org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.DATA_UPLOADED)"
            + " ORDER BY f.name")
@NamedQuery(
    name = "ArchivedFile.silentSince",
    query =
        "SELECT DISTINCT f.name FROM ArchivedFile f JOIN f.copies c WHERE c.state IN"
            + " (org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.UPLOAD_STARTED,"
            + " org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.DATA_UPLOADED)"
            + " AND c.stateChangedAt <= :cutoff AND KEY(c) IN :replicas")
public class ArchivedFile {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "archive_file_seq")
  @SequenceGenerator(
      name = "archive_file_seq",
      sequenceName = "archive_file_seq",
      allocationSize = 50)
  @Column(name = "id")
  private Long id;

  @Column(name = "name", nullable = false, unique = true, length = 255)
  private String name;

  @Column(name = "sha512", nullable = false, length = 128)
  private String sha512;

  @Column(name = "size_bytes", nullable = false)
  private long size;

  @Embedded private FileSource source;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "archive_replica_copy", joinColumns = @JoinColumn(name = "file_id"))
  @MapKeyColumn(name = "replica_id", length = 40)
  private Map<String, ReplicaCopy> copies = new HashMap<>();

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "archive_store_waiter", joinColumns = @JoinColumn(name = "file_id"))
  private Set<StoreRequester> waiters = new LinkedHashSet<>();

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected ArchivedFile() {}

  private ArchivedFile(String name, String sha512, long size, FileSource source, Instant now) {
    this.name = ArchiveFileNames.requireValid(name);
    this.sha512 = ChecksumAlgorithm.SHA512.requireValid(sha512, "sha512 of file '" + name + "'");
    if (size < 0) {
      throw new IllegalArgumentException(
          "The size of file '" + name + "' must not be negative, was " + size);
    }
    this.size = size;
    this.source = source;
    this.createdAt = now;
  }

  /**
   * A file taken over from another archive in place: its copy on one replica was read and found to
   * have the checksum that archive recorded, so it is complete and verified there; nothing is sent.
   *
   * @param name the file's name; a plain file name
   * @param sha512 the SHA-512 computed from the copy
   * @param size the copy's length in bytes
   * @param replica the replica whose bitarchive holds the copy
   * @param now the time of the verification
   * @return the new file, with the one copy
   * @throws IllegalArgumentException if the name, checksum or size is invalid
   */
  public static ArchivedFile adopted(
      String name, String sha512, long size, String replica, Instant now) {
    ArchivedFile file = new ArchivedFile(name, sha512, size, null, now);
    file.copies.put(replica, ReplicaCopy.adopted(file.sha512, now));
    return file;
  }

  /**
   * Adds a verified copy taken over in place on another replica.
   *
   * @param replica the replica whose bitarchive holds the copy
   * @param copySha512 the SHA-512 computed from the copy
   * @param copySize the copy's length
   * @param now the time of the verification
   * @return whether the copy was added (false: the replica has a copy of the file already, which is
   *     left as it is)
   * @throws IllegalArgumentException if the copy has another checksum or length than the file
   */
  public boolean adoptCopy(String replica, String copySha512, long copySize, Instant now) {
    if (!sha512.equalsIgnoreCase(copySha512) || size != copySize) {
      throw new IllegalArgumentException(
          "The copy of file '"
              + name
              + "' on replica "
              + replica
              + " has SHA-512 "
              + copySha512
              + " and "
              + copySize
              + " bytes, but the archive has the file with SHA-512 "
              + sha512
              + " and "
              + size
              + " bytes");
    }
    if (copies.containsKey(replica)) {
      return false;
    }
    copies.put(replica, ReplicaCopy.adopted(sha512, now));
    return true;
  }

  /** A new file together with the actions that start storing it. */
  public record Started(ArchivedFile file, List<StoreAction> actions) {}

  /**
   * Starts storing a file the archive does not know yet: every replica of the policy is asked to
   * upload it.
   *
   * @param name the file's name; a plain file name
   * @param sha512 its SHA-512 checksum
   * @param size its length in bytes
   * @param source where the replicas fetch it
   * @param requester who waits for the answer
   * @param policy the replicas and re-uploads
   * @param now the time of the request
   * @return the new file and the upload requests to send
   * @throws IllegalArgumentException if the name, checksum or size is invalid
   */
  public static Started startStore(
      String name,
      String sha512,
      long size,
      FileSource source,
      StoreRequester requester,
      StorePolicy policy,
      Instant now) {
    ArchivedFile file = new ArchivedFile(name, sha512, size, source, now);
    file.waiters.add(requester);
    List<StoreAction> actions = new ArrayList<>();
    for (String replica : policy.replicaIds()) {
      file.copies.put(replica, ReplicaCopy.started(now));
      actions.add(file.upload(replica));
    }
    return new Started(file, actions);
  }

  /**
   * A client stores a file the archive knows already. With another checksum it is refused at once;
   * if every replica has it, the answer is OK at once; otherwise the client waits with the others,
   * failed replicas (and replicas added to the policy since) are asked to upload again from the new
   * source, replicas silent for {@link StorePolicy#askAgainAfter()} are sent their request again,
   * and the other replicas still working go on.
   *
   * @param sha512 the checksum the client gives
   * @param source where the replicas can fetch the file now
   * @param requester who waits for the answer
   * @param policy the replicas and re-uploads
   * @param now the time of the request
   * @return what to do
   */
  public List<StoreAction> storeAgain(
      String sha512, FileSource source, StoreRequester requester, StorePolicy policy, Instant now) {
    String given = ChecksumAlgorithm.SHA512.requireValid(sha512, "sha512 of file '" + name + "'");
    if (!given.equals(this.sha512)) {
      return List.of(
          new StoreAction.AnswerStore(
              requester,
              name,
              false,
              List.of(
                  "File '"
                      + name
                      + "' is archived already with SHA-512 "
                      + this.sha512
                      + ", not "
                      + given
                      + "; an archived file is never replaced. Store it under another name.")));
    }
    this.source = source;
    waiters.add(requester);
    List<StoreAction> actions = new ArrayList<>();
    for (String replica : policy.replicaIds()) {
      ReplicaCopy copy = copies.get(replica);
      if (copy == null) {
        copies.put(replica, ReplicaCopy.started(now));
        actions.add(upload(replica));
      } else if (copy.state() == ReplicaStoreState.UPLOAD_FAILED) {
        copy.restart(now);
        actions.add(upload(replica));
      } else {
        askAgainIfSilent(replica, copy, policy.askAgainAfter(), now, actions);
      }
    }
    actions.addAll(settle());
    return actions;
  }

  /**
   * Asks again those of the given replicas of this unfinished store that have been silent for at
   * least {@code silentFor}: their request or its answer may be lost (dead-lettered after failed
   * deliveries, say), and nothing else would ask again. The same attempt: the answer to either
   * request counts.
   *
   * @param replicas the replicas to ask, if silent
   * @param silentFor how long a replica's state must have stood still
   * @param now the time
   * @return the requests to send again; none if no replica is silent that long
   */
  public List<StoreAction> askSilentReplicasAgain(
      Collection<String> replicas, Duration silentFor, Instant now) {
    List<StoreAction> actions = new ArrayList<>();
    for (Map.Entry<String, ReplicaCopy> entry : new TreeMap<>(copies).entrySet()) {
      if (replicas.contains(entry.getKey())) {
        askAgainIfSilent(entry.getKey(), entry.getValue(), silentFor, now, actions);
      }
    }
    return actions;
  }

  private void askAgainIfSilent(
      String replica,
      ReplicaCopy copy,
      Duration silentFor,
      Instant now,
      List<StoreAction> actions) {
    if (!copy.state().inProgress() || copy.stateChangedAt().plus(silentFor).isAfter(now)) {
      return;
    }
    copy.moveTo(copy.state(), now);
    actions.add(
        copy.state() == ReplicaStoreState.UPLOAD_STARTED
            ? upload(replica)
            : new StoreAction.RequestChecksum(replica, name));
  }

  /**
   * A replica reports that it stored the file; its checksum is asked for next.
   *
   * @param replica the replica
   * @param attempt the attempt the report answers ({@link StoreAction.Upload#attempt()})
   * @param now the time of the report
   * @return what to do
   */
  public List<StoreAction> uploadSucceeded(String replica, int attempt, Instant now) {
    return uploadSucceeded(replica, attempt, null, now);
  }

  /**
   * A replica reports that it stored the file and, if it read its copy back after syncing it, the
   * checksum of that copy: that counts as the checksum report ({@link #checksumReported}), so no
   * separate request is needed; without it the checksum is asked for next.
   *
   * @param replica the replica
   * @param attempt the attempt the report answers ({@link StoreAction.Upload#attempt()})
   * @param storedSha512 the SHA-512 of the stored copy, read back; {@code null} if not given
   * @param now the time of the report
   * @return what to do
   */
  public List<StoreAction> uploadSucceeded(
      String replica, int attempt, String storedSha512, Instant now) {
    ReplicaCopy copy = awaitingUpload(replica, attempt);
    if (copy == null) {
      return List.of();
    }
    copy.moveTo(ReplicaStoreState.DATA_UPLOADED, now);
    if (storedSha512 != null) {
      return checksumReported(replica, storedSha512, now);
    }
    return List.of(new StoreAction.RequestChecksum(replica, name));
  }

  /**
   * A replica reports that it could not store the file. If it holds a file of that name already,
   * its checksum decides; otherwise the upload is tried again while the policy allows, and the
   * replica fails after that.
   *
   * @param replica the replica
   * @param attempt the attempt the report answers ({@link StoreAction.Upload#attempt()})
   * @param reason why, in the replica's words
   * @param alreadyStored whether the replica holds a file of that name already
   * @param policy the re-uploads allowed
   * @param now the time of the report
   * @return what to do
   */
  public List<StoreAction> uploadFailed(
      String replica,
      int attempt,
      String reason,
      boolean alreadyStored,
      StorePolicy policy,
      Instant now) {
    ReplicaCopy copy = awaitingUpload(replica, attempt);
    if (copy == null) {
      return List.of();
    }
    if (alreadyStored) {
      copy.moveTo(ReplicaStoreState.DATA_UPLOADED, now);
      return List.of(new StoreAction.RequestChecksum(replica, name));
    }
    return retryOrFail(replica, copy, "upload failed: " + reason, policy, now);
  }

  /**
   * A replica reports the checksum of its copy.
   *
   * @param replica the replica
   * @param checksum the SHA-512 checksum of its copy
   * @param now the time of the report
   * @return what to do
   */
  public List<StoreAction> checksumReported(String replica, String checksum, Instant now) {
    ReplicaCopy copy = copies.get(replica);
    if (copy == null) {
      return List.of();
    }
    boolean matches = sha512.equalsIgnoreCase(checksum);
    copy.checked(checksum, matches, now);
    if (copy.state() != ReplicaStoreState.DATA_UPLOADED) {
      return List.of();
    }
    if (matches) {
      copy.moveTo(ReplicaStoreState.UPLOAD_COMPLETED, now);
    } else {
      // A write-once copy cannot be uploaded over: only the credentialed correct operation can.
      copy.fail(
          "replica "
              + replica
              + " holds file '"
              + name
              + "' with SHA-512 "
              + checksum
              + ", expected "
              + sha512,
          now);
    }
    return settle();
  }

  /**
   * A replica could not tell the checksum of its copy (for example, it does not find the file): the
   * upload is tried again while the policy allows.
   *
   * @param replica the replica
   * @param reason why, in the replica's words
   * @param policy the re-uploads allowed
   * @param now the time of the report
   * @return what to do
   */
  public List<StoreAction> checksumFailed(
      String replica, String reason, StorePolicy policy, Instant now) {
    ReplicaCopy copy = copies.get(replica);
    if (copy == null || copy.state() != ReplicaStoreState.DATA_UPLOADED) {
      return List.of();
    }
    return retryOrFail(replica, copy, "checksum check failed: " + reason, policy, now);
  }

  /**
   * A replica's bad copy was removed by the credentialed correct operation: the replica no longer
   * holds the file, so its store counts as failed until the file is stored again (which uploads a
   * good copy to it).
   *
   * @param replica the replica
   * @param removedSha512 the SHA-512 checksum of the removed copy
   * @param now the time of the removal
   */
  public void copyRemoved(String replica, String removedSha512, Instant now) {
    ReplicaCopy copy = copies.get(replica);
    if (copy == null) {
      return;
    }
    copy.checked(removedSha512, sha512.equalsIgnoreCase(removedSha512), now);
    copy.fail(
        "copy with SHA-512 "
            + removedSha512
            + " removed by a correction at "
            + now
            + "; store the file again to upload a good copy",
        now);
  }

  /**
   * Repeats the outstanding requests of an unfinished store, e.g. after a restart. Replicas answer
   * repeated requests idempotently.
   *
   * @return the requests to send again
   */
  public List<StoreAction> resume() {
    List<StoreAction> actions = new ArrayList<>();
    for (Map.Entry<String, ReplicaCopy> entry : new TreeMap<>(copies).entrySet()) {
      switch (entry.getValue().state()) {
        case UPLOAD_STARTED -> actions.add(upload(entry.getKey()));
        case DATA_UPLOADED -> actions.add(new StoreAction.RequestChecksum(entry.getKey(), name));
        default -> {}
      }
    }
    actions.addAll(settle());
    return actions;
  }

  /** The replica's copy if it awaits the answer to this attempt; a stale answer gives null. */
  private ReplicaCopy awaitingUpload(String replica, int attempt) {
    ReplicaCopy copy = copies.get(replica);
    if (copy == null
        || copy.state() != ReplicaStoreState.UPLOAD_STARTED
        || copy.attempts() != attempt) {
      return null;
    }
    return copy;
  }

  private List<StoreAction> retryOrFail(
      String replica, ReplicaCopy copy, String reason, StorePolicy policy, Instant now) {
    if (copy.attempts() < policy.maxAttempts()) {
      copy.retry(now);
      return List.of(upload(replica));
    }
    copy.fail(
        "replica "
            + replica
            + ": "
            + reason
            + " (after "
            + copy.attempts()
            + (copy.attempts() == 1 ? " attempt)" : " attempts)"),
        now);
    return settle();
  }

  /** Answers the waiting clients once the outcome is known. */
  private List<StoreAction> settle() {
    if (waiters.isEmpty()) {
      return List.of();
    }
    boolean working = copies.values().stream().anyMatch(c -> c.state().inProgress());
    boolean completed =
        copies.values().stream().allMatch(c -> c.state() == ReplicaStoreState.UPLOAD_COMPLETED);
    List<String> failures =
        new TreeMap<>(copies)
            .values().stream()
                .filter(c -> c.state() == ReplicaStoreState.UPLOAD_FAILED)
                .map(ReplicaCopy::failureReason)
                .toList();
    if (!completed && (working || failures.isEmpty())) {
      return List.of();
    }
    List<StoreAction> answers = new ArrayList<>();
    for (StoreRequester requester : waiters) {
      answers.add(new StoreAction.AnswerStore(requester, name, completed, failures));
    }
    waiters.clear();
    return answers;
  }

  private StoreAction upload(String replica) {
    return new StoreAction.Upload(
        replica, name, source, size, sha512, copies.get(replica).attempts());
  }

  public Long id() {
    return id;
  }

  public String name() {
    return name;
  }

  public String sha512() {
    return sha512;
  }

  public long size() {
    return size;
  }

  public Instant createdAt() {
    return createdAt;
  }

  /** Where the replicas fetch the file while it is being stored. */
  public FileSource source() {
    return source;
  }

  /**
   * The copies by replica id, sorted by replica id.
   *
   * @return an unmodifiable view
   */
  public Map<String, ReplicaCopy> copies() {
    return Collections.unmodifiableMap(new TreeMap<>(copies));
  }

  /** The copy on one replica, if the file was ever stored there. */
  public Optional<ReplicaCopy> copy(String replica) {
    return Optional.ofNullable(copies.get(replica));
  }

  /** Whether every replica holds the file with its checksum. */
  public boolean completed() {
    return copies.values().stream().allMatch(c -> c.state() == ReplicaStoreState.UPLOAD_COMPLETED);
  }

  /** The clients waiting for the outcome of the store. */
  public Set<StoreRequester> waiters() {
    return Collections.unmodifiableSet(waiters);
  }
}
