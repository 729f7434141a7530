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
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapListView;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapService;
import org.netarchive.ee.scheduler.domain.model.Page;

/**
 * Global crawler trap lists: {@code /api/crawler-traps}. Each list holds regular expressions (Java
 * syntax, as Heritrix reads them) for URIs no harvest should crawl; new jobs get the expressions of
 * every active list. Everyone reads them; only admins create, change, activate and deactivate them.
 * An expression that does not compile is refused with 400, field {@code expressions}, naming it and
 * the syntax error; so is one that can backtrack catastrophically (a group repeated without bound
 * around a repetition, {@code (a+)+}, or around alternatives that start alike, {@code (a|a)*}):
 * Heritrix matches every discovered URI against the expressions with java.util.regex, which has no
 * time bound, so such shapes are refused when they are stored (see CrawlerTraps in the domain
 * model).
 *
 * <ul>
 *   <li>{@code GET /api/crawler-traps?name=cal*&page=0&size=50} — paged list, name glob filter
 *   <li>{@code GET /api/crawler-traps/{name}} — one list
 *   <li>{@code POST /api/crawler-traps} {@code {"name": "Calendars", "description": "...",
 *       "expressions": [".*calendar.*"]}} — create an active list (201)
 *   <li>{@code PUT /api/crawler-traps/{name}} — the same fields and {@code version}: an absent
 *       field keeps its value, an empty description removes it, a new {@code name} renames it
 *   <li>{@code POST /api/crawler-traps/{name}/activate}, {@code .../deactivate}
 * </ul>
 */
@Tag(
    name = "Crawler traps",
    description = "Global crawler trap lists, added to every job while active.")
@Path("crawler-traps")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class CrawlerTrapResource {

  @EJB private CrawlerTrapService traps;

  /**
   * Create or change a list; for a change {@code version} is the version it was made on.
   *
   * @param expressions one regular expression each
   */
  public record CrawlerTrapListRequest(
      String name, String description, List<String> expressions, Integer version) {}

  @Operation(
      summary = "List crawler trap lists",
      description =
          "Global crawler trap lists. The name filter is a glob (* and ?, any case). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  public Page<CrawlerTrapListView> list(
      @QueryParam("name") String nameGlob,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return traps.list(nameGlob, page, size);
  }

  @Operation(summary = "Read a crawler trap list", description = "One list with its expressions.")
  @GET
  @Path("{name}")
  public CrawlerTrapListView get(@PathParam("name") String name) {
    return traps.get(name);
  }

  @Operation(
      summary = "Create a crawler trap list",
      description =
          "A new active list (admin); a bad regular expression, or one that can backtrack catastrophically, is 400 with field expressions naming it.")
  @APIResponseSchema(
      value = CrawlerTrapListView.class,
      responseCode = "201",
      responseDescription = "The list, created")
  @POST
  @RolesAllowed("admin")
  public Response create(CrawlerTrapListRequest request, @Context UriInfo uri) {
    required("body", request);
    String name = required("name", request.name());
    List<String> expressions = required("expressions", request.expressions());
    CrawlerTrapListView created = traps.create(name, request.description(), expressions);
    return Response.created(uri.getAbsolutePathBuilder().segment(created.name()).build())
        .entity(created)
        .build();
  }

  @Operation(
      summary = "Change a crawler trap list",
      description =
          "Changes name, description or expressions (admin); absent members keep their value. A stale version is 409.")
  @PUT
  @Path("{name}")
  @RolesAllowed("admin")
  public CrawlerTrapListView update(
      @PathParam("name") String name, CrawlerTrapListRequest request) {
    required("body", request);
    int version = required("version", request.version());
    CrawlerTrapListView stored = traps.get(name);
    return traps.update(
        name,
        version,
        request.name(),
        request.description() == null ? stored.description() : request.description(),
        request.expressions() == null ? stored.expressions() : request.expressions());
  }

  @Operation(
      summary = "Activate a crawler trap list",
      description = "New jobs get its traps (admin).")
  @POST
  @Path("{name}/activate")
  @RolesAllowed("admin")
  public CrawlerTrapListView activate(@PathParam("name") String name) {
    return traps.activate(name);
  }

  @Operation(
      summary = "Deactivate a crawler trap list",
      description = "New jobs no longer get its traps (admin).")
  @POST
  @Path("{name}/deactivate")
  @RolesAllowed("admin")
  public CrawlerTrapListView deactivate(@PathParam("name") String name) {
    return traps.deactivate(name);
  }
}
