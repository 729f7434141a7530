package org.netarchive.ee.common.channel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Builds the JMS channel names of one installation (environment).
 *
 * <p>A name has the form {@code
 * <ENV>_<REPLICA|COMMON>_<PREFIX>[_<MACHINE>][_<APPLICATION_INSTANCE>]}, for example {@code
 * PROD_COMMON_THE_SCHED}, {@code PROD_ONE_ALL_BA} or {@code
 * PROD_COMMON_THIS_REPOS_CLIENT_130.226.258.7_HCA_HIGH}. Channels whose prefix starts with {@code
 * ALL_} are topics, all others queues. Every part is validated, and an invalid one is rejected with
 * an {@link IllegalArgumentException} naming it, so that a misconfigured installation fails at
 * start-up instead of sending to a queue nobody reads.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class Channels {

  /** The replica part of channels that do not belong to one replica. */
  public static final String COMMON = "COMMON";

  private static final Pattern ENVIRONMENT = Pattern.compile("[A-Z][A-Z0-9]*");
  private static final Pattern REPLICA_ID = Pattern.compile("[A-Z0-9]+");
  private static final Pattern HARVEST_CHANNEL = Pattern.compile("[A-Z0-9]+");
  private static final String TOPIC_PREFIX = "ALL_";
  private static final String HIGH_PRIORITY = "HIGHPRIORITY";
  private static final String LOW_PRIORITY = "LOWPRIORITY";

  private final String environment;

  private Channels(String environment) {
    this.environment = environment;
  }

  /**
   * Returns the channel names of an installation.
   *
   * @param environmentName the installation's name, e.g. {@code DEV}, {@code TEST} or {@code PROD}:
   *     an upper-case letter followed by upper-case letters and digits
   * @return the channel names of that environment
   * @throws IllegalArgumentException if the name is {@code null} or invalid
   */
  public static Channels forEnvironment(String environmentName) {
    return new Channels(
        requireMatch(environmentName, ENVIRONMENT, "environment name", "e.g. DEV, TEST or PROD"));
  }

  /**
   * Returns the environment name.
   *
   * @return the environment name, e.g. {@code PROD}
   */
  public String environment() {
    return environment;
  }

  /**
   * The scheduler's queue, {@code <ENV>_COMMON_THE_SCHED}.
   *
   * @return the channel
   */
  public Channel theSched() {
    return commonChannel(ChannelPrefix.THE_SCHED);
  }

  /**
   * The repository's queue, {@code <ENV>_COMMON_THE_REPOS}.
   *
   * @return the channel
   */
  public Channel theRepos() {
    return commonChannel(ChannelPrefix.THE_REPOS);
  }

  /**
   * The index server's queue, {@code <ENV>_COMMON_INDEX_SERVER}.
   *
   * @return the channel
   */
  public Channel indexServer() {
    return commonChannel(ChannelPrefix.INDEX_SERVER);
  }

  /**
   * The monitor's queue, {@code <ENV>_COMMON_MONITOR}.
   *
   * @return the channel
   */
  public Channel monitor() {
    return commonChannel(ChannelPrefix.MONITOR);
  }

  /**
   * The queue for messages that could not be handled, {@code <ENV>_COMMON_ERROR}.
   *
   * @return the channel
   */
  public Channel error() {
    return commonChannel(ChannelPrefix.ERROR);
  }

  /**
   * The dead-letter queue, {@code <ENV>_COMMON_DLQ}: where the broker moves a message whose
   * consumer failed on it the configured number of times.
   *
   * @return the channel
   */
  public Channel deadLetters() {
    return commonChannel(ChannelPrefix.DLQ);
  }

  /**
   * The queue of the jobs of a harvest channel, {@code <ENV>_COMMON_ANY_<HARVESTCHANNEL>_HACO},
   * from which every harvester serving that harvest channel takes jobs.
   *
   * @param harvestChannelName the harvest channel's name, e.g. {@code focused}; it is upper-cased
   *     and must then consist of letters A-Z and digits
   * @return the channel
   * @throws IllegalArgumentException if the name is {@code null} or invalid
   */
  public Channel harvestJobs(String harvestChannelName) {
    String upperCased =
        harvestChannelName == null ? null : harvestChannelName.toUpperCase(Locale.ROOT);
    if (upperCased == null || !HARVEST_CHANNEL.matcher(upperCased).matches()) {
      throw new IllegalArgumentException(
          "invalid harvest channel name "
              + quote(harvestChannelName)
              + ": must consist of letters A-Z and digits, e.g. FOCUSED");
    }
    return channel(COMMON, "ANY_" + upperCased + "_HACO");
  }

  /**
   * The topic of all harvester agents, {@code <ENV>_COMMON_ALL_HACO}: operator commands, each
   * naming the agent it concerns.
   *
   * @return the channel
   */
  public Channel allHarvesterAgents() {
    return commonChannel(ChannelPrefix.ALL_HACO);
  }

  /**
   * The queue of the jobs of the default high priority harvest channel, {@code
   * <ENV>_COMMON_ANY_HIGHPRIORITY_HACO}.
   *
   * @return the channel
   */
  public Channel highPriorityHarvestJobs() {
    return harvestJobs(HIGH_PRIORITY);
  }

  /**
   * The queue of the jobs of the default low priority harvest channel, {@code
   * <ENV>_COMMON_ANY_LOWPRIORITY_HACO}.
   *
   * @return the channel
   */
  public Channel lowPriorityHarvestJobs() {
    return harvestJobs(LOW_PRIORITY);
  }

  /**
   * The queue of a replica's bitarchive monitor, {@code <ENV>_<REPLICA>_THE_BAMON}.
   *
   * @param replicaId the replica id, e.g. {@code ONE}
   * @return the channel
   * @throws IllegalArgumentException if the replica id is invalid
   */
  public Channel theBamon(String replicaId) {
    return replicaChannel(ChannelPrefix.THE_BAMON, replicaId);
  }

  /**
   * The topic of all bitarchives of a replica, {@code <ENV>_<REPLICA>_ALL_BA}.
   *
   * @param replicaId the replica id, e.g. {@code ONE}
   * @return the channel
   * @throws IllegalArgumentException if the replica id is invalid
   */
  public Channel allBa(String replicaId) {
    return replicaChannel(ChannelPrefix.ALL_BA, replicaId);
  }

  /**
   * The queue shared by the bitarchives of a replica, {@code <ENV>_<REPLICA>_ANY_BA}.
   *
   * @param replicaId the replica id, e.g. {@code ONE}
   * @return the channel
   * @throws IllegalArgumentException if the replica id is invalid
   */
  public Channel anyBa(String replicaId) {
    return replicaChannel(ChannelPrefix.ANY_BA, replicaId);
  }

  /**
   * The replica whose ANY_BA, ALL_BA or THE_BAMON channel an address names, as a broker names it
   * (with or without Artemis' {@code jms.queue.}/{@code jms.topic.} prefix, e.g. the address a
   * divert copied a message from).
   *
   * @param address the address
   * @param replicaIds the replicas to look among
   * @return the replica, or empty if the address is none of their channels
   */
  public Optional<String> replicaOfChannel(String address, List<String> replicaIds) {
    String name = address;
    if (name.startsWith("jms.queue.")) {
      name = name.substring("jms.queue.".length());
    } else if (name.startsWith("jms.topic.")) {
      name = name.substring("jms.topic.".length());
    }
    for (String replica : replicaIds) {
      if (name.equals(anyBa(replica).name())
          || name.equals(allBa(replica).name())
          || name.equals(theBamon(replica).name())) {
        return Optional.of(replica);
      }
    }
    return Optional.empty();
  }

  /**
   * The queue of a checksum replica, {@code <ENV>_<REPLICA>_THE_CR}.
   *
   * @param replicaId the replica id, e.g. {@code THREE}
   * @return the channel
   * @throws IllegalArgumentException if the replica id is invalid
   */
  public Channel theCr(String replicaId) {
    return replicaChannel(ChannelPrefix.THE_CR, replicaId);
  }

  /**
   * The queue on which one application instance receives replies from the repository, {@code
   * <ENV>_COMMON_THIS_REPOS_CLIENT_<MACHINE>_<APPLICATION_INSTANCE>}.
   *
   * @param machine the application's host name or IP address
   * @param applicationName the application's name, e.g. {@code HarvestControllerApplication}
   * @param instanceId the application's instance id, e.g. {@code HIGH}; {@code null} or blank if
   *     there is only one instance on the machine
   * @return the channel
   * @throws IllegalArgumentException if a part is invalid (see {@link #instanceChannel})
   */
  public Channel thisReposClient(String machine, String applicationName, String instanceId) {
    return instanceChannel(ChannelPrefix.THIS_REPOS_CLIENT, machine, applicationName, instanceId);
  }

  /**
   * The queue on which one application instance receives replies from the index server, {@code
   * <ENV>_COMMON_THIS_INDEX_CLIENT_<MACHINE>_<APPLICATION_INSTANCE>}.
   *
   * @param machine the application's host name or IP address
   * @param applicationName the application's name, e.g. {@code IndexServerApplication}
   * @param instanceId the application's instance id; {@code null} or blank if there is only one
   *     instance on the machine
   * @return the channel
   * @throws IllegalArgumentException if a part is invalid (see {@link #instanceChannel})
   */
  public Channel thisIndexClient(String machine, String applicationName, String instanceId) {
    return instanceChannel(ChannelPrefix.THIS_INDEX_CLIENT, machine, applicationName, instanceId);
  }

  /**
   * A channel shared by all replicas, {@code <ENV>_COMMON_<PREFIX>}.
   *
   * @param prefix a prefix that uses no replica id, machine or application instance
   * @return the channel
   * @throws IllegalArgumentException if the prefix needs more parts
   */
  public Channel commonChannel(ChannelPrefix prefix) {
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.usesReplicaId() || prefix.usesMachine() || prefix.usesApplicationInstance()) {
      throw new IllegalArgumentException(
          "channel " + prefix + " needs " + partsOf(prefix) + "; use the method that takes them");
    }
    return channel(COMMON, prefix.prefix());
  }

  /**
   * A channel of one replica, {@code <ENV>_<REPLICA>_<PREFIX>}.
   *
   * @param prefix a prefix that uses a replica id
   * @param replicaId the replica id: upper-case letters and digits, e.g. {@code ONE}; not {@value
   *     #COMMON}
   * @return the channel
   * @throws IllegalArgumentException if the prefix uses no replica id or the replica id is invalid
   */
  public Channel replicaChannel(ChannelPrefix prefix, String replicaId) {
    Objects.requireNonNull(prefix, "prefix");
    if (!prefix.usesReplicaId()) {
      throw new IllegalArgumentException(
          "channel " + prefix + " does not belong to a replica; it needs " + partsOf(prefix));
    }
    return channel(validReplicaId(replicaId), prefix.prefix());
  }

  /**
   * A channel of one application instance, {@code
   * <ENV>_COMMON_<PREFIX>_<MACHINE>_<APPLICATION_INSTANCE>}.
   *
   * @param prefix a prefix that uses a machine and an application instance
   * @param machine the application's host name or IP address, as given: not blank, without
   *     whitespace or control characters
   * @param applicationName the application's name, abbreviated as by {@link
   *     #applicationAbbreviation(String)}
   * @param instanceId the instance id appended to the abbreviation; {@code null} or blank for none
   * @return the channel
   * @throws IllegalArgumentException if the prefix does not use these parts or a part is invalid
   */
  public Channel instanceChannel(
      ChannelPrefix prefix, String machine, String applicationName, String instanceId) {
    Objects.requireNonNull(prefix, "prefix");
    if (!prefix.usesMachine() || !prefix.usesApplicationInstance()) {
      throw new IllegalArgumentException(
          "channel "
              + prefix
              + " is not for one application instance; it needs "
              + partsOf(prefix));
    }
    if (machine == null || machine.isEmpty() || !isPlainToken(machine)) {
      throw new IllegalArgumentException(
          "invalid machine "
              + quote(machine)
              + ": must be a host name or IP address without whitespace or control characters");
    }
    String suffix = machine + "_" + applicationInstance(applicationName, instanceId);
    return channel(COMMON, prefix.prefix() + "_" + suffix);
  }

  /**
   * Returns every channel that an installation with the given replicas must define on its broker:
   * all common channels, including the harvest job queues of the high and low priority harvest
   * channels, and for each bitarchive replica its monitor queue, its upload queue and its batch
   * topic. Channels of single application instances ({@code THIS_...}) are created by the
   * applications themselves, and a checksum replica's {@code THE_CR} queue is configured with that
   * replica; neither is included.
   *
   * @param replicaIds the installation's bitarchive replica ids, e.g. {@code [ONE, TWO]}
   * @return the channels, common ones first, then those of each replica in the given order
   * @throws IllegalArgumentException if a replica id is invalid or repeated
   */
  public List<Channel> allStaticChannels(List<String> replicaIds) {
    Objects.requireNonNull(replicaIds, "replicaIds");
    Set<String> replicas = new LinkedHashSet<>();
    for (String replicaId : replicaIds) {
      if (!replicas.add(validReplicaId(replicaId))) {
        throw new IllegalArgumentException("replica id '" + replicaId + "' is given twice");
      }
    }
    List<Channel> channels = new ArrayList<>();
    for (ChannelPrefix prefix : ChannelPrefix.values()) {
      if (!prefix.usesReplicaId() && !prefix.usesMachine() && !prefix.usesApplicationInstance()) {
        channels.add(commonChannel(prefix));
      }
    }
    for (String replica : replicas) {
      for (ChannelPrefix prefix : ChannelPrefix.values()) {
        if (prefix.usesReplicaId() && prefix != ChannelPrefix.THE_CR) {
          channels.add(replicaChannel(prefix, replica));
        }
      }
    }
    return Collections.unmodifiableList(channels);
  }

  /**
   * Abbreviates an application's name to its upper-case letters, as used in channel names: {@code
   * HarvestControllerApplication} becomes {@code HCA}. A package qualification is ignored.
   *
   * @param applicationName the application's simple or fully qualified class name
   * @return the upper-case letters A-Z of the simple name
   * @throws IllegalArgumentException if the name is {@code null}, blank or has no upper-case letter
   */
  public static String applicationAbbreviation(String applicationName) {
    if (applicationName == null || applicationName.isBlank()) {
      throw new IllegalArgumentException(
          "invalid application name " + quote(applicationName) + ": must not be blank");
    }
    // Only the simple name counts, so that a lone capital in a package name cannot slip in.
    String simpleName = applicationName.substring(applicationName.lastIndexOf('.') + 1);
    StringBuilder abbreviation = new StringBuilder();
    for (int i = 0; i < simpleName.length(); i++) {
      char c = simpleName.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        abbreviation.append(c);
      }
    }
    if (abbreviation.isEmpty()) {
      throw new IllegalArgumentException(
          "invalid application name "
              + quote(applicationName)
              + ": has no upper-case letters to abbreviate it by, e.g. HarvestControllerApplication");
    }
    return abbreviation.toString();
  }

  /**
   * Returns the application instance part of a channel name: the {@linkplain
   * #applicationAbbreviation(String) application's abbreviation}, followed by {@code _} and the
   * instance id if that is not blank; e.g. {@code HCA_HIGH}, or {@code ISA} without an instance id.
   *
   * @param applicationName the application's name
   * @param instanceId the instance id, or {@code null} or blank for none
   * @return the application instance part
   * @throws IllegalArgumentException if the application name is invalid, or the instance id
   *     contains whitespace or control characters
   */
  public static String applicationInstance(String applicationName, String instanceId) {
    String abbreviation = applicationAbbreviation(applicationName);
    if (instanceId == null || instanceId.isBlank()) {
      return abbreviation;
    }
    if (!isPlainToken(instanceId)) {
      throw new IllegalArgumentException(
          "invalid application instance id "
              + quote(instanceId)
              + ": must not contain whitespace or control characters");
    }
    return abbreviation + "_" + instanceId;
  }

  /**
   * Only the ALL_ prefixes are topics; derived from the prefix so that the rule lives in one place.
   */
  static ChannelKind kindOf(String prefix) {
    return prefix.startsWith(TOPIC_PREFIX) ? ChannelKind.TOPIC : ChannelKind.QUEUE;
  }

  /** Whether the text has no whitespace and no control characters. */
  static boolean isPlainToken(String text) {
    return text.codePoints()
        .noneMatch(
            c ->
                Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c));
  }

  private Channel channel(String replicaPart, String prefixAndRest) {
    return new Channel(
        environment + "_" + replicaPart + "_" + prefixAndRest, kindOf(prefixAndRest));
  }

  private static String validReplicaId(String replicaId) {
    requireMatch(replicaId, REPLICA_ID, "replica id", "e.g. ONE or TWO");
    if (COMMON.equals(replicaId)) {
      throw new IllegalArgumentException(
          "invalid replica id 'COMMON': reserved for channels shared by all replicas");
    }
    return replicaId;
  }

  private static String requireMatch(String value, Pattern pattern, String what, String example) {
    if (value == null || !pattern.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "invalid " + what + " " + quote(value) + ": must match " + pattern + ", " + example);
    }
    return value;
  }

  private static String partsOf(ChannelPrefix prefix) {
    List<String> parts = new ArrayList<>();
    if (prefix.usesReplicaId()) {
      parts.add("a replica id");
    }
    if (prefix.usesMachine()) {
      parts.add("a machine");
    }
    if (prefix.usesApplicationInstance()) {
      parts.add("an application instance");
    }
    return parts.isEmpty() ? "no further parts" : String.join(" and ", parts);
  }

  private static String quote(String value) {
    return value == null ? "null" : "'" + value + "'";
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Channels that && environment.equals(that.environment);
  }

  @Override
  public int hashCode() {
    return environment.hashCode();
  }

  @Override
  public String toString() {
    return "Channels[environment=" + environment + "]";
  }
}
