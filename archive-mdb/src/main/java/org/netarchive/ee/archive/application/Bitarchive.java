package org.netarchive.ee.archive.application;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.logging.Logger;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.domain.model.bitarchive.StoreFailedException;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ArchiveMessaging;
import org.netarchive.ee.common.archive.RemoteFiles;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.UploadOutcome;
import org.netarchive.ee.common.message.UploadReply;
import org.netarchive.ee.common.message.UploadRequest;

/**
 * A bitarchive instance: fetches and stores files (ANY_BA of its replica) and tells the checksum of
 * its copies (ALL_BA). Writing files takes as long as it takes and is not transactional, so it runs
 * outside a transaction; every answer goes to the repository, and a repeated request is answered
 * again (an upload of a file it holds answers ALREADY_STORED).
 */
@PermitAll
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Bitarchive {

  private static final Logger LOG = Logger.getLogger(Bitarchive.class.getName());

  @Inject private Bitarchives bitarchives;
  @Inject private ArchiveMessaging messaging;

  private final RemoteFiles remoteFiles = new RemoteFiles();

  /** Fetches, verifies and stores a file, and answers the repository. */
  public void upload(UploadRequest request) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
    UploadOutcome outcome;
    String reason = null;
    try (InputStream data = remoteFiles.open(request.file())) {
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

  /** Computes the checksum of a copy from the bytes on disk, and answers the repository. */
  public void checksum(ChecksumRequest request) {
    BitarchiveStorage storage = bitarchives.of(request.replicaId());
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
    messaging.toRepository(
        new ChecksumReply(
            request.replicaId(), request.fileName(), sha512, failure, bitarchives.instanceName()));
  }
}
