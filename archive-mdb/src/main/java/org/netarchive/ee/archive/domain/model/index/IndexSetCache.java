package org.netarchive.ee.archive.domain.model.index;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.logging.Logger;
import org.netarchive.ee.common.index.IndexBundle;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.io.FileTrees;

/**
 * The cache of built indexes: per kind a directory holding, for each job set built, its bundle
 * {@code <name>.zip} (the index directory as an {@link IndexBundle}, what is downloaded and sent)
 * and its descriptor {@code <name>.properties} (jobs, entries, size, SHA-256), named by the set's
 * {@link JobSet#cacheName()}. The descriptor is written last, so an index exists when its
 * descriptor does. A set is built under its lock file, so two requests for it, in threads or
 * processes, build it once: the second finds the first's result.
 *
 * <p>The bundles' total size is bounded: after each build the least recently used bundles (by the
 * modification time, set to now whenever an index is looked up) are removed until the rest fit (the
 * one just built always stays).
 */
public final class IndexSetCache {

  private static final Logger LOG = Logger.getLogger(IndexSetCache.class.getName());

  /** Builds the index of a set into an empty directory. */
  @FunctionalInterface
  public interface Build {
    /**
     * Builds.
     *
     * @param dir the directory
     * @return the number of entries
     * @throws IOException if it fails
     */
    long into(Path dir) throws IOException;
  }

  /**
   * A built index in the cache.
   *
   * @param kind its kind
   * @param name its set's cache name
   * @param jobIds the jobs it covers
   * @param entries how many entries it has
   * @param size its bundle's length
   * @param sha256 its bundle's SHA-256, hexadecimal
   * @param builtAt when it was built
   * @param bundle the bundle file
   */
  public record CachedIndex(
      IndexKind kind,
      String name,
      List<Long> jobIds,
      long entries,
      long size,
      String sha256,
      Instant builtAt,
      Path bundle) {}

  /**
   * What {@link #getOrBuild} gave.
   *
   * @param index the index
   * @param builtNow whether this call built it (false: it was in the cache)
   */
  public record Result(CachedIndex index, boolean builtNow) {}

  private final Path dir;
  private final long maxBytes;
  private final Clock clock;

  /**
   * @param dir the cache's directory (a subdirectory per kind is used)
   * @param maxBytes the most bytes the bundles may take together
   * @param clock for build times and use times
   */
  public IndexSetCache(Path dir, long maxBytes, Clock clock) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.clock = clock;
  }

  /**
   * The cached index of a set, marked as used now.
   *
   * @param kind the kind
   * @param set the set
   * @return the index, if it is cached
   */
  public Optional<CachedIndex> find(IndexKind kind, JobSet set) {
    return find(kind, set.cacheName());
  }

  /**
   * The cached index of a cache name, marked as used now.
   *
   * @param kind the kind
   * @param name the cache name
   * @return the index, if it is cached
   */
  public Optional<CachedIndex> find(IndexKind kind, String name) {
    if (!name.matches("[0-9a-f-]{1,200}")) {
      return Optional.empty();
    }
    Path descriptor = kindDir(kind).resolve(name + ".properties");
    Path bundle = kindDir(kind).resolve(name + ".zip");
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(descriptor, StandardCharsets.UTF_8)) {
      p.load(in);
      Files.setLastModifiedTime(bundle, FileTime.from(clock.instant()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("Cannot read the cached index " + descriptor, e);
    }
    return Optional.of(
        new CachedIndex(
            kind,
            name,
            Arrays.stream(p.getProperty("jobs", "").split(","))
                .filter(s -> !s.isBlank())
                .map(Long::valueOf)
                .toList(),
            Long.parseLong(p.getProperty("entries", "0")),
            Long.parseLong(p.getProperty("size", "0")),
            p.getProperty("sha256"),
            Instant.parse(p.getProperty("builtAt")),
            bundle));
  }

  /**
   * The cached index of a set, built now if there is none.
   *
   * @param kind the kind
   * @param set the set
   * @param build how to build it
   * @return the index and whether this call built it
   * @throws IOException if it cannot be built or cached
   */
  public Result getOrBuild(IndexKind kind, JobSet set, Build build) throws IOException {
    Optional<CachedIndex> cached = find(kind, set);
    if (cached.isPresent()) {
      return new Result(cached.get(), false);
    }
    Path kindDir = Files.createDirectories(kindDir(kind));
    String name = set.cacheName();
    return FileLocks.withLock(
        kindDir.resolve(name + ".lock"),
        () -> {
          Optional<CachedIndex> now = find(kind, set);
          if (now.isPresent()) {
            return new Result(now.get(), false);
          }
          Path work = kindDir.resolve("tmp-" + name + "-" + UUID.randomUUID());
          Path tmpZip = kindDir.resolve("tmp-" + name + "-" + UUID.randomUUID() + ".zip");
          try {
            long entries = build.into(work.resolve("index"));
            MessageDigest sha256 = sha256();
            try (OutputStream out =
                new DigestOutputStream(
                    new BufferedOutputStream(Files.newOutputStream(tmpZip)), sha256)) {
              IndexBundle.write(work.resolve("index"), out);
            }
            Properties p = new Properties();
            p.setProperty("kind", kind.name());
            p.setProperty("jobs", set.asText());
            p.setProperty("entries", Long.toString(entries));
            p.setProperty("size", Long.toString(Files.size(tmpZip)));
            p.setProperty("sha256", HexFormat.of().formatHex(sha256.digest()));
            p.setProperty("builtAt", clock.instant().toString());
            Path tmpDescriptor = work.resolve("descriptor");
            try (Writer w = Files.newBufferedWriter(tmpDescriptor, StandardCharsets.UTF_8)) {
              p.store(w, "Index of jobs " + set.asText());
            }
            Files.move(
                tmpZip,
                kindDir.resolve(name + ".zip"),
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
            Files.move(
                tmpDescriptor,
                kindDir.resolve(name + ".properties"),
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
          } finally {
            Files.deleteIfExists(tmpZip);
            FileTrees.delete(work);
          }
          CachedIndex built = find(kind, set).orElseThrow();
          evict(built.bundle());
          return new Result(built, true);
        });
  }

  /** The bytes the cached bundles take. */
  public long totalBytes() throws IOException {
    long total = 0;
    for (Path bundle : bundles()) {
      total += sizeOrZero(bundle);
    }
    return total;
  }

  private void evict(Path keep) throws IOException {
    List<Path> bundles = bundles();
    long total = 0;
    for (Path b : bundles) {
      total += sizeOrZero(b);
    }
    bundles.sort(Comparator.comparing(IndexSetCache::modifiedOrEpoch));
    for (Path bundle : bundles) {
      if (total <= maxBytes) {
        break;
      }
      if (bundle.equals(keep)) {
        continue;
      }
      long size = sizeOrZero(bundle);
      String file = bundle.getFileName().toString();
      Path descriptor =
          bundle.resolveSibling(file.substring(0, file.length() - ".zip".length()) + ".properties");
      // The descriptor first: without it the index is absent, never half there.
      Files.deleteIfExists(descriptor);
      Files.deleteIfExists(bundle);
      total -= size;
      LOG.info(
          () ->
              "Index cache: removed the least recently used "
                  + bundle
                  + " ("
                  + size
                  + " bytes) to stay within "
                  + maxBytes
                  + " bytes");
    }
  }

  private List<Path> bundles() throws IOException {
    List<Path> bundles = new ArrayList<>();
    for (IndexKind kind : IndexKind.values()) {
      Path kindDir = kindDir(kind);
      if (!Files.isDirectory(kindDir)) {
        continue;
      }
      try (DirectoryStream<Path> files = Files.newDirectoryStream(kindDir, "[0-9]*.zip")) {
        files.forEach(bundles::add);
      }
    }
    return bundles;
  }

  private Path kindDir(IndexKind kind) {
    return dir.resolve(kind.name());
  }

  private static long sizeOrZero(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  private static FileTime modifiedOrEpoch(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("The JDK has no SHA-256", e);
    }
  }
}
