package org.netarchive.ee.common.channel;

/**
 * The known channels, named by the prefix part of their JMS names, with the parts each name has.
 *
 * <p>The first word of a prefix tells how the channel is used: {@code THE} a singleton listener,
 * {@code THIS} one uniquely identified instance, {@code ANY} all instances share one queue, {@code
 * ALL} a topic of which every listener gets a copy. Only {@code ALL_} channels are topics.
 *
 * <p>Harvest job queues exist per harvest channel ({@code ANY_<HARVESTCHANNEL>_HACO}, see {@link
 * Channels#harvestJobs(String)}); the two of the default harvest channels are listed here.
 */
public enum ChannelPrefix {
  /** The scheduler on the server, which receives job status reports from harvesters. */
  THE_SCHED(false, false, false),
  /** The harvest jobs of the default high priority (selective) harvest channel. */
  ANY_HIGHPRIORITY_HACO(false, false, false),
  /** The harvest jobs of the default low priority (snapshot) harvest channel. */
  ANY_LOWPRIORITY_HACO(false, false, false),
  /**
   * All harvester agents: operator commands (stop a job, pause, resume, re-read settings), each
   * agent acting on those that name it (reference/002's broadcast "kicks").
   */
  ALL_HACO(false, false, false),
  /** The replies from the repository to one client application. */
  THIS_REPOS_CLIENT(false, true, true),
  /** The repository, which stores files in and fetches them from the replicas. */
  THE_REPOS(false, false, false),
  /** The bitarchive monitor of one replica. */
  THE_BAMON(true, false, false),
  /** All bitarchives of one replica, e.g. for batch jobs that run on every one of them. */
  ALL_BA(true, false, false),
  /** Any one bitarchive of one replica, e.g. to store a file. */
  ANY_BA(true, false, false),
  /** The replies from the index server to one client application. */
  THIS_INDEX_CLIENT(false, true, true),
  /** The index server. */
  INDEX_SERVER(false, false, false),
  /** The monitor, which receives status reports from all components. */
  MONITOR(false, false, false),
  /** Messages that could not be handled. */
  ERROR(false, false, false),
  /** Dead letters: messages the broker gave up redelivering (not part of the reference table). */
  DLQ(false, false, false),
  /** The checksum replica of one replica id, which keeps checksums instead of files. */
  THE_CR(true, false, false);

  private final boolean replicaId;
  private final boolean machine;
  private final boolean applicationInstance;

  ChannelPrefix(boolean replicaId, boolean machine, boolean applicationInstance) {
    this.replicaId = replicaId;
    this.machine = machine;
    this.applicationInstance = applicationInstance;
  }

  /**
   * Returns the prefix as it appears in channel names.
   *
   * @return the prefix, e.g. {@code THE_SCHED}
   */
  public String prefix() {
    return name();
  }

  /**
   * Tells whether the channel belongs to one replica, whose id then replaces {@code COMMON}.
   *
   * @return {@code true} if names of this channel carry a replica id
   */
  public boolean usesReplicaId() {
    return replicaId;
  }

  /**
   * Tells whether names of this channel end with the listener's machine.
   *
   * @return {@code true} if names of this channel carry a machine part
   */
  public boolean usesMachine() {
    return machine;
  }

  /**
   * Tells whether names of this channel end with the listener's application instance.
   *
   * @return {@code true} if names of this channel carry an application instance part
   */
  public boolean usesApplicationInstance() {
    return applicationInstance;
  }

  /**
   * Returns whether the channel is a queue or a topic: only {@code ALL_} channels are topics.
   *
   * @return the kind of JMS destination
   */
  public ChannelKind kind() {
    return Channels.kindOf(name());
  }
}
