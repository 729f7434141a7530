package org.netarchive.ee.web.interfaces.system.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.batch.application.BatchJobExecution;
import org.netarchive.ee.batch.application.BatchJobs;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.SystemMonitor;
import org.netarchive.ee.scheduler.application.job.NotificationLog;
import org.netarchive.ee.scheduler.application.job.NotificationRecord;
import org.netarchive.ee.scheduler.application.job.SchedulerTimer;
import org.netarchive.ee.scheduler.application.monitor.SchedulerActivity;
import org.netarchive.ee.scheduler.application.monitor.SchemaReport;
import org.netarchive.ee.scheduler.application.monitor.SystemStateService;
import org.netarchive.ee.scheduler.application.monitor.SystemStateView;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;
import org.netarchive.ee.web.interfaces.rest.Problem;

/**
 * The installation's state and the operators' batch jobs.
 *
 * <ul>
 *   <li>{@code GET /api/system/status} (any role): environment, database, schema, components; the
 *       server's parts, the harvester agents and the replicas' bitarchive instances with their last
 *       warnings, as on the system state page.
 *   <li>{@code GET /api/system/notifications?size=50} (any role): the latest notifications, newest
 *       first, with what became of their mail and webhook call ({@code NONE}, {@code SENDING},
 *       {@code SENT}, {@code FAILED} and why).
 *   <li>{@code POST /api/system/batch/{job}} (admin): starts an operator job such as {@code
 *       verify-schema}; 202 with the execution and its URL.
 *   <li>{@code GET /api/system/batch/executions/{id}} (any role): an execution's status.
 *   <li>{@code POST /api/system/scheduling-pass} and {@code /dispatch-pass} (admin): runs the
 *       scheduler's pass now; 409 while one runs.
 * </ul>
 */
@Tag(name = "System", description = "The installation: status, accounts, operator jobs and health.")
@Path("system")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class SystemResource {

  @Inject private Installation installation;
  @EJB private SystemMonitor monitor;
  @EJB private SystemStateService systemState;
  @EJB private SchemaMigration schemaMigration;
  @EJB private BatchJobs batchJobs;
  @EJB private SchedulerTimer schedulerTimer;
  @EJB private NotificationLog notifications;

  @Operation(
      summary = "Read the system status",
      description =
          "Environment, database, schema version, components; the server's parts, agents and replicas' bitarchive instances with their last warnings.")
  @GET
  @Path("status")
  @RolesAllowed({"admin", "curator", "viewer"})
  public SystemStatus status() {
    SchemaReport schema = schemaMigration.check();
    SystemStateView state = systemState.state();
    return new SystemStatus(
        installation.environmentName(),
        SystemStateView.serverVersion(),
        schema.database(),
        schema.currentVersion(),
        schema.upToDate(),
        monitor.components().stream()
            .map(
                c ->
                    new SystemStatus.Component(
                        c.component(),
                        c.kind(),
                        c.instance(),
                        c.state(),
                        c.channel(),
                        c.currentJob(),
                        c.details(),
                        c.lastHeartbeat(),
                        c.missingAt(state.at()),
                        c.warnings()))
            .toList(),
        state.serverParts(),
        state.serverWarnings(),
        state.agents(),
        state.replicas());
  }

  @Operation(
      summary = "List the latest notifications",
      description =
          "The latest notifications to the operators, newest first (size 1 to 1000), each with the status of its mail and of its webhook call: NONE (not configured), SENDING, SENT or FAILED with the reason.")
  @GET
  @Path("notifications")
  @RolesAllowed({"admin", "curator", "viewer"})
  public List<NotificationRecord> notifications(@QueryParam("size") @DefaultValue("50") int size) {
    if (size < 1 || size > 1000) {
      throw new FieldProblem("size", "size must be 1 to 1000, was " + size);
    }
    return notifications.recent(size);
  }

  @Operation(
      summary = "Start an operator job",
      description =
          "Starts an operator batch job such as verify-schema (admin); 202 with the execution.")
  @APIResponseSchema(
      value = BatchJobExecution.class,
      responseCode = "202",
      responseDescription = "The execution, started")
  @POST
  @Path("batch/{job}")
  @RolesAllowed("admin")
  public Response startJob(@PathParam("job") String job, @Context UriInfo uri) {
    BatchJobExecution execution = batchJobs.start(job, new Properties());
    return Response.accepted(execution)
        .location(
            uri.getBaseUriBuilder()
                .path(SystemResource.class)
                .path("batch/executions/{id}")
                .build(execution.executionId()))
        .build();
  }

  @Operation(
      summary = "Run a scheduling pass now",
      description =
          "Claims and splits the harvests that are due and fails jobs past their timeout, as the"
              + " minute's timer does (admin); 409 while a pass runs already.")
  @APIResponseSchema(
      value = SchedulerPass.class,
      responseCode = "200",
      responseDescription = "The pass, ended")
  @POST
  @Path("scheduling-pass")
  @RolesAllowed("admin")
  public Response schedulingPass() {
    return passResponse("scheduling", schedulerTimer.schedulingPassNow());
  }

  @Operation(
      summary = "Run a dispatch pass now",
      description =
          "Sends the new jobs of finished splits to their channels' queues, as the ten-second timer"
              + " does (admin); 409 while a pass runs already.")
  @APIResponseSchema(
      value = SchedulerPass.class,
      responseCode = "200",
      responseDescription = "The pass, ended")
  @POST
  @Path("dispatch-pass")
  @RolesAllowed("admin")
  public Response dispatchPass() {
    return passResponse("dispatch", schedulerTimer.dispatchPassNow());
  }

  private static Response passResponse(String kind, Optional<SchedulerActivity.Pass> pass) {
    return pass.map(p -> Response.ok(new SchedulerPass(p)).build())
        .orElseGet(
            () ->
                Problem.response(
                    Response.Status.CONFLICT,
                    "A "
                        + kind
                        + " pass is running already, or the server is still taking up what its"
                        + " last run left; try again in a moment"));
  }

  /** A scheduler pass that ran: when, and "OK" or "FAILED: " and why. */
  public record SchedulerPass(Instant startedAt, Instant endedAt, String outcome) {
    SchedulerPass(SchedulerActivity.Pass pass) {
      this(pass.startedAt(), pass.endedAt(), pass.outcome());
    }
  }

  @Operation(summary = "Read an operator job's execution", description = "An execution's status.")
  @APIResponseSchema(
      value = BatchJobExecution.class,
      responseCode = "200",
      responseDescription = "The execution")
  @GET
  @Path("batch/executions/{id}")
  @RolesAllowed({"admin", "curator", "viewer"})
  public Response execution(@PathParam("id") long id) {
    return batchJobs
        .find(id)
        .map(e -> Response.ok(e).build())
        .orElseGet(
            () ->
                Problem.response(
                    Response.Status.NOT_FOUND, "No batch job execution with id " + id));
  }
}
