package org.netarchive.ee.agent.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What differs between the settings an agent runs with and those it has just read again, and what
 * of it the running agent can take: the free-space minimum and the heartbeat interval at once,
 * Heritrix's and the crawl's settings from the next job; the broker, the agent's identity and
 * channel, its work directory and the archive client only with a restart (they are the connections
 * and directories it holds). Values are never named, only keys: one is a password.
 *
 * @param appliedNow keys whose new values apply at once
 * @param appliedNextJob keys whose new values apply from the next job
 * @param needRestart keys whose new values apply only after a restart; until then the old ones
 * @param effective the settings to run with now: the new ones, except those that need a restart
 */
public record SettingsChange(
    List<String> appliedNow,
    List<String> appliedNextJob,
    List<String> needRestart,
    AgentConfiguration effective) {

  /** Copies the lists. */
  public SettingsChange {
    appliedNow = List.copyOf(appliedNow);
    appliedNextJob = List.copyOf(appliedNextJob);
    needRestart = List.copyOf(needRestart);
    Objects.requireNonNull(effective, "effective");
  }

  /**
   * Compares the running settings with those read again.
   *
   * @param running the settings the agent runs with
   * @param read the settings just read
   * @return what changed and the settings to run with
   */
  public static SettingsChange between(AgentConfiguration running, AgentConfiguration read) {
    List<String> now = new ArrayList<>();
    List<String> nextJob = new ArrayList<>();
    List<String> restart = new ArrayList<>();
    check(running.brokerUrl(), read.brokerUrl(), AgentConfiguration.BROKER_URL, restart);
    check(running.brokerUser(), read.brokerUser(), AgentConfiguration.BROKER_USER, restart);
    check(
        running.brokerPassword(),
        read.brokerPassword(),
        AgentConfiguration.BROKER_PASSWORD,
        restart);
    check(running.environment(), read.environment(), AgentConfiguration.ENVIRONMENT, restart);
    check(running.channel(), read.channel(), AgentConfiguration.CHANNEL, restart);
    check(running.instance(), read.instance(), AgentConfiguration.INSTANCE, restart);
    check(
        running.workDirectory(), read.workDirectory(), AgentConfiguration.WORK_DIRECTORY, restart);
    check(
        running.archiveSettings(),
        read.archiveSettings(),
        AgentConfiguration.ARCHIVE_PREFIX + "*",
        restart);
    check(
        running.minimumFreeBytes(),
        read.minimumFreeBytes(),
        AgentConfiguration.MINIMUM_FREE_BYTES,
        now);
    check(
        running.heartbeatInterval(),
        read.heartbeatInterval(),
        AgentConfiguration.HEARTBEAT_INTERVAL,
        now);
    check(running.heritrixHome(), read.heritrixHome(), AgentConfiguration.HERITRIX_HOME, nextJob);
    check(running.heritrixJava(), read.heritrixJava(), AgentConfiguration.HERITRIX_JAVA, nextJob);
    check(running.heritrixHeap(), read.heritrixHeap(), AgentConfiguration.HERITRIX_HEAP, nextJob);
    check(
        running.heritrixJavaOptions(),
        read.heritrixJavaOptions(),
        AgentConfiguration.HERITRIX_JAVA_OPTIONS,
        nextJob);
    check(
        running.noResponseTimeout(),
        read.noResponseTimeout(),
        AgentConfiguration.NO_RESPONSE_TIMEOUT,
        nextJob);
    check(
        running.inactivityTimeout(),
        read.inactivityTimeout(),
        AgentConfiguration.INACTIVITY_TIMEOUT,
        nextJob);
    check(
        running.processTimeout(),
        read.processTimeout(),
        AgentConfiguration.PROCESS_TIMEOUT,
        nextJob);
    check(
        running.statusInterval(),
        read.statusInterval(),
        AgentConfiguration.STATUS_INTERVAL,
        nextJob);
    check(
        running.dedupIndexTimeout(),
        read.dedupIndexTimeout(),
        AgentConfiguration.DEDUP_INDEX_TIMEOUT,
        nextJob);
    AgentConfiguration effective =
        new AgentConfiguration(
            running.brokerUrl(),
            running.brokerUser(),
            running.brokerPassword(),
            running.environment(),
            running.channel(),
            running.instance(),
            running.workDirectory(),
            read.minimumFreeBytes(),
            read.heritrixHome(),
            read.heritrixJava(),
            read.heritrixHeap(),
            read.heritrixJavaOptions(),
            read.noResponseTimeout(),
            read.inactivityTimeout(),
            read.processTimeout(),
            read.statusInterval(),
            read.heartbeatInterval(),
            read.dedupIndexTimeout(),
            running.archiveSettings());
    return new SettingsChange(now, nextJob, restart, effective);
  }

  private static void check(Object running, Object read, String key, List<String> into) {
    if (!Objects.equals(running, read)) {
      into.add(key);
    }
  }

  /**
   * Whether anything changed.
   *
   * @return false if the settings read are those the agent runs with
   */
  public boolean any() {
    return !appliedNow.isEmpty() || !appliedNextJob.isEmpty() || !needRestart.isEmpty();
  }

  /**
   * The change in words, for the answer to the operator.
   *
   * @return e.g. {@code "Settings re-read: applied now: work.minimumFreeBytes; needs a restart (old
   *     values kept until then): broker.url"}
   */
  public String describe() {
    if (!any()) {
      return "Settings re-read: nothing changed";
    }
    List<String> parts = new ArrayList<>();
    if (!appliedNow.isEmpty()) {
      parts.add("applied now: " + String.join(", ", appliedNow));
    }
    if (!appliedNextJob.isEmpty()) {
      parts.add("applied from the next job: " + String.join(", ", appliedNextJob));
    }
    if (!needRestart.isEmpty()) {
      parts.add("needs a restart (old values kept until then): " + String.join(", ", needRestart));
    }
    return "Settings re-read: " + String.join("; ", parts);
  }
}
