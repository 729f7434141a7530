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
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.UploadOutcome;
import org.netarchive.ee.common.message.UploadReply;
import org.netarchive.ee.common.message.UploadRequest;

/**
 * A bitarchive instance: fetches and stores files (ANY_BA of its replica); tells the checksum of
 * its copies, delivers files and records, and runs batch jobs (ALL_BA). Writing files takes as long
 * as it takes and is not transactional, so it runs outside a transaction; every answer goes to the
 * repository, and a repeated request is answered again (an upload of a file it holds answers
 * ALREADY_STORED).
 */
@PermitAll
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Bitarchive {

  private static final Logger LOG = Logger.getLogger(Bitarchive.class.getName());

  @Inject private Bitarchives bitarchives;
  @Inject private ArchiveMessaging messaging;

  /** Fetches, verifies and stores a file, and answers the repository. */
  public void upload(UploadRequest request) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    long started = System.nanoTime();
    UploadOutcome outcome;
    String reason = null;
    try (InputStream data = bitarchives.remoteFiles().open(request.file())) {
      storage.store(request.fileName(), data, request.file().size(), request.file().sha512());
      outcome = UploadOutcome.STORED;
    } catch (StoreFailedException e) {
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
            "Upload of '"
                + request.fileName()
                + "' to replica "
                + request.replicaId()
                + " (attempt "
                + request.attempt()
                + "): "
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
            bitarchives.instanceName()));
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

  /** Runs a batch job over the replica's files, delivers the result, and answers the client. */
  public void batch(BatchRequest request, Destination replyTo) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    BatchReply reply;
    Path result = null;
    try {
      BatchJob job = BatchJobs.named(request.job());
      Pattern pattern = BatchRun.filePattern(request.filePattern());
      result = Files.createTempFile("batch-" + job.name() + "-", ".result");
      BatchRun.Outcome outcome = BatchRun.run(job, request.parameters(), pattern, storage, result);
      long size = Files.size(result);
      String sha512 = bitarchives.remoteFiles().deliver(request.target(), result, 0, size);
      reply =
          new BatchReply(
              request.requestId(),
              request.job(),
              request.replicaId(),
              outcome.filesProcessed(),
              outcome.fileFailures(),
              size,
              sha512,
              null);
    } catch (IOException | IllegalArgumentException e) {
      reply = BatchReply.refused(request, reason(e));
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

  /** Computes the checksum of a copy from the bytes on disk, and answers the repository. */
  public void checksum(ChecksumRequest request) {
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
    messaging.toRepository(
        new ChecksumReply(
            request.replicaId(), request.fileName(), sha512, failure, bitarchives.instanceName()));
  }
}
