package org.netarchive.ee.archive.application.adoption;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.application.Bitarchives;
import org.netarchive.ee.archive.application.preservation.PreservationSettings;
import org.netarchive.ee.archive.domain.model.adoption.Verification;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.domain.model.preservation.Throttle;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords.AdoptedCopy;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords.AdoptedDirectory;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

/**
 * The adopted directories and the background verification of adopted copies.
 *
 * <p>A directory is adopted for a replica where it lies: the replica's bitarchive reads its files
 * from there (never writing, moving or removing anything in it), at once and after every start. The
 * verification then reads each imported copy the replica's adopted directories hold, once,
 * computing MD5 and SHA-512 together at the audits' rate limit: a copy with the recorded MD5 enters
 * the archive's admin data as complete and checked, with that SHA-512, from which the ordinary
 * checksum audits go on; a copy with another MD5 is CORRUPT and stays out. Every outcome is in the
 * fixity ledger. One verification runs at a time, on the managed executor; it is woken by an
 * import, an adopted directory and the start (which resumes what a stop interrupted: the state of
 * each copy is in the database).
 */
@PermitAll
@Singleton
@Startup
@DependsOn("Bitarchives")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Adoption {

  private static final Logger LOG = Logger.getLogger(Adoption.class.getName());
  private static final int PAGE = 100;
  private static final int BUFFER = 1 << 20;

  /** The adoption at a glance. */
  public record Overview(
      List<AdoptedDirectory> directories, Map<String, Map<String, Long>> copies, boolean verifying)
      implements java.io.Serializable {}

  @Inject private ArchiveSettings settings;
  @Inject private Bitarchives bitarchives;
  @Inject private AdoptionRecords records;
  @Inject private PreservationRecords ledger;
  @EJB private AdoptionChunks chunks;
  @EJB private PreservationSettings preservationSettings;
  @Resource private ManagedExecutorService executor;

  private final AtomicBoolean running = new AtomicBoolean();
  private final AtomicBoolean wanted = new AtomicBoolean();

  @PostConstruct
  void reopen() {
    try {
      for (AdoptedDirectory dir : records.directories()) {
        try {
          bitarchives.of(dir.replica()).adopt(Path.of(dir.directory()));
        } catch (IllegalArgumentException e) {
          // The server still starts: the copies there are found missing by the next audit.
          LOG.severe(
              () ->
                  "Cannot reopen adopted directory "
                      + dir.directory()
                      + " of replica "
                      + dir.replica()
                      + ": "
                      + e.getMessage());
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the adopted directories: " + e, e);
    }
    wake();
  }

  /**
   * Adopts a directory for a replica where it lies, and verifies the copies it holds.
   *
   * @param replica the replica
   * @param directory an absolute path of a bitarchive directory (holding {@code filedir/})
   * @param actor who adopts it
   * @return whether it was adopted now (false: it was already)
   * @throws IllegalArgumentException naming the replica or directory if either is not fit
   */
  public boolean adoptDirectory(String replica, String directory, String actor) {
    try {
      return adopt(replica, directory, actor);
    } catch (AdoptionRefused e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new AdoptionRefused(e);
    }
  }

  private boolean adopt(String replica, String directory, String actor) {
    if (!settings.replicaIds().contains(replica)) {
      throw new IllegalArgumentException(
          "Unknown replica '" + replica + "'; the replicas are " + settings.replicaIds());
    }
    Path path = Path.of(directory);
    if (!path.isAbsolute()) {
      throw new IllegalArgumentException(
          "Directory '" + directory + "' must be an absolute path on the server");
    }
    path = path.normalize();
    BitarchiveStorage storage = bitarchives.of(replica);
    if (!Files.isDirectory(path)) {
      throw new IllegalArgumentException(
          "Directory '" + path + "' does not exist or is not a directory on the server");
    }
    boolean now = storage.adopt(path);
    try {
      boolean recorded = records.addDirectory(replica, path.toString(), actor, Instant.now());
      if (recorded) {
        int again = records.recheckMissing(replica);
        ledger.record(
            Instant.now(),
            "DIRECTORY_ADOPTED",
            actor,
            null,
            null,
            replica,
            null,
            null,
            "adopted "
                + path
                + " in place"
                + (again > 0 ? "; " + again + " missing copies to check again" : ""));
      }
      wake();
      return now || recorded;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot record adopted directory " + path + ": " + e, e);
    }
  }

  /** The adopted directories, the copies by replica and verification, and whether it runs. */
  public Overview overview() {
    try {
      return new Overview(records.directories(), records.counts(), running.get());
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the adoption: " + e, e);
    }
  }

  /** A file's adopted copies. */
  public List<AdoptedCopy> copiesOf(String fileName) {
    try {
      return records.copiesOf(fileName);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the adoption of '" + fileName + "': " + e, e);
    }
  }

  /** A page of the copies in a verification state (all if null). */
  public List<AdoptedCopy> copies(Verification verification, int first, int max) {
    try {
      return records.copiesIn(verification, first, max);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the adopted copies: " + e, e);
    }
  }

  /** Starts the verification if it is not running; else makes it look again when done. */
  public void wake() {
    wanted.set(true);
    if (running.compareAndSet(false, true)) {
      executor.submit(this::verifyAll);
    }
  }

  private void verifyAll() {
    try {
      while (wanted.getAndSet(false)) {
        List<String> replicas = new ArrayList<>();
        for (String replica : settings.localReplicaIds()) {
          if (!bitarchives.of(replica).adoptedDirectories().isEmpty()) {
            replicas.add(replica);
          }
        }
        List<AdoptedCopy> page;
        while (!(page = records.unverified(replicas, PAGE)).isEmpty()) {
          Throttle throttle =
              Throttle.of(preservationSettings.values().rateMegabytesPerSecond() * 1_000_000);
          for (AdoptedCopy copy : page) {
            try {
              verify(copy, throttle);
            } catch (RuntimeException e) {
              // Recorded, so that one copy that cannot be adopted does not stop the others.
              LOG.log(Level.WARNING, "Cannot adopt the copy of '" + copy.fileName() + "'", e);
              chunks.missing(copy, "could not be adopted: " + e.getMessage(), Instant.now());
            }
          }
        }
      }
    } catch (SQLException | RuntimeException e) {
      LOG.log(Level.SEVERE, "The verification of adopted copies stopped; it resumes when woken", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      running.set(false);
      if (wanted.get() && running.compareAndSet(false, true)) {
        executor.submit(this::verifyAll);
      }
    }
  }

  private void verify(AdoptedCopy copy, Throttle throttle) throws InterruptedException {
    BitarchiveStorage storage = bitarchives.of(copy.replica());
    List<Path> searched = storage.adoptedDirectories();
    Optional<Path> found = storage.findAdopted(copy.fileName());
    Instant now = Instant.now();
    if (found.isEmpty()) {
      chunks.missing(
          copy, "no adopted directory of replica " + copy.replica() + " holds it " + searched, now);
      // A directory adopted while this copy was looked for: its adoption may have made the
      // replica's MISSING copies UNVERIFIED before this one was written MISSING. Look again.
      if (!storage.adoptedDirectories().equals(searched)) {
        try {
          records.recheckMissing(copy.replica());
        } catch (SQLException e) {
          throw new IllegalStateException(
              "Cannot look again for the copies of replica " + copy.replica(), e);
        }
      }
      return;
    }
    Path file = found.get();
    MessageDigest md5 = ChecksumAlgorithm.MD5.newDigest();
    MessageDigest sha512 = ChecksumAlgorithm.SHA512.newDigest();
    long size = 0;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
      int n;
      while ((n = channel.read(buffer)) >= 0) {
        buffer.flip();
        md5.update(buffer.array(), 0, buffer.limit());
        sha512.update(buffer.array(), 0, buffer.limit());
        buffer.clear();
        size += n;
        throttle.read(n);
      }
    } catch (IOException e) {
      chunks.missing(copy, "cannot read " + file + ": " + e.getMessage(), now);
      return;
    }
    String foundMd5 = ChecksumAlgorithm.MD5.hex(md5);
    String foundSha512 = ChecksumAlgorithm.SHA512.hex(sha512);
    if (foundMd5.equals(copy.recordedMd5())) {
      Verification outcome =
          chunks.adopt(copy, file.toString(), size, foundMd5, foundSha512, Instant.now());
      long bytes = size;
      LOG.fine(
          () ->
              "Adopted copy of '"
                  + copy.fileName()
                  + "' on "
                  + copy.replica()
                  + ": "
                  + outcome
                  + " ("
                  + bytes
                  + " bytes)");
    } else {
      chunks.corrupt(copy, file.toString(), size, foundMd5, foundSha512, Instant.now());
      LOG.warning(
          () ->
              "Adopted copy of '"
                  + copy.fileName()
                  + "' on replica "
                  + copy.replica()
                  + " at "
                  + file
                  + " has MD5 "
                  + foundMd5
                  + ", not the recorded "
                  + copy.recordedMd5()
                  + "; not adopted");
    }
  }
}
