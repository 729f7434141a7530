package org.netarchive.ee.archive.domain.model.bitarchive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.netarchive.ee.common.archive.ArchiveFileNames;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

/**
 * The write-once files of one bitarchive instance, spread over one or more directories (typically
 * one per disk).
 *
 * <p>Each directory has a {@value #FILES} subdirectory with the archived files and a {@value #TEMP}
 * subdirectory where files are written while they arrive. A store writes the data to a temporary
 * file under a name of its own, checks its length and SHA-512 checksum, forces it to disk, makes it
 * read-only and only then links it under its archived name, atomically and failing if that name
 * exists: an archived file is complete and verified or absent, never partial, and never
 * overwritten. A crash at any point leaves at most a temporary file, which {@link #recover()}
 * removes at start-up.
 *
 * <p>A file is written to the first directory whose disk has room for it and the configured
 * reserve; a full disk is a {@link StoreFailedException} with reason {@link
 * StoreFailedException.Reason#NO_SPACE}, and the partial temporary file is removed.
 *
 * <p>Directories of another installation (a NetarchiveSuite bitarchive, whose layout this one
 * shares) can be {@linkplain #adopt(Path) adopted} where they lie: their files are found, listed,
 * checksummed and delivered like the others, but nothing is ever written to, moved out of or
 * removed from an adopted directory.
 *
 * <p>Thread-safe: stores of different files run in parallel; two stores of the same name at once
 * are refused rather than raced.
 */
public final class BitarchiveStorage {

  /** Subdirectory of each directory holding the archived files. */
  public static final String FILES = "filedir";

  /** Subdirectory of each directory holding files while they arrive. */
  public static final String TEMP = "tempdir";

  /** Subdirectory of a checksum-only bitarchive's records: one file per archived file. */
  public static final String CHECKSUMS = "checksumdir";

  /** Subdirectory of removed copies, kept (never deleted by the archive). */
  public static final String ATTIC = "atticdir";

  private static final Logger LOG = Logger.getLogger(BitarchiveStorage.class.getName());
  private static final int BUFFER_SIZE = 1 << 20;
  private static final String TEMP_SUFFIX = ".part";

  private final List<Path> directories;
  private final long reserveBytes;
  private final ToLongFunction<Path> usableSpace;
  private final boolean checksumOnly;
  private final Set<String> storing = ConcurrentHashMap.newKeySet();
  private final List<Path> adopted = new java.util.concurrent.CopyOnWriteArrayList<>();

  /**
   * Opens the storage, creating the subdirectories that are missing.
   *
   * @param directories the directories, in the order they are filled; at least one
   * @param reserveBytes space to leave free on each disk
   * @throws IOException if a directory cannot be created or is not writable
   */
  public BitarchiveStorage(List<Path> directories, long reserveBytes) throws IOException {
    this(directories, reserveBytes, BitarchiveStorage::usableSpaceOf, false);
  }

  /**
   * Opens a storage that keeps the files' bytes, or only their checksums.
   *
   * @param directories the directories, in the order they are filled; at least one
   * @param reserveBytes space to leave free on each disk
   * @param checksumOnly whether only checksums are kept: a store reads the whole file and verifies
   *     its length and SHA-512 as usual, but records only the checksum, write-once, under {@value
   *     #CHECKSUMS}; such a storage has no file to deliver or run a job on
   * @throws IOException if a directory cannot be created or is not writable
   */
  public BitarchiveStorage(List<Path> directories, long reserveBytes, boolean checksumOnly)
      throws IOException {
    this(directories, reserveBytes, BitarchiveStorage::usableSpaceOf, checksumOnly);
  }

  /**
   * Opens the storage with a given measure of free space (for tests that need a full disk).
   *
   * @param directories the directories, in the order they are filled; at least one
   * @param reserveBytes space to leave free on each disk
   * @param usableSpace the usable bytes on the disk of a directory
   * @throws IOException if a directory cannot be created or is not writable
   */
  public BitarchiveStorage(
      List<Path> directories, long reserveBytes, ToLongFunction<Path> usableSpace)
      throws IOException {
    this(directories, reserveBytes, usableSpace, false);
  }

  private BitarchiveStorage(
      List<Path> directories,
      long reserveBytes,
      ToLongFunction<Path> usableSpace,
      boolean checksumOnly)
      throws IOException {
    Objects.requireNonNull(directories, "directories");
    if (directories.isEmpty()) {
      throw new IllegalArgumentException("A bitarchive needs at least one directory, got none");
    }
    if (reserveBytes < 0) {
      throw new IllegalArgumentException(
          "The free space to keep on a bitarchive disk must not be negative, was " + reserveBytes);
    }
    List<Path> absolute = new ArrayList<>();
    for (Path directory : directories) {
      Path dir = directory.toAbsolutePath().normalize();
      if (absolute.contains(dir)) {
        throw new IllegalArgumentException("Bitarchive directory " + dir + " is given twice");
      }
      Files.createDirectories(dir.resolve(FILES));
      Files.createDirectories(dir.resolve(TEMP));
      if (checksumOnly) {
        Files.createDirectories(dir.resolve(CHECKSUMS));
      }
      if (!Files.isWritable(dir.resolve(FILES)) || !Files.isWritable(dir.resolve(TEMP))) {
        throw new IOException("Bitarchive directory " + dir + " is not writable");
      }
      absolute.add(dir);
    }
    this.directories = List.copyOf(absolute);
    this.reserveBytes = reserveBytes;
    this.usableSpace = usableSpace;
    this.checksumOnly = checksumOnly;
  }

  /** Whether this storage keeps only the checksums of its files, not their bytes. */
  public boolean checksumOnly() {
    return checksumOnly;
  }

  /** The directories, in the order they are filled. */
  public List<Path> directories() {
    return directories;
  }

  /**
   * Stores a file from a stream, verifying its length and SHA-512 checksum on arrival.
   *
   * @param name the file's name; must be a plain file name
   * @param data the file's bytes; read to its end, not closed
   * @param size the announced length
   * @param expectedSha512 the announced SHA-512 checksum
   * @return the archived file
   * @throws IllegalArgumentException if the name or checksum is malformed or the size negative
   * @throws StoreFailedException if the file is archived already, the data does not match what was
   *     announced, or it cannot be written; nothing of the attempt is left behind
   */
  public StoredFile store(String name, InputStream data, long size, String expectedSha512)
      throws StoreFailedException {
    ArchiveFileNames.requireValid(name);
    String expected = ChecksumAlgorithm.SHA512.requireValid(expectedSha512, "sha512");
    if (size < 0) {
      throw new IllegalArgumentException(
          "The size of file '" + name + "' must not be negative, was " + size);
    }
    if (!storing.add(name)) {
      throw new StoreFailedException(
          StoreFailedException.Reason.BEING_STORED,
          "File '" + name + "' is being stored by another upload at this moment");
    }
    try {
      Optional<Path> existing = checksumOnly ? checksumRecord(name) : find(name);
      if (existing.isPresent()) {
        throw alreadyStored(name, existing.get());
      }
      Path directory = directoryWithRoomFor(name, checksumOnly ? 4096 : size);
      return write(directory, name, data, size, expected);
    } finally {
      storing.remove(name);
    }
  }

  /**
   * Finds an archived file.
   *
   * @param name the file's name; must be a plain file name
   * @return its path, or empty if no directory holds it
   */
  public Optional<Path> find(String name) {
    ArchiveFileNames.requireValid(name);
    if (checksumOnly) {
      return Optional.empty();
    }
    return firstFile(readDirectories(), FILES, name);
  }

  /**
   * Adopts a directory of another installation in the same layout (a {@value #FILES} subdirectory
   * with the files) where it lies: its files become this storage's, read-only. Nothing is created,
   * written, moved or removed in it, now or later; new files go to the storage's own directories.
   * Adopting a directory twice changes nothing.
   *
   * @param directory the directory, holding {@value #FILES}
   * @return whether it was adopted now (false: it was already)
   * @throws IllegalArgumentException if it has no {@value #FILES} subdirectory, is one of the
   *     storage's own directories or lies inside or around one
   */
  public boolean adopt(Path directory) {
    Objects.requireNonNull(directory, "directory");
    if (checksumOnly) {
      throw new IllegalArgumentException(
          "A checksum-only bitarchive keeps no files; it cannot adopt directory " + directory);
    }
    Path dir = directory.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir.resolve(FILES))) {
      throw new IllegalArgumentException(
          "Directory '"
              + dir
              + "' is not a bitarchive directory: it has no "
              + FILES
              + " subdirectory with the archived files");
    }
    for (Path own : directories) {
      if (own.startsWith(dir) || dir.startsWith(own)) {
        throw new IllegalArgumentException(
            "Directory '"
                + dir
                + "' is or overlaps this bitarchive's own directory "
                + own
                + "; adopt only directories of another installation");
      }
    }
    synchronized (adopted) {
      if (adopted.contains(dir)) {
        return false;
      }
      adopted.add(dir);
    }
    LOG.info(() -> "Adopted bitarchive directory " + dir + " in place (read-only)");
    return true;
  }

  /** The adopted directories, in the order they were adopted. */
  public List<Path> adoptedDirectories() {
    return List.copyOf(adopted);
  }

  /**
   * Finds a file in the adopted directories only.
   *
   * @param name the file's name; must be a plain file name
   * @return its path, or empty if no adopted directory holds it
   */
  public Optional<Path> findAdopted(String name) {
    ArchiveFileNames.requireValid(name);
    return firstFile(adopted, FILES, name);
  }

  /** The own directories, then the adopted ones: where files are looked for. */
  private List<Path> readDirectories() {
    if (adopted.isEmpty()) {
      return directories;
    }
    List<Path> all = new ArrayList<>(directories);
    all.addAll(adopted);
    return all;
  }

  /**
   * Computes the SHA-512 checksum of an archived file from the bytes on disk.
   *
   * @param name the file's name
   * @return the checksum, or empty if no directory holds the file
   * @throws IOException if the file cannot be read
   */
  public Optional<String> sha512(String name) throws IOException {
    if (checksumOnly) {
      Optional<Path> record = checksumRecord(name);
      return record.isEmpty()
          ? Optional.empty()
          : Optional.of(
              ChecksumAlgorithm.SHA512.requireValid(
                  Files.readString(record.get()).strip(), "checksum record " + record.get()));
    }
    Optional<Path> file = find(name);
    if (file.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(ChecksumAlgorithm.SHA512.of(file.get()));
  }

  /**
   * The names of the archived files after a given one, sorted, read as they are needed: at most
   * {@code runSize} names are held in memory (see {@link SortedNames}). Close it when done.
   *
   * @param after only names after this one (null: all)
   * @param runSize the most names held in memory at once
   * @param workRoot where work files go if the names do not fit in one run
   * @throws IOException if a directory cannot be read or a work file written
   */
  public SortedNames sortedFileNames(String after, int runSize, Path workRoot) throws IOException {
    String sub = checksumOnly ? CHECKSUMS : FILES;
    Stream<String> names =
        (checksumOnly ? directories : readDirectories())
            .stream()
                .flatMap(
                    directory -> {
                      try {
                        return Files.list(directory.resolve(sub));
                      } catch (IOException e) {
                        throw new UncheckedIOException(
                            "Cannot list " + directory.resolve(sub) + ": " + e.getMessage(), e);
                      }
                    })
                .filter(Files::isRegularFile)
                .map(file -> file.getFileName().toString());
    try {
      return SortedNames.of(names, after, runSize, workRoot);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * Lists the names of all archived files, sorted.
   *
   * @return the names
   * @throws IOException if a directory cannot be read
   */
  public List<String> fileNames() throws IOException {
    TreeSet<String> names = new TreeSet<>();
    for (Path directory : checksumOnly ? directories : readDirectories()) {
      try (DirectoryStream<Path> files =
          Files.newDirectoryStream(directory.resolve(checksumOnly ? CHECKSUMS : FILES))) {
        for (Path file : files) {
          if (Files.isRegularFile(file)) {
            names.add(file.getFileName().toString());
          }
        }
      }
    }
    return List.copyOf(names);
  }

  /**
   * Moves an archived file out of the archive into the attic of its directory, under its name and
   * the time of the move: it is no longer archived here, but kept.
   *
   * @param name the file's name
   * @return where it is kept now
   * @throws java.nio.file.NoSuchFileException if no directory holds it
   * @throws IOException if it cannot be moved, or lies in an adopted directory (never moved)
   */
  public Path moveToAttic(String name) throws IOException {
    Path file =
        find(name)
            .orElseThrow(
                () -> new java.nio.file.NoSuchFileException(name, null, "not in this bitarchive"));
    for (Path directory : adopted) {
      if (file.startsWith(directory)) {
        throw new IOException(
            "File '"
                + name
                + "' lies in adopted directory "
                + directory
                + ", whose files are never moved or removed by this archive; nothing moved");
      }
    }
    Path attic = Files.createDirectories(file.getParent().getParent().resolve(ATTIC));
    Path kept = attic.resolve(name + "." + System.currentTimeMillis());
    Files.move(file, kept, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    LOG.warning(() -> "Moved archived file " + file + " to " + kept);
    return kept;
  }

  /**
   * Removes what interrupted stores left behind: the temporary files of every directory. Call at
   * start-up, before the first store. Archived files are never touched.
   *
   * @return the number of temporary files removed
   * @throws IOException if a temporary file cannot be removed
   */
  public int recover() throws IOException {
    int removed = 0;
    for (Path directory : directories) {
      try (DirectoryStream<Path> temps =
          Files.newDirectoryStream(directory.resolve(TEMP), "*" + TEMP_SUFFIX)) {
        for (Path temp : temps) {
          Files.deleteIfExists(temp);
          removed++;
          LOG.info(() -> "Removed " + temp + ", left by a store that did not finish");
        }
      }
    }
    return removed;
  }

  private Path directoryWithRoomFor(String name, long size) throws StoreFailedException {
    StringBuilder free = new StringBuilder();
    for (Path directory : directories) {
      long usable = usableSpace.applyAsLong(directory);
      if (usable - reserveBytes >= size) {
        return directory;
      }
      free.append(free.isEmpty() ? "" : ", ").append(directory).append(" has ").append(usable);
    }
    throw new StoreFailedException(
        StoreFailedException.Reason.NO_SPACE,
        "No bitarchive directory has room for file '"
            + name
            + "' ("
            + size
            + " bytes, keeping "
            + reserveBytes
            + " bytes free): "
            + free
            + " bytes usable. Add a disk or free space.");
  }

  /** A checksum-only storage's record of a file, if it has one. */
  private Optional<Path> checksumRecord(String name) {
    ArchiveFileNames.requireValid(name);
    return firstFile(directories, CHECKSUMS, name);
  }

  /** The first of the directories' {@code sub/name} that is a regular file, if any is. */
  private static Optional<Path> firstFile(List<Path> directories, String sub, String name) {
    for (Path directory : directories) {
      Path candidate = directory.resolve(sub).resolve(name);
      if (Files.isRegularFile(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private static void verifyArrival(
      String name, long written, long size, String actual, String sha512)
      throws StoreFailedException {
    if (written != size) {
      throw new StoreFailedException(
          StoreFailedException.Reason.SIZE_MISMATCH,
          "File '" + name + "' arrived with " + written + " bytes, announced " + size);
    }
    if (actual != null && !actual.equals(sha512)) {
      throw new StoreFailedException(
          StoreFailedException.Reason.CHECKSUM_MISMATCH,
          "File '"
              + name
              + "' arrived with SHA-512 "
              + actual
              + ", announced "
              + sha512
              + "; it was damaged on the way, changed while sent, or not written as it"
              + " arrived");
    }
  }

  /**
   * Writes an arriving file to a temporary name and syncs it, then reads the synced copy back to
   * verify its length and checksum (so what is verified is the copy itself, and the checksum
   * reported with the store is the stored copy's), makes it read-only and links it under its name.
   * A checksum-only storage verifies the arriving bytes as they pass and writes the record of their
   * checksum instead.
   */
  private StoredFile write(Path directory, String name, InputStream data, long size, String sha512)
      throws StoreFailedException {
    Path temp = directory.resolve(TEMP).resolve(UUID.randomUUID() + TEMP_SUFFIX);
    Path target = directory.resolve(checksumOnly ? CHECKSUMS : FILES).resolve(name);
    boolean published = false;
    long started = System.nanoTime();
    long copied;
    long synced;
    String actual;
    try {
      long written;
      try (FileChannel out =
              FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
          WriteBehind writeBehind = new WriteBehind(out)) {
        if (checksumOnly) {
          MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
          written = copy(data, null, writeBehind, digest, size, name);
          actual = ChecksumAlgorithm.SHA512.hex(digest);
          verifyArrival(name, written, size, actual, sha512);
          writeFully(out, ByteBuffer.wrap((actual + "\n").getBytes(StandardCharsets.US_ASCII)));
        } else {
          written = copy(data, out, writeBehind, null, size, name);
          verifyArrival(name, written, size, null, sha512);
          actual = null;
        }
        copied = System.nanoTime();
        writeBehind.finish();
        out.force(true);
        synced = System.nanoTime();
      }
      if (!checksumOnly) {
        actual = ChecksumAlgorithm.SHA512.of(temp);
        verifyArrival(name, written, size, actual, sha512);
      }
      long verified = System.nanoTime();
      makeReadOnly(temp);
      publish(temp, target, name);
      published = true;
      long done = System.nanoTime();
      LOG.fine(
          () ->
              String.format(
                  "Stored '%s' in %s: %d bytes received and written in %.2f s, synced in %.2f s,"
                      + " %s in %.2f s, read-only and linked in %.2f s",
                  name,
                  directory,
                  size,
                  (copied - started) / 1e9,
                  (synced - copied) / 1e9,
                  checksumOnly ? "its checksum recorded" : "read back and verified",
                  (verified - synced) / 1e9,
                  (done - verified) / 1e9));
      return new StoredFile(name, target, written, actual);
    } catch (StoreFailedException e) {
      throw e;
    } catch (IOException e) {
      throw writeFailure(directory, name, e);
    } finally {
      if (!published) {
        deleteQuietly(temp);
      }
    }
  }

  private static void writeFully(FileChannel out, ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      out.write(bytes);
    }
  }

  /**
   * Copies at most {@code size + 1} bytes (a longer stream is noticed without reading it all) in
   * full blocks, so the digest and the disk see few large updates even when the stream delivers
   * small pieces (HTTP); with no {@code out}, only digests and counts them; with no {@code digest},
   * only writes and counts them.
   */
  private static long copy(
      InputStream in,
      FileChannel out,
      WriteBehind writeBehind,
      MessageDigest digest,
      long size,
      String name)
      throws IOException {
    byte[] buffer = new byte[BUFFER_SIZE];
    long total = 0;
    int n;
    while ((n = in.readNBytes(buffer, 0, buffer.length)) > 0) {
      if (digest != null) {
        digest.update(buffer, 0, n);
      }
      if (out != null) {
        writeFully(out, ByteBuffer.wrap(buffer, 0, n));
        writeBehind.written(total + n);
      }
      total += n;
      if (total > size) {
        throw new StoreFailedException(
            StoreFailedException.Reason.SIZE_MISMATCH,
            "File '" + name + "' arrived with more than the announced " + size + " bytes");
      }
    }
    return total;
  }

  /**
   * Gives the complete temporary file its archived name. A hard link fails atomically if the name
   * exists (a rename would replace the existing file on POSIX systems); file systems without hard
   * links get an atomic rename after a check, guarded against this JVM's other stores by {@link
   * #storing}.
   */
  private void publish(Path temp, Path target, String name) throws IOException {
    try {
      Files.createLink(target, temp);
      Files.delete(temp);
    } catch (FileAlreadyExistsException e) {
      throw alreadyStored(name, target);
    } catch (UnsupportedOperationException e) {
      if (Files.exists(target)) {
        throw alreadyStored(name, target);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
    }
    forceDirectory(target.getParent());
  }

  private StoreFailedException writeFailure(Path directory, String name, IOException e) {
    String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    boolean full =
        reason.contains("No space left on device")
            || usableSpace.applyAsLong(directory) <= reserveBytes;
    if (full) {
      return new StoreFailedException(
          StoreFailedException.Reason.NO_SPACE,
          "The disk of bitarchive directory "
              + directory
              + " filled up while writing file '"
              + name
              + "' ("
              + reason
              + "); the partial copy was removed. Free space or add a disk.",
          e);
    }
    return new StoreFailedException(
        StoreFailedException.Reason.IO_ERROR,
        "Could not store file '" + name + "' in " + directory + ": " + reason,
        e);
  }

  private static StoreFailedException alreadyStored(String name, Path existing) {
    return new StoreFailedException(
        StoreFailedException.Reason.ALREADY_STORED,
        "File '" + name + "' is archived already (" + existing + "); it is never overwritten");
  }

  private static void makeReadOnly(Path file) throws IOException {
    PosixFileAttributeView posix = Files.getFileAttributeView(file, PosixFileAttributeView.class);
    if (posix != null) {
      posix.setPermissions(PosixFilePermissions.fromString("r--r--r--"));
    } else if (!file.toFile().setReadOnly()) {
      throw new IOException("Cannot make " + file + " read-only");
    }
  }

  /** Makes a new directory entry durable (POSIX); not possible, and not needed, everywhere. */
  private static void forceDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      LOG.fine(() -> "Cannot sync directory " + directory + ": " + e.getMessage());
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.warning(
          () -> "Could not remove temporary file " + file + " (start-up recovery will): " + e);
    }
  }

  private static long usableSpaceOf(Path directory) {
    try {
      return Files.getFileStore(directory).getUsableSpace();
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the free space of " + directory, e);
    }
  }
}
