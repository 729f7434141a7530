package org.netarchive.ee.web.interfaces.system.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.fleet.AgentFleet;
import org.netarchive.ee.scheduler.application.fleet.FleetCommandView;

/**
 * The harvester agents steered as a fleet: {@code /api/agents}. Commands go out on the agents'
 * topic; each agent answers those that name it, and the answers show here and on the system page.
 *
 * <ul>
 *   <li>{@code GET /api/agents/commands?size=50} (any role) — the latest commands, newest first:
 *       kind, agent, job, who asked and when, state ({@code SENT}, {@code ACKNOWLEDGED}, {@code
 *       REFUSED}, {@code DONE}, {@code EXPIRED}) and the agent's answer
 *   <li>{@code POST /api/agents/{instance}/pause} (admin) — the agent finishes its running job and
 *       takes no new one until resumed; it stays paused across its restarts
 *   <li>{@code POST /api/agents/{instance}/resume} (admin) — it takes jobs again
 *   <li>{@code POST /api/agents/{instance}/reload-settings} (admin) — it reads its settings file
 *       again; its answer says what changed, what applies now or from the next job, and what needs
 *       a restart
 * </ul>
 *
 * <p>An agent that no heartbeat has named is 404. Stopping a job is {@code POST
 * /api/jobs/{id}/stop}.
 */
@Tag(
    name = "Agents",
    description = "Harvester agents steered as a fleet: pause, resume, re-read settings.")
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class AgentResource {

  @EJB private AgentFleet fleet;

  @Operation(
      summary = "List commands to agents",
      description =
          "The latest operator commands to agents, newest first, with their state and the agents' answers (size 1 to 1000, default 50).")
  @GET
  @Path("commands")
  public List<FleetCommandView> commands(@QueryParam("size") @DefaultValue("50") int size) {
    if (size < 1 || size > 1000) {
      throw new IllegalArgumentException(
          "Query parameter 'size' must be from 1 to 1000, was " + size);
    }
    return fleet.recent(size);
  }

  @Operation(
      summary = "Pause an agent",
      description =
          "The agent finishes its running job, then takes no job until resumed, also after a restart (admin). Answered with the command.")
  @POST
  @Path("{instance}/pause")
  @RolesAllowed("admin")
  public FleetCommandView pause(@PathParam("instance") String instance) {
    return fleet.pause(instance);
  }

  @Operation(
      summary = "Resume an agent",
      description = "A paused agent takes jobs again (admin). Answered with the command.")
  @POST
  @Path("{instance}/resume")
  @RolesAllowed("admin")
  public FleetCommandView resume(@PathParam("instance") String instance) {
    return fleet.resume(instance);
  }

  @Operation(
      summary = "Make an agent re-read its settings",
      description =
          "The agent reads its settings file again; its answer (in the command's detail) says what changed, what applies now or from the next job and what needs a restart (admin).")
  @POST
  @Path("{instance}/reload-settings")
  @RolesAllowed("admin")
  public FleetCommandView reloadSettings(@PathParam("instance") String instance) {
    return fleet.reloadSettings(instance);
  }
}
