package org.netarchive.ee.archive.application;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.logging.Logger;
import org.netarchive.ee.common.archive.ArchiveFileNames;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.Delivery;

/**
 * The directory where files uploaded by the harvester agents wait until every replica holds them
 * ({@link ArchiveUploads}): each upload is written to a part file of its own through a SHA-512
 * digest, compared with the length and checksum its sender announced, forced to disk and only then
 * renamed to the file's own name. A part file never outlives its upload: a mismatch, a refusal or
 * an I/O error deletes it.
 *
 * <p>Uploading a file again that is staged already with the same checksum changes nothing (a sender
 * that did not see the first answer may send again); a different file under a staged name is
 * refused, the staged one kept.
 *
 * <p>A staged file whose store never completes (an agent that gave up, a store refused) would stay
 * for ever: {@link #ageOut} deletes those last uploaded longer ago than a given age, except the
 * ones a store still needs.
 */
public final class StagingArea {

  private static final Logger LOG = Logger.getLogger(StagingArea.class.getName());
  private static final int BUFFER_SIZE = 1 << 20;
  private static final String PART = ".part";

  /** How an upload ended. */
  public enum Outcome {
    /** Staged now. */
    STAGED,
    /** The same file was staged already; nothing changed. */
    ALREADY_STAGED
  }

  /**
   * A staged file.
   *
   * @param file its path in the staging directory
   * @param size its length
   * @param sha512 its SHA-512 checksum
   * @param outcome whether this upload staged it
   */
  public record Staged(Path file, long size, String sha512, Outcome outcome) {}

  /** An upload refused, with the HTTP status that says why and a message naming the file. */
  public static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    /** 400: the request is malformed (name or headers). */
    public static final int MALFORMED = 400;

    /** 409: another file of the same name is staged. */
    public static final int CONFLICT = 409;

    /** 422: the body is not what the headers announced. */
    public static final int MISMATCH = 422;

    private final int status;

    Refusal(int status, String message) {
      super(message);
      this.status = status;
    }

    /** The HTTP status for the refusal. */
    public int status() {
      return status;
    }
  }

  private final Path directory;

  /**
   * @param directory the staging directory; created if missing. Part files of uploads a crash
   *     interrupted are deleted now.
   * @throws IOException if it cannot be created or listed
   */
  public StagingArea(Path directory) throws IOException {
    this.directory = Files.createDirectories(directory.toAbsolutePath().normalize());
    try (var files = Files.list(this.directory)) {
      for (Path part : files.filter(f -> f.getFileName().toString().endsWith(PART)).toList()) {
        Files.deleteIfExists(part);
        LOG.info(() -> "Deleted the interrupted upload " + part);
      }
    }
  }

  /** The staging directory. */
  public Path directory() {
    return directory;
  }

  /**
   * Where a file of this name is staged (whether it is or not).
   *
   * @throws IllegalArgumentException if the name is not a plain archive file name
   */
  public Path pathOf(String fileName) {
    return directory.resolve(ArchiveFileNames.requireValid(fileName));
  }

  /**
   * Stages an uploaded file.
   *
   * @param fileName the file's name
   * @param body its bytes, read to the end (or to the first byte beyond the announced length)
   * @param announcedLength the value of {@link Delivery#LENGTH_HEADER}
   * @param announcedSha512 the value of {@link Delivery#SHA512_HEADER}
   * @return the staged file
   * @throws Refusal naming the file and what is wrong; nothing is left of the upload then
   * @throws IOException if it cannot be written; nothing is left of the upload then
   */
  public Staged stage(
      String fileName, InputStream body, String announcedLength, String announcedSha512)
      throws Refusal, IOException {
    if (fileName == null || !ArchiveFileNames.isValid(fileName)) {
      throw new Refusal(
          Refusal.MALFORMED,
          "'" + fileName + "' is not a plain archive file name (no path, no control characters)");
    }
    String what = "Upload of '" + fileName + "'";
    if (announcedLength == null || announcedSha512 == null) {
      throw new Refusal(
          Refusal.MALFORMED,
          what + " needs the headers " + Delivery.LENGTH_HEADER + " and " + Delivery.SHA512_HEADER);
    }
    long expected = Delivery.announcedLength(announcedLength);
    if (expected < 0) {
      throw new Refusal(
          Refusal.MALFORMED,
          what
              + ": "
              + Delivery.LENGTH_HEADER
              + " must be a length in bytes, was '"
              + announcedLength
              + "'");
    }
    String sha512;
    try {
      sha512 =
          ChecksumAlgorithm.SHA512.requireValid(
              announcedSha512.strip(), what + ": " + Delivery.SHA512_HEADER);
    } catch (IllegalArgumentException e) {
      throw new Refusal(Refusal.MALFORMED, e.getMessage());
    }
    Path target = directory.resolve(fileName);
    Path part = directory.resolve("." + fileName + "." + Delivery.randomToken() + PART);
    try {
      MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
      long length = 0;
      try (FileChannel out =
          FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        byte[] buffer = new byte[BUFFER_SIZE];
        int n;
        while ((n = body.read(buffer)) >= 0) {
          length += n;
          if (length > expected) {
            throw new Refusal(
                Refusal.MISMATCH,
                what + " arrived with more than the " + expected + " bytes announced");
          }
          digest.update(buffer, 0, n);
          ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, n);
          while (bytes.hasRemaining()) {
            out.write(bytes);
          }
        }
        out.force(true);
      }
      if (length != expected) {
        throw new Refusal(
            Refusal.MISMATCH,
            what + " arrived with " + length + " bytes, announced " + expected + "; not staged");
      }
      String actual = ChecksumAlgorithm.SHA512.hex(digest);
      if (!actual.equals(sha512)) {
        throw new Refusal(
            Refusal.MISMATCH,
            what + " arrived with SHA-512 " + actual + ", announced " + sha512 + "; not staged");
      }
      synchronized (this) {
        if (Files.exists(target)) {
          String staged = ChecksumAlgorithm.SHA512.of(target);
          if (!staged.equals(sha512)) {
            throw new Refusal(
                Refusal.CONFLICT,
                "Another file named '"
                    + fileName
                    + "' (SHA-512 "
                    + staged
                    + ") is staged and not yet stored in every replica; this one has SHA-512 "
                    + sha512);
          }
          // Staged again now: the file's age counts from its last upload (see ageOut).
          Files.setLastModifiedTime(target, FileTime.from(Instant.now()));
          return new Staged(target, length, sha512, Outcome.ALREADY_STAGED);
        }
        try {
          Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(part, target);
        }
        forceDirectory();
        return new Staged(target, length, sha512, Outcome.STAGED);
      }
    } finally {
      Files.deleteIfExists(part);
    }
  }

  /**
   * Deletes a staged file, if it is staged.
   *
   * @param fileName the file's name
   * @return whether there was one
   */
  public synchronized boolean delete(String fileName) throws IOException {
    Objects.requireNonNull(fileName, "fileName");
    if (!ArchiveFileNames.isValid(fileName)) {
      return false;
    }
    try {
      Files.delete(directory.resolve(fileName));
      return true;
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /**
   * Deletes the staged files last uploaded longer ago than {@code maxAge} that no store needs, each
   * logged with its name. Part files (uploads under way) are left alone.
   *
   * @param maxAge how long a staged file may wait for its store
   * @param needed whether a store still needs the staged file of a name (an unfinished store)
   * @param now the current time
   * @return the names of the files deleted
   * @throws IOException if the directory cannot be listed
   */
  public synchronized List<String> ageOut(Duration maxAge, Predicate<String> needed, Instant now)
      throws IOException {
    Instant limit = now.minus(maxAge);
    List<String> deleted = new ArrayList<>();
    List<Path> staged;
    try (var files = Files.list(directory)) {
      staged = files.filter(Files::isRegularFile).toList();
    }
    for (Path file : staged) {
      String name = file.getFileName().toString();
      if (name.endsWith(PART) || !ArchiveFileNames.isValid(name)) {
        continue;
      }
      Instant uploaded;
      try {
        uploaded = Files.getLastModifiedTime(file).toInstant();
        if (!uploaded.isBefore(limit) || needed.test(name)) {
          continue;
        }
        Files.delete(file);
      } catch (NoSuchFileException e) {
        continue;
      } catch (IOException e) {
        LOG.warning(() -> "Cannot delete the staged upload " + file + ": " + e);
        continue;
      }
      deleted.add(name);
      LOG.info(
          () ->
              "Deleted the staged upload of '"
                  + name
                  + "': last uploaded "
                  + uploaded
                  + ", longer ago than "
                  + maxAge
                  + ", and no unfinished store needs it");
    }
    return deleted;
  }

  /** Makes the rename durable: the directory's entry is forced to disk too (where supported). */
  private void forceDirectory() {
    try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
      dir.force(true);
    } catch (IOException e) {
      // Not every file system opens directories; the file's own bytes are forced already.
      LOG.fine(() -> "Cannot force the staging directory " + directory + ": " + e);
    }
  }
}
