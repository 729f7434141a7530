package org.netarchive.ee.agent.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.netarchive.ee.agent.messaging.BrokerUrl;
import org.netarchive.ee.common.archive.TlsTrust;
import org.netarchive.ee.common.channel.Channels;

/**
 * The settings of one harvester agent, read from its properties file (see the commented {@code
 * conf/harvester-agent.properties} of the distribution for what each key means).
 *
 * <p>Every problem in the file is reported at once, each naming the key and its value. Relative
 * paths are resolved against the directory of the file. Unknown keys are refused, so that a typo
 * does not silently leave a default in place.
 *
 * <p>The file is the agent's one way to be configured; only the broker password may come from the
 * environment instead ({@value #PASSWORD_VARIABLE}), so that it need not be written down. The agent
 * is a plain JVM outside WildFly, so it does not use the server's MicroProfile Config: a file of
 * its own, checked as a whole, is simpler there.
 *
 * @param brokerUrl the Artemis URL of the server's broker, e.g. {@code tcp://server:61616}, with
 *     TLS {@code tcp://server:61616?sslEnabled=true} (forms: {@link BrokerUrl})
 * @param brokerUser the broker account
 * @param brokerPassword the broker password (from the file or the environment)
 * @param environment the installation's environment name, e.g. {@code PROD}
 * @param channel the harvest channel whose jobs this agent takes, e.g. {@code FOCUSED}
 * @param instance this agent's name in replies and heartbeats
 * @param workDirectory where job directories are made
 * @param minimumFreeBytes the free space the work directory must have before a job is taken
 * @param heritrixHome the unpacked Heritrix 3 distribution
 * @param heritrixJava the java executable that runs Heritrix
 * @param heritrixHeap the Heritrix JVM's maximum heap, in the form of {@code -Xmx}, e.g. {@code 1g}
 * @param heritrixJavaOptions further options for the Heritrix JVM
 * @param noResponseTimeout the crawl is stopped when nothing is downloaded for this long
 * @param inactivityTimeout the crawl is stopped when no crawler thread is busy for this long
 * @param processTimeout how long Heritrix may take to exit before it is killed
 * @param statusInterval how often progress is read, logged and reported
 * @param heartbeatInterval how often a heartbeat is sent to the monitor
 * @param dedupIndexTimeout how long a job may wait for its deduplication index before it crawls
 *     without one
 * @param archiveSettings the keys starting with {@code archive.} and their values, for the archive
 *     client (see {@link org.netarchive.ee.agent.store.ArchiveStoreFactory})
 */
public record AgentConfiguration(
    String brokerUrl,
    String brokerUser,
    String brokerPassword,
    String environment,
    String channel,
    String instance,
    Path workDirectory,
    long minimumFreeBytes,
    Path heritrixHome,
    Path heritrixJava,
    String heritrixHeap,
    List<String> heritrixJavaOptions,
    Duration noResponseTimeout,
    Duration inactivityTimeout,
    Duration processTimeout,
    Duration statusInterval,
    Duration heartbeatInterval,
    Duration dedupIndexTimeout,
    Map<String, String> archiveSettings) {

  /** The environment variable holding the broker password when the file does not. */
  public static final String PASSWORD_VARIABLE = "NAS_AGENT_PASSWORD";

  static final String BROKER_URL = "broker.url";
  static final String BROKER_USER = "broker.user";
  static final String BROKER_PASSWORD = "broker.password";
  static final String ENVIRONMENT = "agent.environment";
  static final String CHANNEL = "agent.channel";
  static final String INSTANCE = "agent.instance";
  static final String WORK_DIRECTORY = "work.directory";
  static final String MINIMUM_FREE_BYTES = "work.minimumFreeBytes";
  static final String HERITRIX_HOME = "heritrix.home";
  static final String HERITRIX_JAVA = "heritrix.java";
  static final String HERITRIX_HEAP = "heritrix.heap";
  static final String HERITRIX_JAVA_OPTIONS = "heritrix.javaOptions";
  static final String NO_RESPONSE_TIMEOUT = "timeout.noResponseSeconds";
  static final String INACTIVITY_TIMEOUT = "timeout.inactivitySeconds";
  static final String PROCESS_TIMEOUT = "timeout.processSeconds";
  static final String STATUS_INTERVAL = "status.intervalSeconds";
  static final String HEARTBEAT_INTERVAL = "heartbeat.intervalSeconds";
  static final String DEDUP_INDEX_TIMEOUT = "timeout.dedupIndexSeconds";

  private static final Set<String> KEYS =
      Set.of(
          BROKER_URL,
          BROKER_USER,
          BROKER_PASSWORD,
          ENVIRONMENT,
          CHANNEL,
          INSTANCE,
          WORK_DIRECTORY,
          MINIMUM_FREE_BYTES,
          HERITRIX_HOME,
          HERITRIX_JAVA,
          HERITRIX_HEAP,
          HERITRIX_JAVA_OPTIONS,
          NO_RESPONSE_TIMEOUT,
          INACTIVITY_TIMEOUT,
          PROCESS_TIMEOUT,
          STATUS_INTERVAL,
          HEARTBEAT_INTERVAL,
          DEDUP_INDEX_TIMEOUT);

  private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]?");
  private static final Pattern INSTANCE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

  /** Validates the components and copies the list. */
  public AgentConfiguration {
    heritrixJavaOptions = List.copyOf(heritrixJavaOptions);
    archiveSettings = Map.copyOf(archiveSettings);
  }

  /** The prefix of the keys passed to the archive client as they are. */
  public static final String ARCHIVE_PREFIX = "archive.";

  /** The PEM file of the certificates trusted for the server: for HTTPS and the broker's TLS. */
  private static final String TRUST_SETTING = BrokerUrl.TRUST_SETTING;

  /**
   * The URL the broker's client connects with: {@link #brokerUrl()} and, for TLS, the certificates
   * of {@value #TRUST_SETTING} (see {@link BrokerUrl#connecting}).
   *
   * @return the URL (it holds no password)
   */
  public String brokerConnectionUrl() {
    return BrokerUrl.connecting(brokerUrl, brokerTrustedCertificates());
  }

  /**
   * The PEM file of the certificates trusted for the broker's TLS ({@value #TRUST_SETTING}).
   *
   * @return the file, or null for the Java runtime's authorities
   */
  public Path brokerTrustedCertificates() {
    return trustedCertificates(archiveSettings);
  }

  private static Path trustedCertificates(Map<String, String> archive) {
    String file = archive.get(TRUST_SETTING);
    return file == null || file.isBlank()
        ? null
        : Path.of(file.strip()).toAbsolutePath().normalize();
  }

  /**
   * The JMS channel names of this agent's installation.
   *
   * @return the channels of {@link #environment()}
   */
  public Channels channels() {
    return Channels.forEnvironment(environment);
  }

  /**
   * Reads and validates a configuration file.
   *
   * @param file the properties file
   * @param environmentVariables the process environment, for the password
   * @return the configuration
   * @throws ConfigurationException naming every problem with its key and value
   */
  public static AgentConfiguration load(Path file, Map<String, String> environmentVariables) {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigurationException(
          "Cannot read the agent configuration file " + file + ": " + e.getMessage());
    }
    Path base = file.toAbsolutePath().getParent();
    Map<String, String> values = new java.util.HashMap<>();
    properties.stringPropertyNames().forEach(k -> values.put(k, properties.getProperty(k).strip()));
    return from(values, base, environmentVariables, file.toString());
  }

  /**
   * Validates configuration values.
   *
   * @param values the values by key
   * @param base the directory relative paths are resolved against
   * @param environmentVariables the process environment, for the password
   * @param source what the values came from, for messages (e.g. the file name)
   * @return the configuration
   * @throws ConfigurationException naming every problem with its key and value
   */
  public static AgentConfiguration from(
      Map<String, String> values,
      Path base,
      Map<String, String> environmentVariables,
      String source) {
    Reading reading = new Reading(values, base);
    Set<String> unknown = new TreeSet<>(values.keySet());
    unknown.removeAll(KEYS);
    unknown.removeIf(k -> k.startsWith(ARCHIVE_PREFIX));
    Map<String, String> archive = new java.util.TreeMap<>();
    values.forEach(
        (k, v) -> {
          if (k.startsWith(ARCHIVE_PREFIX)) {
            archive.put(k, v);
          }
        });
    for (String key : unknown) {
      reading.problems.add(
          "unknown key '"
              + key
              + "' (value '"
              + values.get(key)
              + "'); known keys: "
              + new TreeSet<>(KEYS));
    }

    String brokerUrl =
        reading.required(
            BROKER_URL,
            v -> v,
            "an Artemis URL such as tcp://netarchive.example.org:61616 (with TLS on at the server:"
                + " tcp://netarchive.example.org:61616?sslEnabled=true; a live broker and its"
                + " backup: (tcp://live.example.org:61616,tcp://backup.example.org:61616))");
    if (brokerUrl != null) {
      Optional<String> problem = BrokerUrl.problem(BROKER_URL, brokerUrl);
      problem.ifPresent(reading.problems::add);
      Path trusted = trustedCertificates(archive);
      if (problem.isEmpty() && BrokerUrl.tls(brokerUrl) && trusted != null) {
        try {
          TlsTrust.certificates(TRUST_SETTING, trusted);
        } catch (IllegalArgumentException e) {
          reading.problems.add(e.getMessage() + " (for the broker's TLS, " + BROKER_URL + ")");
        }
      }
    }
    String user = reading.required(BROKER_USER, v -> v, "the broker account, e.g. agent");
    String password = values.getOrDefault(BROKER_PASSWORD, "");
    if (password.isEmpty()) {
      password = environmentVariables.getOrDefault(PASSWORD_VARIABLE, "");
      if (password.isEmpty()) {
        reading.problems.add(
            BROKER_PASSWORD
                + " is empty and the environment variable "
                + PASSWORD_VARIABLE
                + " is not set: give the broker password in one of them");
      }
    }
    String environment =
        reading.required(
            ENVIRONMENT,
            v -> {
              Channels.forEnvironment(v);
              return v;
            },
            "upper-case letters and digits starting with a letter, e.g. PROD");
    String channel =
        reading.required(
            CHANNEL,
            v -> {
              Channels.forEnvironment("X").harvestJobs(v);
              return v.toUpperCase(Locale.ROOT);
            },
            "a harvest channel name of letters A-Z and digits, e.g. FOCUSED or HIGHPRIORITY");
    String instance =
        reading.optional(
            INSTANCE,
            defaultInstance(channel),
            v -> INSTANCE_NAME.matcher(v).matches() ? v : null,
            "1 to 100 letters, digits, '.', '_' or '-', e.g. harvester1-focused");
    Path work = reading.path(WORK_DIRECTORY, "../work");
    Long minimumFree =
        reading.optional(
            MINIMUM_FREE_BYTES,
            400_000_000L,
            v -> {
              long n = Long.parseLong(v);
              return n >= 0 ? n : null;
            },
            "a whole number of bytes, at least 0, e.g. 400000000");
    Path heritrixHome = reading.path(HERITRIX_HOME, "../heritrix-3.13.0");
    if (heritrixHome != null && !Files.isDirectory(heritrixHome.resolve("lib"))) {
      reading.problems.add(
          HERITRIX_HOME
              + " = '"
              + values.getOrDefault(HERITRIX_HOME, "../heritrix-3.13.0")
              + "' ("
              + heritrixHome
              + ") is not an unpacked Heritrix 3 distribution: it has no lib directory");
    }
    Path java =
        values.containsKey(HERITRIX_JAVA) && !values.get(HERITRIX_JAVA).isEmpty()
            ? reading.path(HERITRIX_JAVA, null)
            : Path.of(System.getProperty("java.home"), "bin", "java");
    if (java != null && !Files.isExecutable(java)) {
      reading.problems.add(HERITRIX_JAVA + " = '" + java + "' is not an executable java program");
    }
    String heap =
        reading.optional(
            HERITRIX_HEAP,
            "1g",
            v -> HEAP.matcher(v).matches() ? v : null,
            "a heap size as for -Xmx, e.g. 1g or 768m");
    List<String> options =
        Arrays.stream(values.getOrDefault(HERITRIX_JAVA_OPTIONS, "").split("\\s+"))
            .filter(s -> !s.isEmpty())
            .toList();
    Duration noResponse = reading.seconds(NO_RESPONSE_TIMEOUT, 600);
    Duration inactivity = reading.seconds(INACTIVITY_TIMEOUT, 1800);
    Duration process = reading.seconds(PROCESS_TIMEOUT, 300);
    Duration status = reading.seconds(STATUS_INTERVAL, 20);
    Duration heartbeat = reading.seconds(HEARTBEAT_INTERVAL, 30);
    Duration dedupIndex = reading.seconds(DEDUP_INDEX_TIMEOUT, 1800);

    if (!reading.problems.isEmpty()) {
      throw new ConfigurationException(
          "The agent configuration "
              + source
              + " has "
              + reading.problems.size()
              + (reading.problems.size() == 1 ? " problem" : " problems"),
          reading.problems);
    }
    return new AgentConfiguration(
        brokerUrl,
        user,
        password,
        environment,
        channel,
        instance,
        work,
        minimumFree,
        heritrixHome,
        java,
        heap,
        options,
        noResponse,
        inactivity,
        process,
        status,
        heartbeat,
        dedupIndex,
        archive);
  }

  private static String defaultInstance(String channel) {
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      host = "localhost";
    }
    String name =
        (host + "-" + (channel == null ? "agent" : channel.toLowerCase(Locale.ROOT)))
            .replaceAll("[^A-Za-z0-9._-]", "-");
    return name.length() > 100 ? name.substring(0, 100) : name;
  }

  @Override
  public String toString() {
    // Never the password.
    return "AgentConfiguration[broker="
        + brokerUrl
        + " as "
        + brokerUser
        + ", environment="
        + environment
        + ", channel="
        + channel
        + ", instance="
        + instance
        + ", work="
        + workDirectory
        + ", minimumFreeBytes="
        + minimumFreeBytes
        + ", heritrix="
        + heritrixHome
        + ", heap="
        + heritrixHeap
        + ", timeouts noResponse/inactivity/process="
        + noResponseTimeout.toSeconds()
        + "/"
        + inactivityTimeout.toSeconds()
        + "/"
        + processTimeout.toSeconds()
        + " s, status every "
        + statusInterval.toSeconds()
        + " s]";
  }

  /** Collects the problems while the values are read. */
  private static final class Reading {
    final Map<String, String> values;
    final Path base;
    final List<String> problems = new ArrayList<>();

    Reading(Map<String, String> values, Path base) {
      this.values = values;
      this.base = base;
    }

    <T> T required(String key, Function<String, T> parse, String expected) {
      String value = values.get(key);
      if (value == null || value.isEmpty()) {
        problems.add(key + " is missing: give " + expected);
        return null;
      }
      return parsed(key, value, parse, expected);
    }

    <T> T optional(String key, T fallback, Function<String, T> parse, String expected) {
      String value = values.get(key);
      if (value == null || value.isEmpty()) {
        return fallback;
      }
      return parsed(key, value, parse, expected);
    }

    private <T> T parsed(String key, String value, Function<String, T> parse, String expected) {
      T result;
      try {
        result = parse.apply(value);
      } catch (RuntimeException e) {
        result = null;
      }
      if (result == null) {
        problems.add(key + " = '" + value + "' is not valid: give " + expected);
      }
      return result;
    }

    Path path(String key, String fallback) {
      return optional(
          key,
          fallback == null ? null : base.resolve(fallback).normalize(),
          v -> base.resolve(Path.of(v)).normalize(),
          "a file system path (relative paths start from the configuration file's directory)");
    }

    Duration seconds(String key, long fallback) {
      return optional(
          key,
          Duration.ofSeconds(fallback),
          v -> {
            long n = Long.parseLong(v);
            return n >= 1 ? Duration.ofSeconds(n) : null;
          },
          "a whole number of seconds, at least 1");
    }
  }
}
