package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * Files the harvester agents upload to the server ({@code PUT /api/transfers/uploads/{fileName}},
 * the web module's {@code TransfersResource}), so that nothing has to connect into an agent: each
 * is staged ({@link StagingArea}, {@code NAS_ARCHIVE_STAGING_DIR}) and offered to the replicas on
 * the server's own transfer endpoint ({@link ArchiveTransfers}), like the files of the server's own
 * archive clients. The agent then asks the repository to store the file as before, naming the
 * offer. The staged file stays until the repository answers that store OK, i.e. every replica holds
 * it with its checksum ({@link ArcRepository} calls {@link #release} after that commit), and is
 * kept when a store fails, for the agent's next attempt. A staged file no unfinished store needs is
 * deleted once it was last uploaded longer ago than {@code NAS_ARCHIVE_STAGING_MAX_AGE_DAYS} (its
 * agent gave up, or its store was refused; the agent still has the file), at start-up ({@link
 * ArchiveStartup}) and every hour.
 */
@PermitAll
@Singleton
@LocalBean
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ArchiveUploads {

  private static final Logger LOG = Logger.getLogger(ArchiveUploads.class.getName());

  @Inject private ArchiveSettings settings;
  @EJB private ArchiveTransfers transfers;
  @Inject private ArcRepository repository;

  private StagingArea staging;

  /** The container's constructor. */
  public ArchiveUploads() {}

  @PostConstruct
  void init() {
    try {
      staging = new StagingArea(settings.stagingDirectory(), repository::unfinishedStoreChecksum);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot use the staging directory "
              + settings.stagingDirectory()
              + " (NAS_ARCHIVE_STAGING_DIR) for the agents' uploads",
          e);
    }
    LOG.info(() -> "Agents' uploads are staged in " + staging.directory());
  }

  /**
   * Stages an uploaded file and offers it to the replicas.
   *
   * @param fileName the file's name
   * @param body its bytes
   * @param length the announced length
   * @param sha512 the announced SHA-512
   * @param from where the upload came from (the client's address as the server sees it), for the
   *     log
   * @return the offer to name in the store request
   * @throws StagingArea.Refusal naming the file and what is wrong
   * @throws IOException if it cannot be written
   */
  public RemoteFileRef upload(
      String fileName, InputStream body, String length, String sha512, String from)
      throws StagingArea.Refusal, IOException {
    return offered(staging.stage(fileName, body, length, sha512), from, "");
  }

  /** Logs a staged upload and offers it to the replicas. */
  private RemoteFileRef offered(StagingArea.Staged staged, String from, String note)
      throws IOException {
    LOG.info(
        () ->
            "Upload of '"
                + staged.file().getFileName()
                + "' ("
                + staged.size()
                + " bytes) from "
                + from
                + ": "
                + staged.outcome().name().toLowerCase(Locale.ROOT)
                + note);
    return transfers.offer(staged.file(), staged.sha512());
  }

  /**
   * Receives an uploaded file whose sender computes its checksum while sending it; it is staged and
   * offered when the sender confirms that checksum ({@link #confirm}).
   *
   * @param fileName the file's name
   * @param body its bytes
   * @param length the announced length
   * @param from where the upload came from, for the log
   * @return the received upload, with the length that arrived
   * @throws StagingArea.Refusal naming the file and what is wrong
   * @throws IOException if it cannot be written
   */
  public StagingArea.Pending receive(String fileName, InputStream body, String length, String from)
      throws StagingArea.Refusal, IOException {
    StagingArea.Pending received = staging.receive(fileName, body, length);
    LOG.info(
        () ->
            "Upload of '"
                + fileName
                + "' ("
                + received.size()
                + " bytes) from "
                + from
                + ": received, waiting for the sender's checksum");
    return received;
  }

  /**
   * Stages a received upload under the checksum its sender computed while sending it, and offers it
   * to the replicas (which verify their copies against it).
   *
   * @param fileName the file's name
   * @param id the received upload's id ({@link #receive})
   * @param sha512 the SHA-512 the sender computed
   * @param from where the confirmation came from, for the log
   * @return the offer to name in the store request
   * @throws StagingArea.Refusal naming the file and what is wrong
   * @throws IOException if it cannot be staged
   */
  public RemoteFileRef confirm(String fileName, String id, String sha512, String from)
      throws StagingArea.Refusal, IOException {
    return offered(
        staging.confirm(fileName, id, sha512), from, " under the checksum its sender named");
  }

  /**
   * Deletes a staged file once its store is complete, and withdraws its offers. A file that is not
   * staged (stored from elsewhere) is left alone.
   *
   * @param fileName the stored file's name
   */
  public void release(String fileName) {
    try {
      Path file = staging.pathOf(fileName);
      transfers.withdraw(file);
      if (staging.delete(fileName)) {
        LOG.fine(() -> "Staged upload of '" + fileName + "' deleted: every replica holds it");
      }
    } catch (IOException | RuntimeException e) {
      LOG.warning(() -> "Cannot delete the staged upload of '" + fileName + "': " + e);
    }
  }

  /**
   * After a restart, offers a staged upload again where its unfinished store's request named it
   * (the offers of {@link ArchiveTransfers} live in memory), so that the replicas the repository
   * asks again at start-up fetch it instead of failing the store. A store of a file that is not
   * staged here, or whose source is elsewhere, is left alone.
   *
   * @param fileName the file of the unfinished store
   * @param uri the address its store request named
   * @param token the token its store request named
   * @return whether the staged file is offered again
   */
  public boolean reoffer(String fileName, String uri, String token) {
    Path file;
    try {
      file = staging.pathOf(fileName);
    } catch (IllegalArgumentException e) {
      return false;
    }
    return Files.isRegularFile(file) && transfers.reoffer(uri, token, file);
  }

  /**
   * Deletes the staged files whose stores will not complete: last uploaded longer ago than {@code
   * NAS_ARCHIVE_STAGING_MAX_AGE_DAYS} and named by no unfinished store; each is logged.
   *
   * @return the names of the files deleted
   */
  public List<String> ageOut() {
    staging.forgetExpired(Instant.now());
    try {
      Set<String> needed = repository.unfinishedFileNames();
      return staging.ageOut(settings.stagingMaxAge(), needed::contains, Instant.now());
    } catch (IOException | RuntimeException e) {
      LOG.warning(() -> "Cannot age out the staged uploads in " + staging.directory() + ": " + e);
      return List.of();
    }
  }

  @Schedule(hour = "*", minute = "41", persistent = false)
  void ageOutHourly() {
    ageOut();
  }

  /**
   * The staged file an address offers, for the bitarchives on this machine to read directly (the
   * staging directory is one of their local read directories, see {@code Bitarchives}) instead of
   * fetching it from this server's own HTTP listener; their checksum is still verified.
   *
   * @param uri the address a store request names
   * @return the staged file, if the address is an offer of one
   */
  public Optional<Path> stagedFileOffered(String uri) {
    return transfers
        .offeredAt(uri)
        .map(ArchiveTransfers.Offer::file)
        .filter(file -> staging.directory().equals(file.getParent()) && Files.isRegularFile(file));
  }

  /** The staging directory. */
  public Path directory() {
    return staging.directory();
  }
}
