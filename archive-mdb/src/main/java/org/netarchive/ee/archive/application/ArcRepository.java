package org.netarchive.ee.archive.application;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.netarchive.ee.archive.domain.model.repository.ArchivedFile;
import org.netarchive.ee.archive.domain.model.repository.ArchivedFileRepository;
import org.netarchive.ee.archive.domain.model.repository.ChecksumStatus;
import org.netarchive.ee.archive.domain.model.repository.FileSource;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;
import org.netarchive.ee.archive.domain.model.repository.StoreAction;
import org.netarchive.ee.archive.domain.model.repository.StoreRequester;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ArchiveMessaging;
import org.netarchive.ee.common.archive.RemoteFiles;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netarchive.ee.common.message.RemoveAndGetFileRequest;
import org.netarchive.ee.common.message.StoreRequest;
import org.netarchive.ee.common.message.UploadOutcome;
import org.netarchive.ee.common.message.UploadReply;
import org.netarchive.ee.scheduler.application.job.RevisitDependencies;

/**
 * The repository (THE_REPOS): drives every stored file onto every replica through the state machine
 * of {@link ArchivedFile}. Each message is handled in the transaction that consumed it: the admin
 * data changes and the messages it causes are committed together, or not at all.
 */
@PermitAll
@Stateless
public class ArcRepository {

  private static final Logger LOG = Logger.getLogger(ArcRepository.class.getName());

  /** The most dependent jobs a refusal names. */
  private static final int MAX_JOBS_NAMED = 20;

  @Inject private ArchivedFileRepository files;
  @Inject private ArchiveSettings settings;
  @Inject private ArchiveMessaging messaging;
  @Inject private StoreReplyRoutes replyRoutes;
  @Inject private RevisitDependencies revisits;
  @EJB private ArchiveUploads uploads;
  @Resource private TransactionSynchronizationRegistry transaction;

  private final Clock clock = Clock.systemUTC();

  /** Handles one message from THE_REPOS. */
  public void handle(Message message, Destination replyTo) {
    switch (message) {
      case StoreRequest store -> store(store, replyTo);
      case UploadReply reply -> uploadReplied(reply);
      case ChecksumReply reply -> checksumReplied(reply);
      case GetFileRequest get -> getFile(get, requireReplyTo(get, replyTo));
      case GetRecordRequest get -> getRecord(get, requireReplyTo(get, replyTo));
      case BatchRequest batch -> batch(batch, requireReplyTo(batch, replyTo));
      case RemoveAndGetFileRequest remove -> removeAndGet(remove, requireReplyTo(remove, replyTo));
      case RemoveAndGetFileReply removed -> removed(removed, requireReplyTo(removed, replyTo));
      default ->
          throw new IllegalArgumentException(
              "THE_REPOS takes StoreRequest, UploadReply, ChecksumReply, GetFileRequest,"
                  + " GetRecordRequest, BatchRequest, RemoveAndGetFileRequest and"
                  + " RemoveAndGetFileReply messages, not "
                  + message.getClass().getSimpleName());
    }
  }

  private static Destination requireReplyTo(Message request, Destination replyTo) {
    if (replyTo == null) {
      throw new IllegalArgumentException(
          request.getClass().getSimpleName()
              + " has no reply-to destination; it cannot be answered");
    }
    return replyTo;
  }

  /** The replica to read a file from, or why there is none. */
  private record ReplicaChoice(String replica, String problem) {}

  private ReplicaChoice chooseReplica(String fileName, String requested) {
    String problem = problemWithReplica(requested);
    if (problem != null || requested != null) {
      return new ReplicaChoice(requested, problem);
    }
    String completed = completedReplica(fileName);
    return completed != null
        ? new ReplicaChoice(completed, null)
        : new ReplicaChoice(null, noCompleteCopy(fileName));
  }

  private void getFile(GetFileRequest request, Destination replyTo) {
    ReplicaChoice choice = chooseReplica(request.fileName(), request.replicaId());
    if (choice.problem() != null) {
      messaging.reply(replyTo, GetFileReply.refused(request, choice.problem()));
      return;
    }
    messaging.toMonitor(
        choice.replica(),
        new GetFileRequest(
            request.requestId(), request.fileName(), choice.replica(), request.target()),
        replyTo);
  }

  private void getRecord(GetRecordRequest request, Destination replyTo) {
    ReplicaChoice choice = chooseReplica(request.fileName(), request.replicaId());
    if (choice.problem() != null) {
      messaging.reply(replyTo, GetRecordReply.refused(request, choice.problem()));
      return;
    }
    messaging.toMonitor(
        choice.replica(),
        new GetRecordRequest(
            request.requestId(),
            request.fileName(),
            request.offset(),
            choice.replica(),
            request.target()),
        replyTo);
  }

  private void batch(BatchRequest request, Destination replyTo) {
    String problem = problemWithReplica(request.replicaId());
    if (problem != null) {
      messaging.reply(replyTo, BatchReply.refused(request, problem));
      return;
    }
    messaging.toMonitor(request.replicaId(), request, replyTo);
  }

  /**
   * The credentialed correct operation: checks the credentials, the file, the replica, that the
   * checksum given as bad is not the file's archived one and that removing the copy leaves later
   * jobs' revisits their original (see {@link #revisitProblem}), then passes the request to the
   * replica's monitor. Nothing is changed here: the admin data follows the bitarchive's answer.
   */
  private void removeAndGet(RemoveAndGetFileRequest request, Destination replyTo) {
    String problem = settings.checkCorrectCredentials(request.credentials());
    if (problem == null) {
      problem = problemWithReplica(request.replicaId());
    }
    if (problem == null) {
      Optional<ArchivedFile> file = files.find(request.fileName());
      if (file.isEmpty()) {
        problem = "unknown file '" + request.fileName() + "': it is not in the archive";
      } else if (file.get().sha512().equalsIgnoreCase(request.badSha512())) {
        problem =
            "SHA-512 "
                + request.badSha512()
                + " is the archived checksum of '"
                + request.fileName()
                + "': a good copy is never removed";
      } else {
        problem = revisitProblem(file.get(), request.replicaId());
      }
    }
    if (problem != null) {
      String why = problem;
      LOG.warning(
          () ->
              "Refused to remove the copy of '"
                  + request.fileName()
                  + "' in replica "
                  + request.replicaId()
                  + ": "
                  + why);
      messaging.reply(replyTo, RemoveAndGetFileReply.refused(request, problem));
      return;
    }
    messaging.toMonitor(request.replicaId(), request, replyTo);
  }

  /**
   * A bitarchive delivered and removed a bad copy (passed on by the replica's monitor): records
   * that the replica no longer holds the file, then answers the client.
   */
  private void removed(RemoveAndGetFileReply reply, Destination client) {
    Optional<ArchivedFile> file = files.findForUpdate(reply.fileName());
    if (file.isPresent() && reply.ok()) {
      file.get().copyRemoved(reply.replicaId(), reply.sha512(), clock.instant());
      LOG.warning(
          () ->
              "Removed the copy of '"
                  + reply.fileName()
                  + "' with SHA-512 "
                  + reply.sha512()
                  + " from replica "
                  + reply.replicaId()
                  + " (delivered to the client, kept in the bitarchive's attic)");
    }
    messaging.reply(client, reply);
  }

  /**
   * Why removing a replica's copy of a file would break the replay of later jobs, or null. Jobs
   * whose revisit records point into the file need it readable: its copy may only be removed while
   * another replica holds a complete copy with the archived checksum, so that the originals stay in
   * the archive (and the removed copy can be replaced from it).
   */
  private String revisitProblem(ArchivedFile file, String replica) {
    boolean goodCopyStays =
        file.copies().entrySet().stream()
            .anyMatch(
                c ->
                    !c.getKey().equals(replica)
                        && c.getValue().state() == ReplicaStoreState.UPLOAD_COMPLETED
                        && c.getValue().checksumStatus() == ChecksumStatus.OK);
    if (goodCopyStays) {
      return null;
    }
    List<Long> jobs = revisits.jobsDependingOn(file.name(), MAX_JOBS_NAMED + 1);
    if (jobs.isEmpty()) {
      return null;
    }
    String named =
        jobs.stream().limit(MAX_JOBS_NAMED).map(String::valueOf).collect(Collectors.joining(", "));
    return "'"
        + file.name()
        + "' holds the originals of revisit records of job(s) "
        + named
        + (jobs.size() > MAX_JOBS_NAMED ? " and more" : "")
        + ", and no other replica holds a good copy: removing this one would break their replay."
        + " Store a good copy in another replica first";
  }

  /** Why a named replica cannot be used, or null; no replica named is fine. */
  private String problemWithReplica(String replicaId) {
    if (replicaId == null || settings.replicaIds().contains(replicaId)) {
      return null;
    }
    return "unknown replica '" + replicaId + "'; the replicas are " + settings.replicaIds();
  }

  /** A replica holding the file completely, in the configured order; null if none. */
  private String completedReplica(String fileName) {
    Optional<ArchivedFile> file = files.find(fileName);
    if (file.isEmpty()) {
      return null;
    }
    for (String replica : settings.replicaIds()) {
      if (settings.checksumOnly(replica)) {
        continue;
      }
      if (file.get()
          .copy(replica)
          .map(c -> c.state() == ReplicaStoreState.UPLOAD_COMPLETED)
          .orElse(false)) {
        return replica;
      }
    }
    return null;
  }

  private String noCompleteCopy(String fileName) {
    return files.find(fileName).isEmpty()
        ? "unknown file '" + fileName + "': it is not in the archive"
        : "file '" + fileName + "' is not completely stored in any replica yet";
  }

  private void store(StoreRequest request, Destination replyTo) {
    String replyName = replyTo == null ? "(none)" : replyTo.toString();
    StoreRequester requester =
        new StoreRequester(
            request.requestId(),
            replyName.length() > 300 ? replyName.substring(0, 300) : replyName);
    replyRoutes.remember(request.requestId(), replyTo);
    RemoteFileRef ref = request.file();
    LOG.fine(
        () ->
            "Store of '"
                + request.fileName()
                + "' ("
                + ref.size()
                + " bytes) requested by "
                + request.requestId());
    FileSource source = new FileSource(ref.uri(), ref.token(), ref.localPath(), ref.host());
    if (ref.localPath() == null) {
      // An agent's upload staged here: the bitarchives on this machine read it from the staging
      // directory (their checksum still verified), others fetch it over HTTP.
      Optional<Path> staged = uploads.stagedFileOffered(ref.uri());
      if (staged.isPresent()) {
        source =
            new FileSource(
                ref.uri(), ref.token(), staged.get().toString(), RemoteFiles.localHostName());
      }
    }
    Optional<ArchivedFile> known = files.findForUpdate(request.fileName());
    List<StoreAction> actions;
    if (known.isPresent()) {
      actions =
          known
              .get()
              .storeAgain(ref.sha512(), source, requester, settings.storePolicy(), clock.instant());
    } else {
      ArchivedFile.Started started =
          ArchivedFile.startStore(
              request.fileName(),
              ref.sha512(),
              ref.size(),
              source,
              requester,
              settings.storePolicy(),
              clock.instant());
      files.add(started.file());
      actions = started.actions();
    }
    carryOut(actions);
  }

  private void uploadReplied(UploadReply reply) {
    LOG.fine(
        () ->
            "Upload of '"
                + reply.fileName()
                + "' to replica "
                + reply.replicaId()
                + " answered "
                + reply.outcome()
                + (reply.sha512() != null ? ", with the checksum of its copy read back" : ""));
    Optional<ArchivedFile> file = files.findForUpdate(reply.fileName());
    if (file.isEmpty()) {
      LOG.warning(() -> "Upload reply for unknown file '" + reply.fileName() + "' ignored");
      return;
    }
    List<StoreAction> actions =
        reply.outcome() == UploadOutcome.STORED
            ? file.get()
                .uploadSucceeded(
                    reply.replicaId(), reply.attempt(), reply.sha512(), clock.instant())
            : file.get()
                .uploadFailed(
                    reply.replicaId(),
                    reply.attempt(),
                    reply.reason() + " (bitarchive " + reply.bitarchive() + ")",
                    reply.outcome() == UploadOutcome.ALREADY_STORED,
                    settings.storePolicy(),
                    clock.instant());
    carryOut(actions);
  }

  private void checksumReplied(ChecksumReply reply) {
    LOG.fine(
        () ->
            "Checksum of '"
                + reply.fileName()
                + "' in replica "
                + reply.replicaId()
                + (reply.sha512() != null ? " answered" : " failed: " + reply.failure()));
    Optional<ArchivedFile> file = files.findForUpdate(reply.fileName());
    if (file.isEmpty()) {
      LOG.warning(() -> "Checksum reply for unknown file '" + reply.fileName() + "' ignored");
      return;
    }
    List<StoreAction> actions =
        reply.sha512() != null
            ? file.get().checksumReported(reply.replicaId(), reply.sha512(), clock.instant())
            : file.get()
                .checksumFailed(
                    reply.replicaId(),
                    reply.failure() + " (bitarchive " + reply.bitarchive() + ")",
                    settings.storePolicy(),
                    clock.instant());
    carryOut(actions);
  }

  /**
   * Carries out the state machine's actions. Once a store's answer is committed, its client's route
   * is forgotten and, if the answer is OK, the file's staged upload released; never before: a
   * transaction that rolls back is redelivered and answers again.
   */
  private void carryOut(List<StoreAction> actions) {
    messaging.carryOut(actions);
    for (StoreAction action : actions) {
      if (action instanceof StoreAction.AnswerStore answer) {
        afterCommit(
            () -> {
              replyRoutes.forget(answer.requester().requestId());
              if (answer.ok()) {
                uploads.release(answer.fileName());
              }
            });
      }
    }
  }

  private void afterCommit(Runnable work) {
    if (transaction == null || transaction.getTransactionKey() == null) {
      work.run();
      return;
    }
    transaction.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            if (status == Status.STATUS_COMMITTED) {
              work.run();
            }
          }
        });
  }

  /**
   * The SHA-512 that an unfinished store of a file expects, if one is under way (its staged upload
   * is then kept against a different upload of the name).
   *
   * @param fileName the file's name
   */
  public Optional<String> unfinishedStoreChecksum(String fileName) {
    return files
        .find(fileName)
        .filter(
            file ->
                file.copies().values().stream()
                    .anyMatch(
                        copy ->
                            copy.state() == ReplicaStoreState.UPLOAD_STARTED
                                || copy.state() == ReplicaStoreState.DATA_UPLOADED))
        .map(ArchivedFile::sha512);
  }

  /** The names of the files whose stores are unfinished (their staged uploads are needed). */
  public Set<String> unfinishedFileNames() {
    return files.unfinished().stream().map(ArchivedFile::name).collect(Collectors.toSet());
  }

  /**
   * Asks again those of the given replicas of unfinished stores that have been silent for at least
   * {@code silentFor} (see {@link ArchivedFile#askSilentReplicasAgain}): a request lost on the way
   * (a dead-lettered upload of a node killed while it ran, say) would otherwise leave its store
   * waiting until the next start. At most {@code max} files, in this transaction.
   *
   * @param replicas the replicas to ask, if silent
   * @param silentFor how long a replica's state must have stood still
   * @param max the most files to handle
   * @return the names of the files whose replicas were asked again
   */
  public List<String> askSilentReplicasAgain(List<String> replicas, Duration silentFor, int max) {
    Instant now = clock.instant();
    List<String> asked = new ArrayList<>();
    for (String name : files.silentSince(replicas, now.minus(silentFor), max)) {
      Optional<ArchivedFile> file = files.findForUpdate(name);
      if (file.isEmpty()) {
        continue;
      }
      List<StoreAction> actions = file.get().askSilentReplicasAgain(replicas, silentFor, now);
      if (actions.isEmpty()) {
        continue;
      }
      asked.add(name);
      LOG.info(
          () ->
              "Asked again, silent for "
                  + silentFor.toSeconds()
                  + " s or more: "
                  + actions.stream()
                      .map(ArcRepository::describe)
                      .collect(Collectors.joining(", ")));
      carryOut(actions);
    }
    return asked;
  }

  private static String describe(StoreAction action) {
    return switch (action) {
      case StoreAction.Upload upload ->
          "replica "
              + upload.replicaId()
              + " to upload '"
              + upload.fileName()
              + "' (attempt "
              + upload.attempt()
              + ")";
      case StoreAction.RequestChecksum checksum ->
          "replica " + checksum.replicaId() + " for the checksum of '" + checksum.fileName() + "'";
      default -> action.toString();
    };
  }

  /**
   * Repeats the outstanding requests of every unfinished store, first offering again the staged
   * uploads the replicas fetch for them; at start-up.
   */
  public int resumeUnfinishedStores() {
    List<ArchivedFile> unfinished = files.unfinished();
    for (ArchivedFile file : unfinished) {
      FileSource source = file.source();
      if (source != null && uploads.reoffer(file.name(), source.uri(), source.token())) {
        LOG.fine(() -> "Staged upload of '" + file.name() + "' offered again for its store");
      }
      carryOut(file.resume());
    }
    return unfinished.size();
  }
}
