package org.netarchive.ee.web.interfaces.system.rest;

import java.time.Instant;
import java.util.List;

/**
 * The installation at a glance.
 *
 * @param environment the environment name (first part of every channel name)
 * @param database the database product and version
 * @param schemaVersion the applied schema version
 * @param schemaUpToDate whether every shipped migration is applied and valid
 * @param components every component heard from
 */
public record SystemStatus(
    String environment,
    String database,
    String schemaVersion,
    boolean schemaUpToDate,
    List<Component> components) {

  /** One component's last heartbeat. */
  public record Component(
      String component,
      String kind,
      String instance,
      String state,
      String channel,
      String currentJob,
      String details,
      Instant lastHeartbeat) {}
}
