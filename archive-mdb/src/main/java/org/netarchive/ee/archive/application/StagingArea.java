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
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.logging.Logger;
import org.netarchive.ee.common.archive.ArchiveFileNames;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.Delivery;

/**
 * The directory where files uploaded by the harvester agents wait until every replica holds them
 * ({@link ArchiveUploads}): each upload is written to a part file of its own through a SHA-512
 * digest, compared with the length and checksum its sender announced and only then renamed to the
 * file's own name. A part file never outlives its upload: a mismatch, a refusal or an I/O error
 * deletes it.
 *
 * <p>Staged files are not forced to disk: a staged file is a passing copy, whose sender keeps the
 * file until the archive confirms the store (the replicas sync their copies, read them back and
 * verify them), and most staged files are deleted before the kernel writes them, so the disk writes
 * each file only into the replicas. What a crash of the machine can leave is a staged file whose
 * bytes are not the file's; the replicas refuse it (checksum), the store fails, and the sender's
 * next upload replaces it (below). A sender that computes the checksum while sending announces it
 * after the body instead ({@link #receive}, then {@link #confirm}): its part file waits for the
 * checksum, at most {@link #PENDING_MAX_AGE}.
 *
 * <p>Uploading a file again that is staged already with the same checksum changes nothing (a sender
 * that did not see the first answer may send again); a different file under a staged name is
 * refused while an unfinished store expects the staged one, and replaces it otherwise (a damaged or
 * abandoned staged file).
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

  /**
   * A received upload waiting for its sender's checksum ({@link #receive}).
   *
   * @param id its id, for {@link #confirm}
   * @param fileName the file's name
   * @param size the bytes that arrived
   */
  public record Pending(String id, String fileName, long size) {}

  /** How long a received upload waits for its sender's checksum. */
  public static final Duration PENDING_MAX_AGE = Duration.ofHours(1);

  private record PendingPart(Pending upload, Path part, Instant received) {}

  /** An upload refused, with the HTTP status that says why and a message naming the file. */
  public static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    /** 400: the request is malformed (name or headers). */
    public static final int MALFORMED = 400;

    /** 404: no received upload of that id waits for its checksum. */
    public static final int NOT_FOUND = 404;

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
  private final Function<String, Optional<String>> expected;
  private final Map<String, PendingPart> pending = new ConcurrentHashMap<>();

  /**
   * A staging area for which no store is under way.
   *
   * @param directory the staging directory; created if missing. Part files of uploads a crash
   *     interrupted are deleted now.
   * @throws IOException if it cannot be created or listed
   */
  public StagingArea(Path directory) throws IOException {
    this(directory, name -> Optional.empty());
  }

  /**
   * @param directory the staging directory; created if missing. Part files of uploads a crash
   *     interrupted are deleted now.
   * @param expected the SHA-512 that an unfinished store of a file of the given name expects, if
   *     one is under way: a different file of that name is then refused
   * @throws IOException if it cannot be created or listed
   */
  public StagingArea(Path directory, Function<String, Optional<String>> expected)
      throws IOException {
    this.expected = expected;
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
   * Stages an uploaded file whose checksum its sender announced before the body.
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
    String what = what(fileName);
    if (announcedLength == null || announcedSha512 == null) {
      throw new Refusal(
          Refusal.MALFORMED,
          what + " needs the headers " + Delivery.LENGTH_HEADER + " and " + Delivery.SHA512_HEADER);
    }
    long expected = announcedLength(what, announcedLength);
    String sha512 = announcedSha512(what, announcedSha512);
    Path part = newPart(fileName);
    try {
      Received received = write(part, body, expected, what, true);
      requireSha512(what, received.sha512(), sha512);
      return publish(fileName, part, received.size(), sha512, true);
    } finally {
      Files.deleteIfExists(part);
    }
  }

  /**
   * Receives an uploaded file whose sender computes its checksum while sending it, so that it reads
   * the file once instead of twice: the bytes are written to a part file, and staged when the
   * sender names the checksum ({@link #confirm}). They are not hashed here: the replicas verify
   * their own copies against the sender's checksum, which is what the store requests, so a hash
   * here would be a fourth pass over the file where three verify it end to end (the sender's, and
   * each replica's read-back). A received upload not confirmed within {@link #PENDING_MAX_AGE} is
   * deleted (as is every part file at start-up).
   *
   * @param fileName the file's name
   * @param body its bytes, read to the end (or to the first byte beyond the announced length)
   * @param announcedLength the value of {@link Delivery#LENGTH_HEADER}
   * @return the received upload, with the length that arrived
   * @throws Refusal naming the file and what is wrong; nothing is left of the upload then
   * @throws IOException if it cannot be written; nothing is left of the upload then
   */
  public Pending receive(String fileName, InputStream body, String announcedLength)
      throws Refusal, IOException {
    String what = what(fileName);
    if (announcedLength == null) {
      throw new Refusal(Refusal.MALFORMED, what + " needs the header " + Delivery.LENGTH_HEADER);
    }
    long expected = announcedLength(what, announcedLength);
    forgetExpired(Instant.now());
    Path part = newPart(fileName);
    boolean kept = false;
    try {
      Received received = write(part, body, expected, what, false);
      Pending upload = new Pending(Delivery.randomToken(), fileName, received.size());
      pending.put(upload.id(), new PendingPart(upload, part, Instant.now()));
      kept = true;
      return upload;
    } finally {
      if (!kept) {
        Files.deleteIfExists(part);
      }
    }
  }

  /**
   * Stages a received upload ({@link #receive}) under the checksum its sender computed while
   * sending it.
   *
   * @param fileName the file's name, as it was received
   * @param id the received upload's id
   * @param announcedSha512 the SHA-512 the sender computed
   * @return the staged file
   * @throws Refusal 404 if no such upload of that name waits (confirmed already, too old, the
   *     server restarted), 409 if a store of another file of that name is under way (the upload is
   *     deleted), 400 for a malformed checksum
   * @throws IOException if it cannot be staged
   */
  public Staged confirm(String fileName, String id, String announcedSha512)
      throws Refusal, IOException {
    String what = what(fileName);
    if (announcedSha512 == null) {
      throw new Refusal(
          Refusal.MALFORMED,
          what + ": its confirmation needs the header " + Delivery.SHA512_HEADER);
    }
    String sha512 = announcedSha512(what, announcedSha512);
    PendingPart waiting = id == null ? null : pending.get(id);
    if (waiting == null
        || !waiting.upload().fileName().equals(fileName)
        || !pending.remove(id, waiting)) {
      throw new Refusal(
          Refusal.NOT_FOUND,
          what
              + ": no upload '"
              + id
              + "' of it waits for its checksum (confirmed already, or received longer ago than "
              + PENDING_MAX_AGE.toMinutes()
              + " minutes, or before the server restarted); upload it again");
    }
    try {
      return publish(fileName, waiting.part(), waiting.upload().size(), sha512, false);
    } finally {
      Files.deleteIfExists(waiting.part());
    }
  }

  /** The received uploads waiting for their checksum, for tests and the log. */
  int pendingCount() {
    return pending.size();
  }

  /**
   * Deletes the received uploads whose checksum did not come within {@link #PENDING_MAX_AGE}: their
   * sender gave up, it keeps the file and uploads it again.
   */
  void forgetExpired(Instant now) {
    Instant limit = now.minus(PENDING_MAX_AGE);
    for (PendingPart waiting : List.copyOf(pending.values())) {
      if (waiting.received().isBefore(limit) && pending.remove(waiting.upload().id(), waiting)) {
        try {
          Files.deleteIfExists(waiting.part());
          LOG.info(
              () ->
                  "Deleted the upload of '"
                      + waiting.upload().fileName()
                      + "' received at "
                      + waiting.received()
                      + ": its checksum was never confirmed");
        } catch (IOException e) {
          LOG.warning(() -> "Cannot delete the unconfirmed upload " + waiting.part() + ": " + e);
        }
      }
    }
  }

  private static String what(String fileName) throws Refusal {
    if (fileName == null || !ArchiveFileNames.isValid(fileName)) {
      throw new Refusal(
          Refusal.MALFORMED,
          "'" + fileName + "' is not a plain archive file name (no path, no control characters)");
    }
    return "Upload of '" + fileName + "'";
  }

  private static long announcedLength(String what, String announcedLength) throws Refusal {
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
    return expected;
  }

  private static String announcedSha512(String what, String announcedSha512) throws Refusal {
    try {
      return ChecksumAlgorithm.SHA512.requireValid(
          announcedSha512.strip(), what + ": " + Delivery.SHA512_HEADER);
    } catch (IllegalArgumentException e) {
      throw new Refusal(Refusal.MALFORMED, e.getMessage());
    }
  }

  private static void requireSha512(String what, String actual, String announced) throws Refusal {
    if (!actual.equals(announced)) {
      throw new Refusal(
          Refusal.MISMATCH,
          what + " arrived with SHA-512 " + actual + ", announced " + announced + "; not staged");
    }
  }

  private Path newPart(String fileName) {
    return directory.resolve("." + fileName + "." + Delivery.randomToken() + PART);
  }

  /** What arrived: its length and, if hashed, SHA-512. */
  private record Received(long size, String sha512) {}

  /**
   * Writes the body to the part file, through a SHA-512 digest if {@code hash} (not forced to disk:
   * see the class comment); refuses a body of another length than announced.
   */
  private static Received write(
      Path part, InputStream body, long expected, String what, boolean hash)
      throws Refusal, IOException {
    MessageDigest digest = hash ? ChecksumAlgorithm.SHA512.newDigest() : null;
    long length = 0;
    try (FileChannel out =
        FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      byte[] buffer = new byte[BUFFER_SIZE];
      int n;
      while ((n = body.readNBytes(buffer, 0, buffer.length)) > 0) {
        length += n;
        if (length > expected) {
          throw new Refusal(
              Refusal.MISMATCH,
              what + " arrived with more than the " + expected + " bytes announced");
        }
        if (digest != null) {
          digest.update(buffer, 0, n);
        }
        ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, n);
        while (bytes.hasRemaining()) {
          out.write(bytes);
        }
      }
    }
    if (length != expected) {
      throw new Refusal(
          Refusal.MISMATCH,
          what + " arrived with " + length + " bytes, announced " + expected + "; not staged");
    }
    return new Received(length, digest == null ? null : ChecksumAlgorithm.SHA512.hex(digest));
  }

  /**
   * Gives a part file the staged file's name. If a file of that name is staged already: the same
   * file ({@code verified}: the checksum computed here) is left as it is and only its age starts
   * again; a different file is refused while an unfinished store expects the staged one; otherwise
   * the upload replaces it (a re-sent upload, or a staged file that a crash damaged or a sender
   * abandoned).
   */
  private synchronized Staged publish(
      String fileName, Path part, long length, String sha512, boolean verified)
      throws Refusal, IOException {
    Path target = directory.resolve(fileName);
    if (Files.exists(target)) {
      Optional<String> storing = expected.apply(fileName);
      String kept = null;
      if (verified) {
        String staged = ChecksumAlgorithm.SHA512.of(target);
        if (staged.equals(sha512)) {
          // Staged again now: the file's age counts from its last upload (see ageOut).
          Files.setLastModifiedTime(target, FileTime.from(Instant.now()));
          return new Staged(target, length, sha512, Outcome.ALREADY_STAGED);
        }
        kept = storing.filter(staged::equalsIgnoreCase).orElse(null);
      } else if (storing.isPresent() && !storing.get().equalsIgnoreCase(sha512)) {
        kept = storing.get();
      }
      if (kept != null) {
        throw new Refusal(
            Refusal.CONFLICT,
            "Another file named '"
                + fileName
                + "' (SHA-512 "
                + kept
                + ") is staged and being stored; this one has SHA-512 "
                + sha512);
      }
      Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      LOG.info(
          () ->
              "The staged upload of '"
                  + fileName
                  + "' was replaced by a new upload of it (SHA-512 "
                  + sha512
                  + ")");
      return new Staged(target, length, sha512, Outcome.STAGED);
    }
    try {
      Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(part, target);
    }
    return new Staged(target, length, sha512, Outcome.STAGED);
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
}
