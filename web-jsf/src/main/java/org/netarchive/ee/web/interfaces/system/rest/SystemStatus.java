package org.netarchive.ee.web.interfaces.system.rest;

import java.time.Instant;
import java.util.List;
import org.netarchive.ee.common.message.LogEntry;
import org.netarchive.ee.scheduler.application.monitor.SystemStateView;

/**
 * The installation at a glance.
 *
 * @param environment the environment name (first part of every channel name)
 * @param serverVersion the version of the server's build; an agent's is in its {@code details}
 *     ({@code version}) and should be the same
 * @param database the database product and version
 * @param schemaVersion the applied schema version
 * @param schemaUpToDate whether every shipped migration is applied and valid
 * @param components every component instance heard from, as its last heartbeat said
 * @param serverParts the server's scheduler, dispatcher and archive repository
 * @param serverWarnings the server's last log messages of level warning and above
 * @param agents the harvester agents (state {@code MISSING} when their heartbeats stopped)
 * @param replicas the bitarchive instances of the replicas, with their free space
 */
public record SystemStatus(
    String environment,
    String serverVersion,
    String database,
    String schemaVersion,
    boolean schemaUpToDate,
    List<Component> components,
    List<SystemStateView.ServerPart> serverParts,
    List<LogEntry> serverWarnings,
    List<SystemStateView.Agent> agents,
    List<SystemStateView.ReplicaInstance> replicas) {

  /** One component instance's last heartbeat. */
  public record Component(
      String component,
      String kind,
      String instance,
      String state,
      String channel,
      String currentJob,
      String details,
      Instant lastHeartbeat,
      boolean missing,
      List<LogEntry> warnings) {}
}
