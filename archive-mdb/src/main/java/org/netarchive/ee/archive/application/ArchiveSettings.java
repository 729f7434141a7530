package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.Queue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.netarchive.ee.archive.domain.model.repository.StorePolicy;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * The archive's configuration, static settings read through MicroProfile Config ({@link
 * ServerSettings}: each setting is a system property, or the environment variable of the same name
 * in upper case with {@code _} for {@code .}). The environment name is the installation's ({@link
 * Installation}); the replicas are {@code nas.replicas} (e.g. {@code ONE,TWO,THREE}), or, when it
 * is unset, the two settings {@code nas.replica.one} and {@code nas.replica.two} (default ONE and
 * TWO) that configure-messaging.cli writes into the server's configuration as a config source. The
 * destinations of every replica are made at start-up ({@code ReplicaDestinations}), so adding a
 * replica is configuration and a restart. At start-up the queue bound at {@code
 * java:/jms/netarchive/COMMON_THE_REPOS} is checked to carry the environment's name. The rest:
 *
 * <ul>
 *   <li>{@code NAS_REPLICAS_LOCAL} (default every replica): the replicas whose bitarchives run in
 *       this server; the others' run on bitarchive nodes (README-NODES.md)
 *   <li>{@code NAS_ROLE} (default central): {@code node} for a bitarchive node, which has no
 *       staging directory (README-NODES.md)
 *   <li>{@code NAS_NODE_NAME} (a node's; default none): the name of this bitarchive node among the
 *       several instances of its replicas, e.g. {@code N2}; it then takes their requests from
 *       queues of its own, which the central makes for the names {@code
 *       NAS_BITARCHIVE_<REPLICA>_NODES} lists
 *   <li>{@code NAS_BITARCHIVE_<REPLICA>_NODES} (the central's; default none): the names of the
 *       bitarchive nodes holding a replica that is not local, separated by {@code ,}; unset, one
 *       node without a name holds it
 *   <li>{@code NAS_ARCHIVE_REUPLOADS} (default 2): further uploads to a replica after a failed one
 *   <li>{@code NAS_ARCHIVE_ASK_AGAIN_AFTER_SECONDS} (default 300): how long a replica that has not
 *       answered a store's upload or checksum request is waited for before it is sent the request
 *       again (by {@link SilentReplicas} every 30 seconds, or by a client's repeated store of the
 *       file); at least 1
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
 *   <li>{@code NAS_ARCHIVE_STAGING_DIR} (default {@code <server data dir>/staging}): where files
 *       uploaded by the harvester agents wait until every replica holds them
 *   <li>{@code NAS_ARCHIVE_STAGING_MAX_AGE_DAYS} (default 7): a staged upload last uploaded longer
 *       ago than this whose store is not unfinished (an agent gave up, a store was refused) is
 *       deleted, at start-up and every hour
 * </ul>
 */
@ApplicationScoped
public class ArchiveSettings {

  /** The setting naming the first replica, as provisioned. */
  public static final String REPLICA_ONE = "nas.replica.one";

  /** The setting naming the second replica, as provisioned. */
  public static final String REPLICA_TWO = "nas.replica.two";

  /** The setting listing every replica; when unset, the two above. */
  public static final String REPLICAS = "nas.replicas";

  /** The setting naming the server's role: {@code node} for a bitarchive node; else central. */
  public static final String ROLE = "nas.role";

  /** The setting listing the replicas whose bitarchives run in this server; when unset, all. */

  /** A bitarchive node's name among the instances of its replicas; unset for a single node. */
  public static final String NODE_NAME = "nas.node.name";

  public static final String LOCAL_REPLICAS = "nas.replicas.local";

  @Resource(lookup = "java:/jms/netarchive/COMMON_THE_REPOS")
  private Queue repositoryQueue;

  @Inject private Installation installation;

  private ServerSettings settings;
  private Channels channels;
  private List<String> replicaIds;
  private List<String> localReplicaIds;
  private StorePolicy policy;

  /** Settings read from the given configuration, for tests of the reads without a server. */
  ArchiveSettings(ServerSettings settings) {
    this.settings = settings;
  }

  /** For CDI: the settings are read in {@link #read()}. */
  protected ArchiveSettings() {}

  @PostConstruct
  void read() {
    settings = ServerSettings.current();
    channels = installation.channels();
    expectQueue(repositoryQueue, "COMMON_THE_REPOS", channels.theRepos().name());
    replicaIds = replicaIds(settings);
    localReplicaIds = localReplicaIds(settings, replicaIds);
    policy =
        new StorePolicy(
            replicaIds,
            (int) settings.wholeNumber("nas.archive.reuploads", 2),
            askAgainAfter(settings));
  }

  /** {@code nas.archive.ask.again.after.seconds}: at least a second. */
  static Duration askAgainAfter(ServerSettings settings) {
    String name = "nas.archive.ask.again.after.seconds";
    long seconds = settings.wholeNumber(name, StorePolicy.DEFAULT_ASK_AGAIN_AFTER.toSeconds());
    if (seconds < 1) {
      throw ServerSettings.refusal(name, "must be a whole number of at least 1", "" + seconds);
    }
    return Duration.ofSeconds(seconds);
  }

  /**
   * The replicas configured: {@code nas.replicas} (ids separated by {@code ,}, e.g. {@code
   * ONE,TWO,THREE}), or, when it is unset, the two the provisioning names, {@code nas.replica.one}
   * and {@code nas.replica.two} (default ONE and TWO), so that an installation configured before
   * {@code nas.replicas} existed keeps its meaning. Each id is checked as a channel name part; an
   * id given twice is refused.
   */
  static List<String> replicaIds(ServerSettings settings) {
    if (settings.text(REPLICAS).isEmpty()) {
      List<String> ids =
          List.of(
              replicaId(REPLICA_ONE, settings.text(REPLICA_ONE).orElse("ONE")),
              replicaId(REPLICA_TWO, settings.text(REPLICA_TWO).orElse("TWO")));
      if (ids.get(0).equals(ids.get(1))) {
        throw ServerSettings.refusal(REPLICA_TWO, "must differ from " + REPLICA_ONE, ids.get(1));
      }
      return ids;
    }
    return idList(
        REPLICAS,
        settings.text(REPLICAS).get(),
        id -> {
          try {
            checkReplicaId(id);
            return null;
          } catch (IllegalArgumentException e) {
            return "is not a replica id (" + e.getMessage() + ")";
          }
        });
  }

  /**
   * The replicas whose bitarchives run in this server: {@code nas.replicas.local} (ids separated by
   * {@code ,}, each one of the replicas), or, when it is unset, every replica, as before the
   * setting existed. The others' bitarchives run on bitarchive nodes, which take the replicas'
   * channels on this server's broker; the repository still stores every file into every replica. An
   * id that is no replica, or given twice, is refused.
   */
  static List<String> localReplicaIds(ServerSettings settings, List<String> replicaIds) {
    if (settings.text(LOCAL_REPLICAS).isEmpty()) {
      return replicaIds;
    }
    return idList(
        LOCAL_REPLICAS,
        settings.text(LOCAL_REPLICAS).get(),
        id ->
            replicaIds.contains(id)
                ? null
                : "is none of the replicas " + replicaIds + " (" + REPLICAS + ")");
  }

  /**
   * Reads a list of replica ids: separated by {@code ,}, none empty, none given twice, and each one
   * that {@code problem} finds nothing wrong with.
   *
   * @param setting the setting's name, for the refusals
   * @param value its value
   * @param problem why an id cannot be taken ("is ..."), or null if it can
   * @throws IllegalArgumentException naming the setting, the id and the value
   */
  private static List<String> idList(
      String setting, String value, Function<String, String> problem) {
    return idList(setting, value, problem, "replica ids", "replica");
  }

  /** Like {@link #idList(String, String, Function)} for names of another kind. */
  private static List<String> idList(
      String setting, String value, Function<String, String> problem, String kind, String each) {
    List<String> ids = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      String id = part.strip();
      if (id.isEmpty()) {
        throw ServerSettings.refusal(
            setting, "must name " + kind + " separated by ',' with none empty", value);
      }
      String refused = problem.apply(id);
      if (refused != null) {
        throw ServerSettings.refusal(setting, "names '" + id + "', which " + refused, value);
      }
      if (ids.contains(id)) {
        throw ServerSettings.refusal(
            setting, "must name each " + each + " once, but names '" + id + "' twice", value);
      }
      ids.add(id);
    }
    return List.copyOf(ids);
  }

  /**
   * This bitarchive node's name among the instances of its replicas ({@code NAS_NODE_NAME}), or
   * empty for the one node of its replicas.
   *
   * @throws IllegalArgumentException if the name cannot be part of a queue name
   */
  public Optional<String> nodeName() {
    return settings
        .text(NODE_NAME)
        .map(String::strip)
        .filter(name -> !name.isEmpty())
        .map(name -> nodeName(NODE_NAME, name));
  }

  /**
   * The names of the bitarchive nodes that hold a replica not held here ({@code
   * NAS_BITARCHIVE_<REPLICA>_NODES}), each with a request queue of its own; empty for one node
   * without a name.
   *
   * @throws IllegalArgumentException naming the setting and the value if a name is not one, or
   *     given twice
   */
  public List<String> nodeNames(String replicaId) {
    String setting = "nas.bitarchive." + replicaId.toLowerCase(Locale.ROOT) + ".nodes";
    return settings
        .text(setting)
        .filter(value -> !value.isBlank())
        .map(
            value -> idList(setting, value, ArchiveSettings::nodeNameProblem, "node names", "node"))
        .orElse(List.of());
  }

  private static String nodeName(String setting, String name) {
    String problem = nodeNameProblem(name);
    if (problem != null) {
      throw ServerSettings.refusal(setting, "names '" + name + "', which " + problem, name);
    }
    return name;
  }

  /** Why a node name cannot be part of a queue name, or null. */
  private static String nodeNameProblem(String name) {
    return name.matches("[A-Z][A-Z0-9]{0,11}")
        ? null
        : "is no node name (an upper-case letter, then up to 11 upper-case letters or digits)";
  }

  /** The replica id a single-id setting gives, checked as a channel name part. */
  private static String replicaId(String name, String id) {
    try {
      checkReplicaId(id);
    } catch (IllegalArgumentException e) {
      throw ServerSettings.refusal(name, "must be a replica id (" + e.getMessage() + ")", id);
    }
    return id;
  }

  /** Refuses an id that cannot be part of a channel name (e.g. {@code o-1} or {@code COMMON}). */
  private static void checkReplicaId(String id) {
    Channels.forEnvironment(Installation.DEFAULT_ENVIRONMENT).anyBa(id);
  }

  private static void expectQueue(Queue queue, String binding, String expected) {
    String bound = Installation.queueName(queue);
    if (!bound.equals(expected)) {
      throw new IllegalStateException(
          "The queue bound at java:/jms/netarchive/"
              + binding
              + " is named '"
              + bound
              + "', not '"
              + expected
              + "' as nas.environment says;"
              + " run configure-messaging.cli with the installation's values");
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

  /**
   * The replicas whose bitarchives run in this server ({@code nas.replicas.local}; default all), in
   * the order the setting gives.
   */
  public List<String> localReplicaIds() {
    return localReplicaIds;
  }

  /** Whether a replica's bitarchive runs in this server (else on a bitarchive node). */
  public boolean isLocal(String replicaId) {
    return localReplicaIds.contains(replicaId);
  }

  public StorePolicy storePolicy() {
    return policy;
  }

  /** The directories of a replica's bitarchive on this server. */
  public List<Path> bitarchiveDirectories(String replicaId) {
    String name = "nas.bitarchive." + replicaId.toLowerCase(Locale.ROOT) + ".dirs";
    if (settings.text(name).isEmpty()) {
      return List.of(Path.of(serverDataDirectory(), "bitarchive", replicaId));
    }
    List<Path> dirs = settings.list(name).stream().map(Path::of).toList();
    if (dirs.isEmpty()) {
      throw ServerSettings.refusal(name, "names no directory", settings.text(name).get());
    }
    return dirs;
  }

  /** The directories a bitarchive reads files offered on this machine from directly. */
  public List<Path> localReadDirectories() {
    String name = "nas.archive.local.read.dirs";
    List<Path> dirs = new ArrayList<>();
    for (String dir : settings.list(name)) {
      Path path = Path.of(dir);
      if (!path.isAbsolute()) {
        throw ServerSettings.refusal(
            name, "must name absolute directories, not '" + dir + "'", settings.text(name).get());
      }
      dirs.add(path);
    }
    return dirs;
  }

  /** How often a bitarchive sends its heartbeats. */
  public Duration heartbeatInterval() {
    return Duration.ofSeconds(
        Math.max(1, settings.wholeNumber("nas.bitarchive.heartbeat.seconds", 60)));
  }

  /** How long without a heartbeat makes a bitarchive instance missing for its replica's monitor. */
  public Duration missingAfter() {
    long seconds =
        settings.wholeNumber(
            "nas.bamon.missing.after.seconds", 3 * heartbeatInterval().toSeconds());
    return Duration.ofSeconds(Math.max(1, seconds));
  }

  /** How long a replica's monitor waits for an instance's answer to a get or batch request. */
  public Duration monitorAnswerTimeout() {
    return Duration.ofSeconds(
        Math.max(1, settings.wholeNumber("nas.bamon.answer.timeout.seconds", 21600)));
  }

  /**
   * Where this server's bitarchive instances leave their batch results for their replica's monitor
   * (which reads them directly from here and removes them).
   */
  public Path batchResultDirectory() {
    return Path.of(serverDataDirectory(), "bitarchive-batch-results").toAbsolutePath();
  }

  /**
   * Checks the credentials of a correction (remove-and-get) against {@code
   * NAS_ARCHIVE_CORRECT_CREDENTIALS}.
   *
   * @return null if they match, else why not (never the configured value)
   */
  public String checkCorrectCredentials(String given) {
    String configured = correctCredentials();
    if (configured == null) {
      return "corrections are disabled: NAS_ARCHIVE_CORRECT_CREDENTIALS is not set on the server";
    }
    byte[] expected = configured.getBytes(java.nio.charset.StandardCharsets.UTF_8);
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
    return settings.secret("nas.archive.correct.credentials").map(String::strip).orElse(null);
  }

  /**
   * Whether a replica's bitarchive keeps only checksums ({@code NAS_BITARCHIVE_<R>_CHECKSUM_ONLY}).
   */
  public boolean checksumOnly(String replicaId) {
    return settings.flag(
        "nas.bitarchive." + replicaId.toLowerCase(Locale.ROOT) + ".checksum.only", false);
  }

  /** The index server's cache directory ({@code NAS_INDEX_CACHE_DIR}). */
  public Path indexCacheDirectory() {
    return settings
        .absoluteDirectory("nas.index.cache.dir")
        .orElseGet(() -> Path.of(serverDataDirectory(), "index-cache").toAbsolutePath());
  }

  /**
   * Whether this server is a bitarchive node ({@code NAS_ROLE=node}): it holds the bitarchives of
   * its local replicas for a central server and has no staging directory of its own, so it reads
   * every offered file over HTTP (a staging directory of the central's on the same machine is no
   * directory it may read directly).
   */
  public boolean bitarchiveNode() {
    return "node".equals(settings.text(ROLE).orElse("").trim().toLowerCase(Locale.ROOT));
  }

  /** Where the agents' uploads wait for the replicas ({@code NAS_ARCHIVE_STAGING_DIR}). */
  public Path stagingDirectory() {
    return settings
        .absoluteDirectory("nas.archive.staging.dir")
        .orElseGet(() -> Path.of(serverDataDirectory(), "staging").toAbsolutePath());
  }

  /**
   * How long a staged upload no unfinished store needs may wait before it is deleted ({@code
   * NAS_ARCHIVE_STAGING_MAX_AGE_DAYS}, default 7, at least 1).
   */
  public Duration stagingMaxAge() {
    String name = "nas.archive.staging.max.age.days";
    long days = settings.wholeNumber(name, 7);
    if (days < 1) {
      throw ServerSettings.refusal(name, "must be at least 1 (days)", Long.toString(days));
    }
    return Duration.ofDays(days);
  }

  /** The archive-wide capture index's directory ({@code NAS_CAPTURE_INDEX_DIR}). */
  public Path captureIndexDirectory() {
    return settings
        .absoluteDirectory("nas.capture.index.dir")
        .orElseGet(() -> Path.of(serverDataDirectory(), "index", "captures").toAbsolutePath());
  }

  /** The most bytes built indexes may take in the cache ({@code NAS_INDEX_CACHE_MAX_BYTES}). */
  public long indexCacheMaxBytes() {
    return settings.wholeNumber("nas.index.cache.max.bytes", 10_000_000_000L);
  }

  /** Space a bitarchive leaves free on each of its disks. */
  public long reserveBytes() {
    return settings.wholeNumber("nas.bitarchive.reserve.bytes", 100_000_000L);
  }

  /** WildFly's data directory ({@code jboss.server.data.dir}), its own property, not a setting. */
  private static String serverDataDirectory() {
    return System.getProperty("jboss.server.data.dir", "data");
  }
}
