package org.netarchive.ee.scheduler.application.monitor;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.common.message.LogEntry;
import org.netarchive.ee.common.message.SoftwareVersion;

/**
 * The installation as the operators see it on the system state page and at {@code GET
 * /api/system/status}: the server's parts, every harvester agent, every bitarchive instance of
 * every replica, and the other components heard from, each with its last warnings.
 *
 * @param at when the view was made
 * @param serverParts the scheduler, the dispatcher and the archive repository
 * @param serverWarnings the server's last log messages of level warning and above (all loggers)
 * @param agents the harvester agents
 * @param replicas the bitarchive instances, by replica
 * @param otherComponents components of other kinds
 */
public record SystemStateView(
    Instant at,
    List<ServerPart> serverParts,
    List<LogEntry> serverWarnings,
    List<Agent> agents,
    List<ReplicaInstance> replicas,
    List<Component> otherComponents) {

  /**
   * One part of the server.
   *
   * @param name {@code scheduler}, {@code dispatcher} or {@code archive}
   * @param state {@code OK}, {@code FAILED} (its last pass failed), {@code STARTING} (no pass yet)
   *     or {@code MISSING} (the archive repository's heartbeats stopped)
   * @param lastActivity its last pass (or heartbeat), {@code null} if none yet
   * @param outcome how its last pass ended, {@code null} if none yet
   * @param figures what it counts, by name
   * @param warnings its last warnings (the server's, by the loggers of the part)
   */
  public record ServerPart(
      String name,
      String state,
      Instant lastActivity,
      String outcome,
      Map<String, String> figures,
      List<LogEntry> warnings) {}

  /**
   * A harvester agent.
   *
   * @param instance its name
   * @param channel the harvest channel (queue) it serves
   * @param state its state ({@code IDLE}, {@code CRAWLING}, {@code UPLOADING}, {@code
   *     PAUSED_FOR_DISK}, ...), or {@code MISSING} when its heartbeats stopped
   * @param reportedState the state its last heartbeat said
   * @param description its state in words, e.g. "crawling job 42"
   * @param currentJob the job it works on, {@code null} if none
   * @param lastHeartbeat when it last sent a heartbeat
   * @param missing whether its heartbeats stopped (three intervals without one)
   * @param details everything else its heartbeat said
   * @param warnings its last warnings, as its heartbeat listed them
   */
  public record Agent(
      String instance,
      String channel,
      String state,
      String reportedState,
      String description,
      String currentJob,
      Instant lastHeartbeat,
      boolean missing,
      Map<String, String> details,
      List<LogEntry> warnings) {

    /**
     * The software version its heartbeat reported.
     *
     * @return the version, or {@code null} for an agent of a build older than that report
     */
    public String version() {
      return details.get(SoftwareVersion.DETAIL);
    }

    /**
     * Whether it reported a version other than the server's ({@link #serverVersion()}): after an
     * upgrade, an agent not yet upgraded with the server.
     *
     * @return true if it reported a different version; false if the same or none
     */
    public boolean versionDiffers() {
      String version = version();
      return version != null && !version.equals(serverVersion());
    }
  }

  /**
   * The version of this server's build (see {@link SoftwareVersion#of}).
   *
   * @return the version, never {@code null}
   */
  public static String serverVersion() {
    return SoftwareVersion.of(SystemStateView.class);
  }

  /**
   * A bitarchive instance of a replica.
   *
   * @param replica the replica's id, e.g. {@code ONE}
   * @param component the component's name
   * @param instance its instance name
   * @param state its state, or {@code MISSING} when its heartbeats stopped
   * @param directories its directories with their usable bytes (as text, a number or why it is
   *     unknown)
   * @param freeBytes the usable bytes of all its directories together, -1 if unknown
   * @param lastHeartbeat when it last sent a heartbeat
   * @param missing whether its heartbeats stopped
   * @param warnings its last warnings, as its heartbeat listed them
   */
  public record ReplicaInstance(
      String replica,
      String component,
      String instance,
      String state,
      Map<String, String> directories,
      long freeBytes,
      Instant lastHeartbeat,
      boolean missing,
      List<LogEntry> warnings) {}

  /** Any other component: what its last heartbeat said. */
  public record Component(
      String component,
      String kind,
      String instance,
      String state,
      String channel,
      String currentJob,
      Instant lastHeartbeat,
      boolean missing,
      Map<String, String> details,
      List<LogEntry> warnings) {}
}
