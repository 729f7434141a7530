package org.netarchive.ee.web.interfaces.capture.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.archive.application.CaptureIndexing;

/**
 * The archive-wide capture index's indexer: {@code GET /api/capture-index} (its state: files
 * stored, indexed, the lag, captures, a rebuild's progress), {@code GET
 * /api/capture-index/files/{name}} (a file's captures in the index), and for admins {@code POST
 * /api/capture-index/pause}, {@code /resume}, {@code /files/{name}/reindex} and {@code /rebuild}
 * (empties the index and indexes every stored file again; follow its progress with GET).
 */
@Tag(
    name = "Capture index",
    description =
        "The archive-wide capture index behind the CDX API: its state, pause, resume, rebuild.")
@Path("capture-index")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class CaptureIndexResource {

  /** A file in the index. */
  public record FileState(String file, boolean indexed, long captures) {}

  @EJB private CaptureIndexing indexing;

  @Operation(
      summary = "The capture index's state",
      description =
          "Files stored (a copy UPLOAD_COMPLETED), files indexed, the lag (stored, not yet indexed), files given up on, captures, whether indexing is paused, the last file indexed and failure, and a rebuild's start and progress (0 to 1).")
  @GET
  public CaptureIndexing.Status status() {
    return indexing.status();
  }

  @Operation(
      summary = "A file in the capture index",
      description = "Whether the index holds the file, and how many captures of it.")
  @GET
  @Path("files/{name}")
  public FileState file(@PathParam("name") String name) {
    long captures = indexing.capturesOfFile(name);
    return new FileState(name, captures >= 0, Math.max(0, captures));
  }

  @Operation(
      summary = "Index a file again",
      description =
          "Indexes the file again in the background: its captures are replaced, so the index holds them once. 202 with the file's state now.")
  @POST
  @Path("files/{name}/reindex")
  @RolesAllowed("admin")
  public jakarta.ws.rs.core.Response reindex(@PathParam("name") String name) {
    org.netarchive.ee.web.interfaces.rest.FieldProblem.check(
        "name",
        () -> {
          indexing.reindex(name);
          return name;
        });
    return jakarta.ws.rs.core.Response.accepted(file(name)).build();
  }

  @Operation(
      summary = "Pause indexing",
      description =
          "Stops indexing after the file being indexed; files stored meanwhile wait (and count in the lag). A restart resumes indexing.")
  @POST
  @Path("pause")
  @RolesAllowed("admin")
  public CaptureIndexing.Status pause() {
    indexing.pause();
    return indexing.status();
  }

  @Operation(summary = "Resume indexing", description = "Indexes the waiting files now.")
  @POST
  @Path("resume")
  @RolesAllowed("admin")
  public CaptureIndexing.Status resume() {
    indexing.resume();
    return indexing.status();
  }

  @Operation(
      summary = "Rebuild the capture index",
      description =
          "Empties the index and its record of indexed files; the indexer then indexes every stored file again from the archive. Follow rebuildProgress with GET /api/capture-index.")
  @POST
  @Path("rebuild")
  @RolesAllowed("admin")
  public CaptureIndexing.Status rebuild() {
    return indexing.rebuild();
  }
}
