package org.netarchive.ee.archive.application;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.netarchive.ee.archive.domain.model.batch.BatchJob;
import org.netarchive.ee.archive.domain.model.batch.BatchJobs;
import org.netarchive.ee.archive.domain.model.batch.BatchRun;
import org.netarchive.ee.archive.domain.model.bitarchive.ArchiveRecords;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.domain.model.bitarchive.RecordExtent;
import org.netarchive.ee.archive.domain.model.bitarchive.StoreFailedException;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ArchiveMessaging;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.RemoteFiles;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.BitarchiveBatchReply;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netarchive.ee.common.message.RemoveAndGetFileRequest;
import org.netarchive.ee.common.message.UploadOutcome;
import org.netarchive.ee.common.message.UploadReply;
import org.netarchive.ee.common.message.UploadRequest;

/**
 * A bitarchive instance: fetches and stores files (ANY_BA of its replica); tells the checksum of
 * its copies, delivers files and records, and runs batch jobs (ALL_BA). Writing files takes as long
 * as it takes and is not transactional, so it runs outside a transaction; every answer goes to the
 * repository, and a repeated request is answered again (an upload of a file it holds answers
 * ALREADY_STORED; one that comes while the same name is being written here is left to that upload
 * to answer).
 */
@PermitAll
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Bitarchive {

  private static final Logger LOG = Logger.getLogger(Bitarchive.class.getName());

  @Inject private Bitarchives bitarchives;
  @Inject private ArchiveMessaging messaging;
  @Inject private ArchiveSettings settings;

  /** Fetches, verifies and stores a file, and answers the repository. */
  public void upload(UploadRequest request) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    long started = System.nanoTime();
    UploadOutcome outcome;
    String reason = null;
    String storedSha512 = null;
    try (InputStream data = bitarchives.remoteFiles().open(request.file())) {
      storedSha512 =
          storage
              .store(request.fileName(), data, request.file().size(), request.file().sha512())
              .sha512();
      outcome = UploadOutcome.STORED;
    } catch (StoreFailedException e) {
      if (e.reason() == StoreFailedException.Reason.BEING_STORED) {
        // The request came again (asked again for silence, or redelivered) while an earlier one
        // still writes the file here: that one answers (for a later attempt, the repository asks
        // again once the replica has been silent long enough).
        LOG.info(
            () -> uploadOf(request) + " not started: " + e.getMessage() + "; that upload answers");
        return;
      }
      outcome =
          e.reason() == StoreFailedException.Reason.ALREADY_STORED
              ? UploadOutcome.ALREADY_STORED
              : UploadOutcome.FAILED;
      reason = e.getMessage();
    } catch (IOException e) {
      outcome = UploadOutcome.FAILED;
      reason = e.getMessage() == null ? e.toString() : e.getMessage();
    }
    String why = reason;
    UploadOutcome result = outcome;
    double seconds = (System.nanoTime() - started) / 1e9;
    LOG.info(
        () ->
            uploadOf(request)
                + ": "
                + result
                + String.format(" in %.1f s", seconds)
                + (result == UploadOutcome.STORED
                    ? String.format(
                        " (%.0f MB/s)", request.file().size() / 1e6 / Math.max(seconds, 1e-3))
                    : "")
                + (why == null ? "" : ": " + why));
    messaging.toRepository(
        new UploadReply(
            request.replicaId(),
            request.fileName(),
            request.attempt(),
            outcome,
            reason,
            bitarchives.instanceName(),
            storedSha512));
  }

  private static String uploadOf(UploadRequest request) {
    return "Upload of '"
        + request.fileName()
        + "' to replica "
        + request.replicaId()
        + " (attempt "
        + request.attempt()
        + ")";
  }

  /** Delivers a whole file to the client, and answers it. */
  public void getFile(GetFileRequest request, Destination replyTo) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    GetFileReply reply;
    try {
      Path file = archived(storage, request.fileName(), request.replicaId());
      long size = Files.size(file);
      String sha512 = bitarchives.remoteFiles().deliver(request.target(), file, 0, size);
      reply =
          new GetFileReply(
              request.requestId(), request.fileName(), request.replicaId(), size, sha512, null);
    } catch (IOException | IllegalArgumentException e) {
      reply =
          new GetFileReply(
              request.requestId(), request.fileName(), request.replicaId(), 0, null, reason(e));
    }
    messaging.reply(replyTo, reply);
  }

  /**
   * Removes a bad copy (the credentialed correct operation): only with the configured credentials
   * and only if the copy has exactly the checksum given as bad; the copy is delivered to the client
   * first and then moved to the attic, never deleted. Answers the replica's monitor (reply-to),
   * which passes a removal on to the repository.
   */
  public void removeAndGetFile(RemoveAndGetFileRequest request, Destination replyTo) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    RemoveAndGetFileReply reply;
    try {
      String problem = settings.checkCorrectCredentials(request.credentials());
      if (problem != null) {
        throw new IllegalArgumentException(problem);
      }
      Path file = archived(storage, request.fileName(), request.replicaId());
      String actual = ChecksumAlgorithm.SHA512.of(file);
      if (!actual.equalsIgnoreCase(request.badSha512())) {
        throw new IllegalArgumentException(
            "the copy of '"
                + request.fileName()
                + "' in replica "
                + request.replicaId()
                + " has SHA-512 "
                + actual
                + ", not the given bad "
                + request.badSha512()
                + "; nothing removed");
      }
      long size = Files.size(file);
      String delivered = bitarchives.remoteFiles().deliver(request.target(), file, 0, size);
      if (!delivered.equalsIgnoreCase(actual)) {
        throw new IOException(
            "the copy of '"
                + request.fileName()
                + "' changed while it was delivered; nothing removed");
      }
      storage.moveToAttic(request.fileName());
      reply =
          new RemoveAndGetFileReply(
              request.requestId(), request.fileName(), request.replicaId(), size, actual, null);
    } catch (IOException | IllegalArgumentException e) {
      reply = RemoveAndGetFileReply.refused(request, reason(e));
    }
    messaging.reply(replyTo, reply);
  }

  /** Delivers the record at an offset to the client, and answers it. */
  public void getRecord(GetRecordRequest request, Destination replyTo) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    GetRecordReply reply;
    try {
      Path file = archived(storage, request.fileName(), request.replicaId());
      RecordExtent extent = ArchiveRecords.locate(file, request.offset());
      bitarchives.remoteFiles().deliver(request.target(), file, extent.offset(), extent.length());
      reply =
          new GetRecordReply(
              request.requestId(),
              request.fileName(),
              request.offset(),
              extent.length(),
              extent.recordType(),
              null);
    } catch (IOException | IllegalArgumentException e) {
      reply = GetRecordReply.refused(request, reason(e));
    }
    messaging.reply(replyTo, reply);
  }

  /**
   * Runs a batch job over this instance's files of the replica and answers the replica's monitor
   * (the request's reply-to) with its part: the result is delivered to the part target the monitor
   * gave this instance (a PUT to the central's transfer endpoint, the same way a bitarchive node
   * hands over a file it is asked for), or, when the request has none (a monitor of an earlier
   * version), left in the batch result directory for the monitor on this machine to read directly.
   * Either way the monitor combines it with the other instances' parts and removes it.
   */
  public void batch(BatchRequest request, Destination replyTo) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    BitarchiveBatchReply reply;
    Path result = null;
    try {
      BatchJob job = BatchJobs.named(request.job());
      Pattern pattern = BatchRun.filePattern(request.filePattern());
      Path results = Files.createDirectories(settings.batchResultDirectory());
      result = Files.createTempFile(results, "batch-" + job.name() + "-", ".result");
      BatchRun.Outcome outcome = BatchRun.run(job, request.parameters(), pattern, storage, result);
      String host = RemoteFiles.localHostName();
      Optional<DeliveryTarget> target = request.partTarget(bitarchives.instanceName());
      long size = Files.size(result);
      RemoteFileRef offered;
      if (target.isPresent()) {
        String sha512 = bitarchives.remoteFiles().deliver(target.get(), result, 0, size);
        offered = new RemoteFileRef(target.get().uri(), size, sha512, null, null, host);
      } else {
        offered =
            new RemoteFileRef(
                "http://" + host + "/bitarchive-batch-results/" + result.getFileName(),
                size,
                ChecksumAlgorithm.SHA512.of(result),
                null,
                result.toString(),
                host);
        // left for the monitor, which removes it
        result = null;
      }
      reply =
          new BitarchiveBatchReply(
              request.requestId(),
              request.replicaId(),
              bitarchives.instanceName(),
              outcome.filesProcessed(),
              outcome.fileFailures(),
              offered,
              null);
    } catch (IOException | IllegalArgumentException e) {
      reply =
          new BitarchiveBatchReply(
              request.requestId(),
              request.replicaId(),
              bitarchives.instanceName(),
              0,
              List.of(),
              null,
              reason(e));
    } finally {
      if (result != null) {
        try {
          Files.deleteIfExists(result);
        } catch (IOException e) {
          LOG.warning(() -> "Cannot remove batch result " + e);
        }
      }
    }
    messaging.reply(replyTo, reply);
  }

  private static Path archived(BitarchiveStorage storage, String name, String replicaId)
      throws IOException {
    if (storage.checksumOnly()) {
      throw new IOException(
          "replica "
              + replicaId
              + " keeps only the checksums of its files, not their bytes; use another replica");
    }
    return storage
        .find(name)
        .orElseThrow(
            () ->
                new java.nio.file.NoSuchFileException(
                    name, null, "no such file in the bitarchive of replica " + replicaId));
  }

  private static String reason(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException missing && missing.getReason() != null) {
      return "file '" + missing.getFile() + "': " + missing.getReason();
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  /**
   * Computes the checksum of a copy from the bytes on disk, and answers the replica's monitor,
   * which passed the request on (or the repository, which sent an earlier version's request
   * itself).
   */
  public void checksum(ChecksumRequest request, Destination replyTo) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    long started = System.nanoTime();
    String sha512 = null;
    String failure = null;
    try {
      Optional<String> checksum = storage.sha512(request.fileName());
      if (checksum.isPresent()) {
        sha512 = checksum.get();
      } else {
        failure = "file '" + request.fileName() + "' is not in this bitarchive";
      }
    } catch (IOException e) {
      failure = "cannot read file '" + request.fileName() + "': " + e.getMessage();
    }
    String result = failure == null ? "computed" : "failed: " + failure;
    LOG.info(
        () ->
            String.format(
                "Checksum of '%s' in replica %s %s in %.1f s",
                request.fileName(),
                request.replicaId(),
                result,
                (System.nanoTime() - started) / 1e9));
    ChecksumReply reply =
        new ChecksumReply(
            request.replicaId(),
            request.fileName(),
            sha512,
            failure,
            bitarchives.instanceName(),
            request.requestId());
    // Through the replica's monitor when it passed the request on; an earlier repository's request
    // (no id, no reply-to) is answered to the repository.
    if (replyTo != null && request.requestId() != null) {
      messaging.reply(replyTo, reply);
    } else {
      messaging.toRepository(reply);
    }
  }
}
