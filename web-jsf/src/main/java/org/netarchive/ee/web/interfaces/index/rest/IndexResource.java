package org.netarchive.ee.web.interfaces.index.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.archive.application.IndexBuild;
import org.netarchive.ee.archive.application.IndexServer;
import org.netarchive.ee.archive.domain.model.index.IndexSetCache.CachedIndex;
import org.netarchive.ee.archive.domain.model.index.JobSet;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * The index server: indexes of a kind ({@code DEDUP}, {@code FULL}, {@code CDX}) over a set of
 * jobs, built from the jobs' metadata in the archive and cached. Curators and admins ask for
 * indexes; viewers follow and download them.
 *
 * <ul>
 *   <li>{@code POST /api/index/{kind}?jobs=1,2,3} — asks for an index; 202 with the build and its
 *       {@code Location}
 *   <li>{@code GET /api/index/builds}, {@code GET /api/index/builds/{id}} — builds: state,
 *       progress, jobs found and missing, the index's name and checksum
 *   <li>{@code GET /api/index/{kind}/{name}} — the index as a ZIP bundle of its directory, header
 *       {@value #SHA256_HEADER} with its SHA-256
 * </ul>
 */
@Tag(
    name = "Index",
    description = "Indexes of job sets (deduplication, full, CDX), their builds and downloads.")
@Path("index")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class IndexResource {

  /** The response header with a bundle's SHA-256. */
  public static final String SHA256_HEADER = "X-Content-SHA256";

  @EJB private IndexServer indexServer;
  @Context private UriInfo uri;

  @Operation(
      summary = "Ask for an index",
      description =
          "Asks for an index of a kind (DEDUP, FULL or CDX) over the jobs given in 'jobs' (IDs separated by commas, or the parameter repeated; 1 to 10000 jobs). Answers 202 with the build, which GET /api/index/builds/{id} follows to READY (with the jobs found and missing and the index's name) or FAILED. An index in the cache is READY at once; a set being built is joined, not built again.")
  @APIResponseSchema(
      value = IndexBuild.View.class,
      responseCode = "202",
      responseDescription = "The build")
  @POST
  @Path("{kind}")
  @RolesAllowed({"admin", "curator"})
  public Response request(@PathParam("kind") String kind, @QueryParam("jobs") List<String> jobs) {
    IndexKind k = kind(kind);
    JobSet set = FieldProblem.check("jobs", () -> JobSet.parse(jobs));
    IndexBuild.View build = indexServer.request(k, set);
    URI location = uri.getBaseUriBuilder().path("index").path("builds").path(build.id()).build();
    return Response.accepted(build).location(location).build();
  }

  @Operation(
      summary = "List index builds",
      description = "The last 200 index builds since the server started, newest first.")
  @GET
  @Path("builds")
  public List<IndexBuild.View> builds() {
    return indexServer.recent();
  }

  @Operation(
      summary = "Read an index build",
      description =
          "A build's state (QUEUED, BUILDING, READY, FAILED), progress, the jobs found and missing, and once READY the index's name, entries, size, SHA-256 and how many times this server built it.")
  @GET
  @Path("builds/{id}")
  public IndexBuild.View build(@PathParam("id") String id) {
    return indexServer
        .find(id)
        .orElseThrow(
            () ->
                new NotFoundException(
                    "Unknown index build '" + id + "' (builds are forgotten at a restart)"))
        .view();
  }

  @Operation(
      summary = "Download an index",
      description =
          "The index of that kind and cache name (the name a READY build gives) as a ZIP of its directory, streamed; header X-Content-SHA256 has its SHA-256. Unpack it with org.netarchive.ee.common.index.IndexBundle.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The index bundle",
        content =
            @Content(
                mediaType = "application/zip",
                schema = @Schema(type = SchemaType.STRING, format = "binary")))
  })
  @GET
  @Path("{kind}/{name}")
  @Produces({"application/zip", "application/problem+json"})
  public Response download(@PathParam("kind") String kind, @PathParam("name") String name) {
    IndexKind k = kind(kind);
    CachedIndex index =
        indexServer
            .cached(k, name)
            .orElseThrow(
                () ->
                    new NotFoundException(
                        "No " + k + " index '" + name + "' in the cache; ask for it first"));
    return Response.ok(
            (StreamingOutput)
                out -> {
                  try (InputStream in = Files.newInputStream(index.bundle())) {
                    in.transferTo(out);
                  }
                })
        .type("application/zip")
        .header("Content-Length", index.size())
        .header(
            "Content-Disposition",
            "attachment; filename=\"" + k.name().toLowerCase() + "-" + name + ".zip\"")
        .header(SHA256_HEADER, index.sha256())
        .build();
  }

  private static IndexKind kind(String kind) {
    return FieldProblem.check("kind", () -> IndexKind.parse(kind));
  }
}
