package org.netarchive.ee.web.interfaces.definitions.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
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
import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.batch.application.DomainBulkCreation;
import org.netarchive.ee.web.interfaces.rest.Problem;

/**
 * Bulk creation of domains from a list of names, one per line (UTF-8).
 *
 * <ul>
 *   <li>{@code POST /api/domains/bulk?source=list.txt} with the list as a {@code text/plain} body:
 *       202 with the job execution id and a Location to follow
 *   <li>{@code GET /api/domains/bulk/{executionId}}: status, progress, counts of created, existing
 *       and invalid names, and the first refused lines with their reasons
 * </ul>
 */
@Tag(
    name = "Domains",
    description = "Domains, their seed lists, configurations and crawler passwords.")
@Path("domains/bulk")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class DomainBulkResource {

  @EJB private DomainBulkCreation bulk;

  /** The answer to a started run. */
  public record Started(long executionId, String href) {}

  @Operation(
      summary = "Create domains in bulk",
      description =
          "Starts a batch job creating a domain for each line of the text body (curator, admin); 202 with the execution, which GET /api/domains/bulk/{executionId} follows.")
  @APIResponseSchema(
      value = Started.class,
      responseCode = "202",
      responseDescription = "The bulk creation, started")
  @POST
  @Consumes({MediaType.TEXT_PLAIN, MediaType.APPLICATION_OCTET_STREAM})
  @RolesAllowed({"admin", "curator"})
  public Response start(
      InputStream list,
      @QueryParam("source") String source,
      @Context SecurityContext security,
      @Context UriInfo uri)
      throws IOException {
    long execution = bulk.start(list, source, security.getUserPrincipal().getName());
    var location = uri.getAbsolutePathBuilder().path(Long.toString(execution)).build();
    return Response.accepted(new Started(execution, location.toString()))
        .location(location)
        .build();
  }

  @Operation(
      summary = "Follow a bulk creation",
      description = "Its progress, counts and the refused lines with their reasons.")
  @APIResponseSchema(
      value = DomainBulkCreation.BulkStatus.class,
      responseCode = "200",
      responseDescription = "The bulk creation's state")
  @GET
  @Path("{executionId}")
  public Response status(@PathParam("executionId") long executionId) throws SQLException {
    return bulk.status(executionId)
        .map(s -> Response.ok(s).build())
        .orElseGet(
            () ->
                Problem.response(
                    Response.Status.NOT_FOUND,
                    "No bulk domain creation with execution id " + executionId));
  }
}
