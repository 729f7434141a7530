package org.netarchive.ee.web.interfaces.adoption.rest;

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
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.archive.application.adoption.AdminDataImport;
import org.netarchive.ee.archive.application.adoption.Adoption;
import org.netarchive.ee.archive.application.adoption.ImportReport;
import org.netarchive.ee.archive.domain.model.adoption.Verification;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords.AdoptedCopy;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * Taking over a NetarchiveSuite archive in place: {@code /api/archive/adoption}. Everyone logged in
 * reads; admins import and adopt.
 *
 * <ul>
 *   <li>{@code POST /api/archive/adoption/admin-data} {@code {"path": "/nas/admin.data",
 *       "replicas": {"CS_THE_BAMON": "TWO"}}} — imports the admin data file at that path on the
 *       server ({@code replicas} maps names the file uses to this archive's replicas; {@code
 *       <ENV>_<ID>_THE_BAMON} needs no mapping). 200 with the report; 400 naming the line if one is
 *       malformed (nothing imported)
 *   <li>{@code POST /api/archive/adoption/admin-database} {@code {"url":
 *       "jdbc:postgresql://nas-db:5432/admindb", "user": "netarchivesuite", "password": "...",
 *       "replicas": {}}} — imports the admin data of NetarchiveSuite's admin database the same way
 *   <li>{@code POST /api/archive/adoption/directories} {@code {"replica": "ONE", "directory":
 *       "/nas/bitarchive1"}} — adopts a bitarchive directory (with {@code filedir/}) where it lies;
 *       201 if adopted now, 200 if it was already
 *   <li>{@code GET /api/archive/adoption} — the adopted directories, the copies by replica and
 *       verification (UNVERIFIED, VERIFIED, CORRUPT, MISSING), whether verification runs
 *   <li>{@code GET /api/archive/adoption/copies?verification=CORRUPT&page=0&size=50} — copies
 *   <li>{@code GET /api/archive/adoption/files/{name}} — a file's copies as recorded and verified
 * </ul>
 */
@Tag(
    name = "Adoption",
    description =
        "A NetarchiveSuite archive taken over in place: admin data, bitarchive directories,"
            + " verification.")
@Path("archive/adoption")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class AdoptionResource {

  /** An import of an admin data file on the server. */
  public static class ImportRequest {
    public String path;
    public Map<String, String> replicas;
  }

  /** An import of a NetarchiveSuite admin database. */
  public static class DatabaseRequest {
    public String url;
    public String user;
    public String password;
    public Map<String, String> replicas;
  }

  /** A directory to adopt. */
  public static class DirectoryRequest {
    public String replica;
    public String directory;
  }

  @EJB private AdminDataImport imports;
  @EJB private Adoption adoption;
  @Context private SecurityContext security;

  @Operation(
      summary = "The adoption at a glance",
      description =
          "The adopted directories, the adopted copies by replica and verification, and whether"
              + " the background verification runs.")
  @GET
  public Adoption.Overview overview() {
    return adoption.overview();
  }

  @Operation(
      summary = "Import admin data from the server",
      description =
          "Imports a NetarchiveSuite admin.data file (version 0.4 or 0.3) at a path on the server"
              + " (admin). A malformed line refuses the whole file, naming the line.")
  @POST
  @Path("admin-data")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  public ImportReport importFile(ImportRequest request) {
    FieldProblem.required("body", request);
    FieldProblem.required("path", request.path);
    java.nio.file.Path path = java.nio.file.Path.of(request.path.strip());
    if (!path.isAbsolute() || !Files.isRegularFile(path) || !Files.isReadable(path)) {
      throw new FieldProblem(
          "path",
          "Admin data file '"
              + request.path
              + "' is not an absolute path of a readable file on"
              + " the server");
    }
    return FieldProblem.check(
        "path",
        () ->
            imports.importAdminData(
                AdminDataImport.Text.of(path),
                path.toString(),
                request.replicas == null ? Map.of() : request.replicas,
                user()));
  }

  @Operation(
      summary = "Import admin data from a NetarchiveSuite admin database",
      description =
          "Imports the admin data of NetarchiveSuite's database-based ArcRepository admin (its"
              + " PostgreSQL admin database: tables file, replica, replicafileinfo) over JDBC"
              + " (admin). A file on an unknown replica refuses the whole import, naming its"
              + " file_id; a file whose replicas disagree on its checksum is listed as refused.")
  @POST
  @Path("admin-database")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  public ImportReport importDatabase(DatabaseRequest request) {
    FieldProblem.required("body", request);
    FieldProblem.required("url", request.url);
    return FieldProblem.check(
        "url",
        () ->
            imports.importAdminDatabase(
                request.url,
                request.user,
                request.password,
                request.replicas == null ? Map.of() : request.replicas,
                user()));
  }

  @Operation(
      summary = "Adopt a bitarchive directory",
      description =
          "Adopts a NetarchiveSuite bitarchive directory (with filedir/) for a replica where it"
              + " lies (admin): nothing is copied, written, moved or removed there; its copies"
              + " are verified in the background.")
  @APIResponseSchema(
      value = Adoption.Overview.class,
      responseCode = "201",
      responseDescription = "Adopted now (200: it was already); the adoption at a glance")
  @POST
  @Path("directories")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  public Response adopt(DirectoryRequest request) {
    FieldProblem.required("body", request);
    FieldProblem.required("replica", request.replica);
    FieldProblem.required("directory", request.directory);
    boolean now =
        FieldProblem.check(
            "directory",
            () ->
                adoption.adoptDirectory(
                    request.replica.strip(), request.directory.strip(), user()));
    return Response.status(now ? Response.Status.CREATED : Response.Status.OK)
        .entity(adoption.overview())
        .build();
  }

  @Operation(
      summary = "Adopted copies",
      description =
          "Adopted copies by file name, in one verification state if given (UNVERIFIED,"
              + " VERIFIED, CORRUPT, MISSING); paged (page from 0, size 1 to 1000).")
  @GET
  @Path("copies")
  public List<AdoptedCopy> copies(
      @QueryParam("verification") String verification,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    Verification state = null;
    if (verification != null && !verification.isBlank()) {
      try {
        state = Verification.valueOf(verification.strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new FieldProblem(
            "verification",
            "Verification '"
                + verification
                + "' is unknown; they are UNVERIFIED, VERIFIED, CORRUPT, MISSING");
      }
    }
    if (page < 0) {
      throw new FieldProblem("page", "Page must be 0 or more, was " + page);
    }
    if (size < 1 || size > 1000) {
      throw new FieldProblem("size", "Size must be 1 to 1000, was " + size);
    }
    return adoption.copies(state, Math.multiplyExact(page, size), size);
  }

  @Operation(
      summary = "A file's adopted copies",
      description = "The copies of a file as the admin data records them and as verified.")
  @GET
  @Path("files/{name}")
  public List<AdoptedCopy> file(@PathParam("name") String name) {
    List<AdoptedCopy> copies = adoption.copiesOf(name);
    if (copies.isEmpty()) {
      throw new NotFoundException("No adopted copy of file '" + name + "' is recorded");
    }
    return copies;
  }

  private String user() {
    return security.getUserPrincipal().getName();
  }
}
