package org.netarchive.ee.web.interfaces.system.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
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
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.sql.SQLException;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.imports.NasImportRequest;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus;
import org.netarchive.ee.scheduler.application.imports.NasImportSummary;
import org.netarchive.ee.scheduler.application.imports.NetarchiveSuiteImports;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;
import org.netarchive.ee.web.interfaces.rest.Problem;

/**
 * Import of a NetarchiveSuite harvest database (admin only).
 *
 * <ul>
 *   <li>{@code POST /api/imports/netarchivesuite} {@code {"url":
 *       "jdbc:postgresql://host:5432/harvestdb", "user": "netarchivesuite", "password": "...",
 *       "dryRun": false, "timeZone": "Europe/Copenhagen"}}: 202 with the import's id and a Location
 *       to follow; 400 if the database cannot be opened. The password is used to connect and is
 *       neither logged nor stored.
 *   <li>{@code GET /api/imports/netarchivesuite/{id}}: state, progress, and at the end the counts
 *       per kind (created, existing, refused) and the refused rows with table, key and reason
 *   <li>{@code GET /api/imports/netarchivesuite?size=20}: the latest imports, newest first
 *   <li>{@code GET /api/imports/netarchivesuite/{id}/problems?page=0&size=100}: the rows an import
 *       did not take, a page at a time (beyond the first 1000 the status lists)
 * </ul>
 */
@Tag(name = "System", description = "The installation: status, accounts, operator jobs and health.")
@Path("imports/netarchivesuite")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
public class NetarchiveSuiteImportResource {

  @EJB private NetarchiveSuiteImports imports;

  /** What to import; {@code dryRun} and {@code timeZone} may be left out (false, UTC). */
  public record ImportBody(
      String url, String user, String password, Boolean dryRun, String timeZone) {

    @Override
    public String toString() {
      return "ImportBody[url=" + url + ", user=" + user + ", dryRun=" + dryRun + "]";
    }
  }

  /** The answer to a started import. */
  public record Started(long id, String href) {}

  @Operation(
      summary = "Import a NetarchiveSuite harvest database",
      description =
          "Starts importing domains, configurations, seed lists, passwords, aliases, templates,"
              + " schedules, channels, global crawler trap lists, harvests and history from a"
              + " NetarchiveSuite harvest database (PostgreSQL); with dryRun, only reports what it"
              + " would do. It runs as the batch job import-netarchivesuite, which a restart of"
              + " the server resumes from its last recorded chunk. 202 with the import, which GET"
              + " /api/imports/netarchivesuite/{id} follows.")
  @APIResponseSchema(
      value = Started.class,
      responseCode = "202",
      responseDescription = "The import, started")
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  public Response start(ImportBody body, @Context SecurityContext security, @Context UriInfo uri)
      throws SQLException {
    if (body == null) {
      return Problem.response(
          Response.Status.BAD_REQUEST,
          "The body must be a JSON object with url, user and password of the NetarchiveSuite"
              + " database",
          "url");
    }
    long id =
        imports.start(
            new NasImportRequest(
                body.url(),
                body.user(),
                body.password(),
                Boolean.TRUE.equals(body.dryRun()),
                body.timeZone()),
            security.getUserPrincipal().getName());
    var location = uri.getAbsolutePathBuilder().path(Long.toString(id)).build();
    return Response.accepted(new Started(id, location.toString())).location(location).build();
  }

  @Operation(
      summary = "Follow an import",
      description =
          "Its state (RUNNING, DONE, FAILED), progress, counts per kind and the rows it did not"
              + " take, with table, key and reason (the first 1000; problemCount counts all).")
  @APIResponseSchema(
      value = NasImportStatus.class,
      responseCode = "200",
      responseDescription = "The import's state and report")
  @GET
  @Path("{id}")
  public Response status(@PathParam("id") long id) throws SQLException {
    return imports
        .status(id)
        .map(s -> Response.ok(s).build())
        .orElseGet(
            () ->
                Problem.response(
                    Response.Status.NOT_FOUND, "No NetarchiveSuite import with id " + id));
  }

  @Operation(
      summary = "The latest imports",
      description =
          "The latest imports of NetarchiveSuite databases, newest first (size 1 to 1000), each"
              + " with its state and problem count.")
  @GET
  public List<NasImportSummary> recent(@QueryParam("size") @DefaultValue("20") int size)
      throws SQLException {
    return imports.recent(size);
  }

  @Operation(
      summary = "An import's problems",
      description =
          "The rows an import did not take, and notes about them, in the order it met them; paged"
              + " (page from 0, size 1 to 1000).")
  @GET
  @Path("{id}/problems")
  public List<NasImportStatus.Problem> problems(
      @PathParam("id") long id,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("100") int size)
      throws SQLException {
    if (imports.status(id).isEmpty()) {
      throw new NotFoundException("No NetarchiveSuite import with id " + id);
    }
    if (page < 0) {
      throw new FieldProblem("page", "Page must be 0 or more, was " + page);
    }
    int first = (int) Math.min(Integer.MAX_VALUE, (long) page * Math.max(size, 0));
    return imports.problems(id, first, size);
  }
}
