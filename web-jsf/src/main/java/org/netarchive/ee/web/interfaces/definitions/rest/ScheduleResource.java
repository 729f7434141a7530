package org.netarchive.ee.web.interfaces.definitions.rest;

import static org.netarchive.ee.web.interfaces.rest.FieldProblem.required;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.schedule.ScheduleService;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.Page;

/**
 * Schedules: {@code /api/schedules}. Viewers read; curators and admins create and change. A
 * schedule is read with its definition, a {@code description} in words and its {@code nextEvents}
 * from now; a refused definition is answered with 400 naming the field (e.g. {@code minute}) and
 * the value. Changes carry the {@code version} they were made on and are refused with 409 when it
 * is stale.
 *
 * <ul>
 *   <li>{@code GET /api/schedules?name=D*&page=0&size=50} — paged list, name glob filter
 *   <li>{@code GET /api/schedules/{name}} — one schedule
 *   <li>{@code POST /api/schedules} {@code {"name": "Nightly", "kind": "REPEATING", "unit": "DAYS",
 *       "every": 1, "hour": 2, "minute": 30, "timeZone": "Europe/Copenhagen"}} — create (201);
 *       other fields: {@code comments}, {@code weekday} (WEEKS), {@code dayOfMonth} (MONTHS),
 *       {@code anyTime}, {@code start}, {@code end} or {@code maxRuns}
 *   <li>{@code PUT /api/schedules/{name}} — the same fields and {@code version}: an absent field
 *       keeps its value, an empty text removes it, a new {@code name} renames it; the fields that
 *       time the runs are replaced together when any of them is given, and so are {@code end} and
 *       {@code maxRuns} (see {@link ScheduleRequest})
 * </ul>
 */
@Tag(name = "Schedules", description = "When harvests run.")
@Path("schedules")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class ScheduleResource {

  @EJB private ScheduleService schedules;

  @Operation(
      summary = "List schedules",
      description =
          "Schedules, each with its description and next events. The name filter is a glob (* and ?, any case). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  public Page<ScheduleView> list(
      @QueryParam("name") String nameGlob,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return schedules.list(nameGlob, page, size);
  }

  @Operation(
      summary = "Read a schedule",
      description = "One schedule with its description and next events.")
  @GET
  @Path("{name}")
  public ScheduleView get(@PathParam("name") String name) {
    return schedules.get(name);
  }

  @Operation(
      summary = "Create a schedule",
      description =
          "A new schedule (curator, admin): REPEATING every n units at a time, or ONCE; a start or end outside the years 1970 to 9999 is 400 naming it.")
  @APIResponseSchema(
      value = ScheduleView.class,
      responseCode = "201",
      responseDescription = "The schedule, created")
  @POST
  @RolesAllowed({"admin", "curator"})
  public Response create(ScheduleRequest request, @Context UriInfo uri) {
    required("body", request);
    required("name", request.name());
    ScheduleView created = schedules.create(request.definition());
    return Response.created(uri.getAbsolutePathBuilder().segment(created.name()).build())
        .entity(created)
        .build();
  }

  @Operation(
      summary = "Change a schedule",
      description =
          "Changes it (curator, admin); absent members keep their value, the timing and the ending are each replaced as a whole. A stale version is 409.")
  @PUT
  @Path("{name}")
  @RolesAllowed({"admin", "curator"})
  public ScheduleView update(@PathParam("name") String name, ScheduleRequest request) {
    required("body", request);
    int version = required("version", request.version());
    return schedules.update(name, version, request.changing(schedules.get(name)));
  }
}
