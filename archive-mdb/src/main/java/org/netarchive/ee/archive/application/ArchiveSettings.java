package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.netarchive.ee.archive.domain.model.repository.StorePolicy;
import org.netarchive.ee.common.channel.Channels;

/**
 * The archive's configuration. The environment name and the two replica ids are read back from the
 * broker configuration (configure-messaging.cli binds each replica's destinations also under {@code
 * java:/jms/netarchive/replica1/...} and {@code .../replica2/...}), so they are set in one place.
 * The rest comes from the environment, read at start-up:
 *
 * <ul>
 *   <li>{@code NAS_ARCHIVE_REUPLOADS} (default 2): further uploads to a replica after a failed one
 *   <li>{@code NAS_BITARCHIVE_<REPLICA>_DIRS}: the directories of the replica's bitarchive,
 *       separated by {@code ,}; default {@code <server data dir>/bitarchive/<REPLICA>}
 *   <li>{@code NAS_BITARCHIVE_<REPLICA>_CHECKSUM_ONLY} (default false): {@code true} makes the
 *       replica's bitarchive keep only the SHA-512 of each file it is sent, no bytes
 *   <li>{@code NAS_BITARCHIVE_RESERVE_BYTES} (default 100000000): space a bitarchive leaves free on
 *       each disk
 *   <li>{@code NAS_ARCHIVE_LOCAL_READ_DIRS} (default none): absolute directories, separated by
 *       {@code ,}, from which a bitarchive reads a file offered on its own machine directly; an
 *       offer on this machine of a path outside them is refused; without them every file is fetched
 *       over HTTP
 *   <li>{@code NAS_INDEX_CACHE_DIR} (default {@code <server data dir>/index-cache}): the index
 *       server's cache of each job's index data and of built indexes
 *   <li>{@code NAS_INDEX_CACHE_MAX_BYTES} (default 10000000000): the most bytes the built indexes
 *       in the cache may take; the least recently used are removed beyond it
 *   <li>{@code NAS_CAPTURE_INDEX_DIR} (default {@code <server data dir>/index/captures}): the
 *       archive-wide capture index (Lucene) behind the CDX server API
 * </ul>
 */
@ApplicationScoped
public class ArchiveSettings {

  private static final String REPOS_SUFFIX = "_COMMON_THE_REPOS";

  @Resource(lookup = "java:/jms/netarchive/COMMON_THE_REPOS")
  private Queue repositoryQueue;

  @Resource(lookup = "java:/jms/netarchive/replica1/ANY_BA")
  private Queue firstReplicaUploads;

  @Resource(lookup = "java:/jms/netarchive/replica2/ANY_BA")
  private Queue secondReplicaUploads;

  private Channels channels;
  private List<String> replicaIds;
  private StorePolicy policy;

  @PostConstruct
  void read() {
    String repos = queueName(repositoryQueue);
    if (!repos.endsWith(REPOS_SUFFIX)) {
      throw new IllegalStateException(
          "The queue bound at java:/jms/netarchive/COMMON_THE_REPOS is named '"
              + repos
              + "', not <ENV>"
              + REPOS_SUFFIX
              + "; re-run configure-messaging.cli");
    }
    channels = Channels.forEnvironment(repos.substring(0, repos.length() - REPOS_SUFFIX.length()));
    replicaIds =
        List.of(
            replicaOf(firstReplicaUploads, "replica1"),
            replicaOf(secondReplicaUploads, "replica2"));
    policy = new StorePolicy(replicaIds, (int) longSetting("NAS_ARCHIVE_REUPLOADS", 2));
  }

  private String replicaOf(Queue uploads, String alias) {
    String name = queueName(uploads);
    String prefix = channels.environment() + "_";
    String suffix = "_ANY_BA";
    if (!name.startsWith(prefix) || !name.endsWith(suffix)) {
      throw new IllegalStateException(
          "The queue bound at java:/jms/netarchive/"
              + alias
              + "/ANY_BA is named '"
              + name
              + "', not "
              + prefix
              + "<REPLICA>"
              + suffix
              + "; re-run configure-messaging.cli");
    }
    return name.substring(prefix.length(), name.length() - suffix.length());
  }

  private static String queueName(Queue queue) {
    try {
      String name = queue.getQueueName();
      return name.startsWith("jms.queue.") ? name.substring("jms.queue.".length()) : name;
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read the name of queue " + queue, e);
    }
  }

  /** Channel names of this installation. */
  public Channels channels() {
    return channels;
  }

  /** The replicas every file is stored in, e.g. {@code [ONE, TWO]}. */
  public List<String> replicaIds() {
    return replicaIds;
  }

  /** The replica a bitarchive consumer serves: 1 or 2, as bound in JNDI. */
  public String replicaId(int position) {
    return replicaIds.get(position - 1);
  }

  public StorePolicy storePolicy() {
    return policy;
  }

  /** The directories of a replica's bitarchive on this server. */
  public List<Path> bitarchiveDirectories(String replicaId) {
    String variable = "NAS_BITARCHIVE_" + replicaId.toUpperCase(Locale.ROOT) + "_DIRS";
    String value = System.getenv(variable);
    if (value == null || value.isBlank()) {
      String data = System.getProperty("jboss.server.data.dir", "data");
      return List.of(Path.of(data, "bitarchive", replicaId));
    }
    List<Path> dirs = new ArrayList<>();
    for (String dir : Arrays.stream(value.split(",")).map(String::strip).toList()) {
      if (!dir.isEmpty()) {
        dirs.add(Path.of(dir));
      }
    }
    if (dirs.isEmpty()) {
      throw new IllegalStateException(variable + " names no directory: '" + value + "'");
    }
    return dirs;
  }

  /** The directories a bitarchive reads files offered on this machine from directly. */
  public List<Path> localReadDirectories() {
    String variable = "NAS_ARCHIVE_LOCAL_READ_DIRS";
    String value = System.getenv(variable);
    List<Path> dirs = new ArrayList<>();
    if (value != null) {
      for (String dir : Arrays.stream(value.split(",")).map(String::strip).toList()) {
        if (dir.isEmpty()) {
          continue;
        }
        Path path = Path.of(dir);
        if (!path.isAbsolute()) {
          throw new IllegalStateException(
              variable + " must name absolute directories, got '" + dir + "' in '" + value + "'");
        }
        dirs.add(path);
      }
    }
    return dirs;
  }

  /** How often a bitarchive sends its heartbeats. */
  public Duration heartbeatInterval() {
    return Duration.ofSeconds(Math.max(1, longSetting("NAS_BITARCHIVE_HEARTBEAT_SECONDS", 60)));
  }

  /** How long without a heartbeat makes a bitarchive instance missing for its replica's monitor. */
  public Duration missingAfter() {
    long seconds =
        longSetting("NAS_BAMON_MISSING_AFTER_SECONDS", 3 * heartbeatInterval().toSeconds());
    return Duration.ofSeconds(Math.max(1, seconds));
  }

  /** How long a replica's monitor waits for an instance's answer to a get or batch request. */
  public Duration monitorAnswerTimeout() {
    return Duration.ofSeconds(Math.max(1, longSetting("NAS_BAMON_ANSWER_TIMEOUT_SECONDS", 21600)));
  }

  /**
   * Where this server's bitarchive instances leave their batch results for their replica's monitor
   * (which reads them directly from here and removes them).
   */
  public Path batchResultDirectory() {
    String data = System.getProperty("jboss.server.data.dir", "data");
    return Path.of(data, "bitarchive-batch-results").toAbsolutePath();
  }

  /**
   * Checks the credentials of a correction (remove-and-get) against {@code
   * NAS_ARCHIVE_CORRECT_CREDENTIALS}.
   *
   * @return null if they match, else why not (never the configured value)
   */
  public String checkCorrectCredentials(String given) {
    String configured = System.getenv("NAS_ARCHIVE_CORRECT_CREDENTIALS");
    if (configured == null || configured.isBlank()) {
      return "corrections are disabled: NAS_ARCHIVE_CORRECT_CREDENTIALS is not set on the server";
    }
    byte[] expected = configured.strip().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] actual =
        (given == null ? "" : given.strip()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return java.security.MessageDigest.isEqual(expected, actual)
        ? null
        : "wrong credentials for corrections";
  }

  /**
   * The credentials of corrections ({@code NAS_ARCHIVE_CORRECT_CREDENTIALS}), for the server's own
   * repairs of corrupt copies; null if corrections are disabled. Never to be logged.
   */
  public String correctCredentials() {
    String configured = System.getenv("NAS_ARCHIVE_CORRECT_CREDENTIALS");
    return configured == null || configured.isBlank() ? null : configured.strip();
  }

  /**
   * Whether a replica's bitarchive keeps only checksums ({@code NAS_BITARCHIVE_<R>_CHECKSUM_ONLY}).
   */
  public boolean checksumOnly(String replicaId) {
    String variable = "NAS_BITARCHIVE_" + replicaId.toUpperCase(Locale.ROOT) + "_CHECKSUM_ONLY";
    String value = System.getenv(variable);
    if (value == null || value.isBlank()) {
      return false;
    }
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new IllegalStateException(variable + " must be true or false, was '" + value + "'");
    };
  }

  /** The index server's cache directory ({@code NAS_INDEX_CACHE_DIR}). */
  public Path indexCacheDirectory() {
    String value = System.getenv("NAS_INDEX_CACHE_DIR");
    if (value == null || value.isBlank()) {
      String data = System.getProperty("jboss.server.data.dir", "data");
      return Path.of(data, "index-cache").toAbsolutePath();
    }
    Path dir = Path.of(value.strip());
    if (!dir.isAbsolute()) {
      throw new IllegalStateException(
          "NAS_INDEX_CACHE_DIR must be an absolute directory, was '" + value + "'");
    }
    return dir;
  }

  /** The archive-wide capture index's directory ({@code NAS_CAPTURE_INDEX_DIR}). */
  public Path captureIndexDirectory() {
    String value = System.getenv("NAS_CAPTURE_INDEX_DIR");
    if (value == null || value.isBlank()) {
      String data = System.getProperty("jboss.server.data.dir", "data");
      return Path.of(data, "index", "captures").toAbsolutePath();
    }
    Path dir = Path.of(value.strip());
    if (!dir.isAbsolute()) {
      throw new IllegalStateException(
          "NAS_CAPTURE_INDEX_DIR must be an absolute directory, was '" + value + "'");
    }
    return dir;
  }

  /** The most bytes built indexes may take in the cache ({@code NAS_INDEX_CACHE_MAX_BYTES}). */
  public long indexCacheMaxBytes() {
    return longSetting("NAS_INDEX_CACHE_MAX_BYTES", 10_000_000_000L);
  }

  /** Space a bitarchive leaves free on each of its disks. */
  public long reserveBytes() {
    return longSetting("NAS_BITARCHIVE_RESERVE_BYTES", 100_000_000L);
  }

  private static long longSetting(String variable, long defaultValue) {
    String value = System.getenv(variable);
    if (value == null || value.isBlank()) {
      return defaultValue;
    }
    try {
      long parsed = Long.parseLong(value.strip());
      if (parsed < 0) {
        throw new NumberFormatException("negative");
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          variable + " must be a whole number of at least 0, was '" + value + "'", e);
    }
  }
}
