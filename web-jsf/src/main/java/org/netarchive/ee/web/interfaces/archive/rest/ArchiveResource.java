package org.netarchive.ee.web.interfaces.archive.rest;

import static org.netarchive.ee.web.Inputs.blankToNull;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.archive.application.ArchiveAdmin;
import org.netarchive.ee.archive.application.ArchiveAdmin.FileFilter;
import org.netarchive.ee.archive.application.ArchivedFileView;
import org.netarchive.ee.archive.application.SilentReplicas;
import org.netarchive.ee.archive.domain.model.batch.BatchJob;
import org.netarchive.ee.archive.domain.model.batch.BatchJobs;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess.FetchedFile;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess.FetchedRecord;
import org.netarchive.ee.web.interfaces.archive.ArchiveTask;
import org.netarchive.ee.web.interfaces.archive.RecordContent;
import org.netarchive.ee.web.interfaces.rest.ByteRanges;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;
import org.netarchive.ee.web.interfaces.rest.Problem;

/**
 * The archive: {@code /api/archive}. Viewers read files, records and batch results; curators and
 * admins upload files and run batch jobs. Uploads and batch jobs run in the background and are
 * answered with 202 and the task to follow.
 *
 * <ul>
 *   <li>{@code GET /api/archive} — the replicas, how many copies each has in each store state, and
 *       the batch jobs
 *   <li>{@code GET /api/archive/files?prefix=1-&contains=metadata&state=UPLOAD_FAILED&replica=TWO
 *       &page=0&size=50} — files in name order with their size, checksum and each replica's store
 *       state and checksum; {@code prefix} is the start of the name, {@code contains} a part of it
 *       in any case, {@code state} a state a copy is in (on {@code replica} if given)
 *   <li>{@code GET /api/archive/files/{name}} — one file
 *   <li>{@code PUT /api/archive/files/{name}} with the file as the body (any media type; header
 *       {@code X-Content-SHA512} optional, checked on arrival) — stores it; 202 with the upload
 *   <li>{@code POST /api/archive/files} with a {@code multipart/form-data} part {@code file} (its
 *       file name is the name stored) — the same
 *   <li>{@code GET /api/archive/uploads}, {@code GET /api/archive/uploads/{id}} — uploads and how
 *       their stores went ({@code DONE} once every replica holds the file)
 *   <li>{@code GET /api/archive/files/{name}/records/{offset}?replica=ONE&part=record} — the WARC
 *       or ARC record starting at that offset as stored ({@code application/warc}, or {@code
 *       application/gzip} for a compressed one; header {@code X-Record-Type}); {@code part=payload}
 *       gives what it captured, for a response the body that was served, with its media type
 *   <li>{@code GET /api/archive/files/{name}/content?replica=ONE} — the whole file, or with a
 *       {@code Range} header the bytes asked for (206, 416 if there are none); also at {@code GET
 *       /api/archive/warcs/{name}}, for pywb's {@code archive_paths}
 *   <li>{@code GET /api/archive/batch-jobs} — the batch jobs with their parameters
 *   <li>{@code POST /api/archive/batches} with {@code {"job": "cdx", "replica": "ONE",
 *       "filePattern": "1-.*", "parameters": {}}} — runs a batch job; 202 with the run
 *   <li>{@code GET /api/archive/batches}, {@code GET /api/archive/batches/{id}} — runs and their
 *       progress; {@code GET /api/archive/batches/{id}/result} — a finished run's result
 * </ul>
 */
@Tag(
    name = "Archive",
    description = "Archived files in the replicas, their records, uploads and batch jobs.")
@Path("archive")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class ArchiveResource {

  /** The replicas, their copies by state, and the batch jobs. */
  public record Overview(
      List<String> replicas,
      Map<String, Map<ReplicaStoreState, Long>> copiesByState,
      List<BatchJobView> batchJobs) {}

  /**
   * What {@link #askAgain} did.
   *
   * @param silentForSeconds how long the replicas asked again had been silent, at least
   * @param files how many unfinished stores had replicas asked again
   */
  public record AskedAgain(long silentForSeconds, int files) {}

  /** A batch job clients may run. */
  public record BatchJobView(String name, String description, List<String> parameters) {}

  /** A request to run a batch job. */
  public static class BatchRequestBody {
    public String job;
    public String replica;
    public String filePattern;
    public Map<String, String> parameters;
  }

  /**
   * The answers of an operation that serves a file's bytes through {@link #content} (whole, a
   * range, or none), written once for the OpenAPI document, which reads the {@link APIResponses}
   * this annotation carries as if they stood on the method.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The file",
        content =
            @Content(
                mediaType = "application/octet-stream",
                schema = @Schema(type = SchemaType.STRING, format = "binary"))),
    @APIResponse(
        responseCode = "206",
        description = "The bytes asked for",
        content =
            @Content(
                mediaType = "application/octet-stream",
                schema = @Schema(type = SchemaType.STRING, format = "binary"))),
    @APIResponse(
        responseCode = "416",
        description = "The file has no such bytes",
        content =
            @Content(
                mediaType = Problem.MEDIA_TYPE,
                schema = @Schema(implementation = Problem.class)))
  })
  @interface FileBytes {}

  @EJB private ArchiveAdmin admin;
  @EJB private SilentReplicas silentReplicas;
  @Inject private ArchiveAccess archive;
  @Context private SecurityContext security;
  @Context private UriInfo uri;

  @Operation(
      summary = "The archive at a glance",
      description =
          "The replicas, how many copies each holds in each store state, and the batch jobs.")
  @GET
  public Overview overview() {
    return new Overview(archive.replicaIds(), admin.copiesByState(), batchJobList());
  }

  @Operation(
      summary = "List archived files",
      description =
          "Archived files in name order with size, SHA-512 and each replica's store state and reported checksum; prefix is the start of the name, contains a part of it (any case), state a store state a copy is in (on replica if given). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  @Path("files")
  public Page<ArchivedFileView> files(
      @QueryParam("prefix") String prefix,
      @QueryParam("contains") String contains,
      @QueryParam("state") String state,
      @QueryParam("replica") String replica,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    Page.checkRequest(page, size);
    FileFilter filter =
        new FileFilter(
            blankToNull(prefix),
            blankToNull(contains),
            state(state),
            archive.requireReplica(blankToNull(replica)));
    long total = admin.count(filter);
    List<ArchivedFileView> items =
        (long) page * size >= total ? List.of() : admin.list(filter, page * size, size);
    return new Page<>(items, total, page, size);
  }

  @Operation(
      summary = "Read an archived file",
      description =
          "One file with its copies: state, since when, uploads tried, failure, checksum and when it was checked.")
  @GET
  @Path("files/{name}")
  public ArchivedFileView file(@PathParam("name") String name) {
    return archive.file(name);
  }

  @Operation(
      summary = "Store a file",
      description =
          "Stores the body as the named file in every replica (curator, admin); X-Content-SHA512 is checked when given. Answers 202 with the upload, which GET /api/archive/uploads/{id} follows to DONE or FAILED.")
  @APIResponseSchema(
      value = ArchiveTask.View.class,
      responseCode = "202",
      responseDescription = "The upload, started")
  @PUT
  @Path("files/{name}")
  @Consumes(MediaType.WILDCARD)
  @RolesAllowed({"admin", "curator"})
  public Response upload(
      @PathParam("name") String name,
      @HeaderParam(FileServer.SHA512_HEADER) String sha512,
      InputStream body) {
    return accepted("uploads", archive.upload(name, body, blankToNull(sha512), user()));
  }

  @Operation(
      summary = "Store a file from a form",
      description =
          "As PUT /api/archive/files/{name}, from a multipart form whose part \"file\" carries the file and its name (curator, admin).")
  @APIResponseSchema(
      value = ArchiveTask.View.class,
      responseCode = "202",
      responseDescription = "The upload, started")
  @POST
  @Path("files")
  @Consumes(MediaType.MULTIPART_FORM_DATA)
  @RolesAllowed({"admin", "curator"})
  public Response uploadForm(List<EntityPart> parts) throws IOException {
    EntityPart file =
        parts.stream()
            .filter(p -> p.getName().equals("file"))
            .findFirst()
            .orElseThrow(
                () ->
                    new FieldProblem(
                        "file",
                        "The form has no part 'file' with the file to store; its parts are "
                            + parts.stream().map(EntityPart::getName).toList()));
    String name = file.getFileName().orElse(null);
    if (name == null || name.isBlank()) {
      throw new FieldProblem("file", "Part 'file' has no file name to store the file under");
    }
    try (InputStream data = file.getContent()) {
      return accepted("uploads", archive.upload(name, data, null, user()));
    }
  }

  @Operation(
      summary = "List uploads",
      description = "The last 100 uploads since the server started, newest first.")
  @GET
  @Path("uploads")
  public List<ArchiveTask.View> uploads() {
    return archive.tasks(ArchiveTask.Kind.UPLOAD);
  }

  @Operation(
      summary = "Read an upload",
      description = "An upload's state: RUNNING, DONE or FAILED with the reason.")
  @GET
  @Path("uploads/{id}")
  public ArchiveTask.View uploadState(@PathParam("id") String id) {
    return archive.task(id, ArchiveTask.Kind.UPLOAD);
  }

  @Operation(
      summary = "Read a record",
      description =
          "The WARC or ARC record starting at the offset, as stored (application/warc, or application/gzip for a gzip member; header X-Record-Type), or with part=payload what it captured, as a sandboxed download. An offset outside the file or not at a record start is 400 naming it.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The record or its payload",
        content =
            @Content(
                mediaType = "application/warc",
                schema = @Schema(type = SchemaType.STRING, format = "binary")))
  })
  @GET
  @Path("files/{name}/records/{offset}")
  @Produces(MediaType.WILDCARD)
  public Response record(
      @PathParam("name") String name,
      @PathParam("offset") String offset,
      @QueryParam("replica") String replica,
      @QueryParam("part") @DefaultValue("record") String part) {
    long at = offset(offset);
    boolean payload =
        switch (part.strip().toLowerCase(Locale.ROOT)) {
          case "record" -> false;
          case "payload" -> true;
          default ->
              throw new FieldProblem(
                  "part", "Query parameter 'part' must be record or payload, was '" + part + "'");
        };
    FetchedRecord record = archive.record(name, at, blankToNull(replica));
    try {
      Response.ResponseBuilder answer;
      if (payload) {
        RecordContent.Parsed parsed = RecordContent.read(record.bytes(), 0);
        answer =
            Response.ok(
                    (StreamingOutput)
                        out -> {
                          try (record) {
                            RecordContent.copyPayload(record.bytes(), out);
                          }
                        })
                .type(parsed.payloadType())
                // Archived pages are not run in the admin UI's origin: a download, sandboxed.
                .header(
                    "Content-Disposition",
                    "attachment; filename=\"" + safe(name) + "-" + at + ".payload\"")
                .header("Content-Security-Policy", "sandbox")
                .header("X-Content-Type-Options", "nosniff");
      } else {
        answer =
            Response.ok(
                    (StreamingOutput)
                        out -> {
                          try (record) {
                            Files.copy(record.bytes(), out);
                          }
                        })
                .type(isGzip(record.bytes()) ? "application/gzip" : "application/warc")
                .header("Content-Length", Files.size(record.bytes()))
                .header(
                    "Content-Disposition",
                    "attachment; filename=\"" + safe(name) + "-" + at + ".record\"");
      }
      return answer.header("X-Record-Type", record.recordType()).build();
    } catch (IOException | RuntimeException e) {
      record.close();
      if (e instanceof IOException io) {
        throw new IllegalArgumentException(
            "The record at offset " + at + " of '" + name + "' cannot be read: " + io.getMessage(),
            io);
      }
      throw (RuntimeException) e;
    }
  }

  @Operation(
      summary = "Download an archived file",
      description =
          "The whole file, or the byte range a Range header asks for (one range, bytes=first-last, first- or -suffix; 206 with Content-Range, 416 if the file has no such bytes). Served from a good copy in one of this server's replicas (UPLOAD_COMPLETED, not found corrupt), else fetched whole from any replica through the archive (header X-Replica names the replica). With replica=, from that replica. pywb and ReplayWeb.page read records by offset this way.")
  @FileBytes
  @GET
  @Path("files/{name}/content")
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  public Response content(
      @PathParam("name") String name,
      @QueryParam("replica") String replica,
      @HeaderParam("Range") String range) {
    String wanted = blankToNull(replica);
    java.util.Optional<ArchiveAdmin.LocalCopy> local =
        wanted == null ? admin.localCopy(name) : java.util.Optional.empty();
    if (local.isPresent()) {
      return ByteRanges.serve(
          local.get().path(),
          MediaType.APPLICATION_OCTET_STREAM,
          name,
          range,
          local.get().replica(),
          () -> {});
    }
    FetchedFile fetched = archive.wholeFile(name, wanted);
    try {
      return ByteRanges.serve(
          fetched.file(),
          MediaType.APPLICATION_OCTET_STREAM,
          name,
          range,
          fetched.replica(),
          fetched::close);
    } catch (RuntimeException e) {
      fetched.close();
      throw e;
    }
  }

  @Operation(
      summary = "Read an archived WARC file by name",
      description =
          "The same as GET /api/archive/files/{name}/content, Range included, at a path that ends in the file's name: the archive_paths prefix of a pywb collection (https://<server>/api/archive/warcs/).")
  @FileBytes
  @GET
  @Path("warcs/{name}")
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  public Response warc(@PathParam("name") String name, @HeaderParam("Range") String range) {
    return content(name, null, range);
  }

  @Operation(
      summary = "List batch jobs",
      description =
          "The batch jobs that can run on a replica: checksum (parameter algorithm), list, sizes, cdx, crawl-log, metadata-cdx.")
  @GET
  @Path("batch-jobs")
  public List<BatchJobView> batchJobs() {
    return batchJobList();
  }

  @Operation(
      summary = "Run a batch job",
      description =
          "Runs a batch job on the files of one replica whose names match filePattern (curator, admin); 202 with the run, which GET /api/archive/batches/{id} follows.")
  @APIResponseSchema(
      value = ArchiveTask.View.class,
      responseCode = "202",
      responseDescription = "The run, started")
  @POST
  @Path("batches")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed({"admin", "curator"})
  public Response runBatch(BatchRequestBody body) {
    if (body == null) {
      throw new IllegalArgumentException(
          "Send the batch job to run as JSON: {\"job\": \"cdx\", \"replica\": \"ONE\"}");
    }
    return accepted(
        "batches",
        archive.batch(
            blankToNull(body.job),
            body.parameters == null ? Map.of() : new TreeMap<>(body.parameters),
            blankToNull(body.filePattern),
            blankToNull(body.replica),
            user()));
  }

  @Operation(
      summary = "Ask the silent replicas of unfinished stores again",
      description =
          "Sends again the upload or checksum request of every replica (with a bitarchive instance sending heartbeats) whose part of an unfinished store has not changed for silentForSeconds (admin; at least 1, default NAS_ARCHIVE_ASK_AGAIN_AFTER_SECONDS), as the server itself does every 30 seconds with that default: a request lost on the way (dead-lettered by the broker, say) is sent again, and the answer to either request counts. At most 1000 stores at a time.")
  @POST
  @Path("stores/ask-again")
  @RolesAllowed("admin")
  public AskedAgain askAgain(@QueryParam("silentForSeconds") String silentForSeconds) {
    Long seconds = FieldProblem.wholeNumberOfAtLeastOne("silentForSeconds", silentForSeconds);
    Duration silentFor =
        seconds == null ? silentReplicas.askAgainAfter() : Duration.ofSeconds(seconds);
    return new AskedAgain(silentFor.toSeconds(), silentReplicas.askAgain(silentFor));
  }

  @Operation(
      summary = "List batch runs",
      description = "The last 100 batch runs since the server started.")
  @GET
  @Path("batches")
  public List<ArchiveTask.View> batches() {
    return archive.tasks(ArchiveTask.Kind.BATCH);
  }

  @Operation(
      summary = "Read a batch run",
      description = "A run's state, files processed and files failed.")
  @GET
  @Path("batches/{id}")
  public ArchiveTask.View batch(@PathParam("id") String id) {
    return archive.task(id, ArchiveTask.Kind.BATCH);
  }

  @Operation(
      summary = "Read a batch run's result",
      description = "The combined result of a finished run; 409 while it runs.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The combined result",
        content = @Content(mediaType = "text/plain", schema = @Schema(type = SchemaType.STRING)))
  })
  @GET
  @Path("batches/{id}/result")
  @Produces(MediaType.TEXT_PLAIN)
  public Response batchResult(@PathParam("id") String id) {
    ArchiveTask.View run = archive.task(id, ArchiveTask.Kind.BATCH);
    java.nio.file.Path result;
    try {
      result = archive.batchResult(id);
    } catch (IllegalStateException notReady) {
      return Problem.response(Response.Status.CONFLICT, notReady.getMessage());
    }
    return Response.ok(result.toFile())
        .type(MediaType.TEXT_PLAIN_TYPE.withCharset(StandardCharsets.UTF_8.name()))
        .header(
            "Content-Disposition",
            "attachment; filename=\"" + safe(run.subject()) + "-" + run.replica() + ".txt\"")
        .header(FileServer.SHA512_HEADER, run.sha512())
        .build();
  }

  private Response accepted(String collection, ArchiveTask.View task) {
    URI location = uri.getBaseUriBuilder().path("archive").path(collection).path(task.id()).build();
    return Response.accepted(task).location(location).build();
  }

  private String user() {
    return security.getUserPrincipal() == null ? null : security.getUserPrincipal().getName();
  }

  private static List<BatchJobView> batchJobList() {
    return BatchJobs.all().values().stream().map(ArchiveResource::view).toList();
  }

  private static BatchJobView view(BatchJob job) {
    return new BatchJobView(
        job.name(), job.description(), List.copyOf(new TreeSet<>(job.parameterNames())));
  }

  private static ReplicaStoreState state(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return ReplicaStoreState.valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new FieldProblem(
          "state",
          "Query parameter 'state' must be one of "
              + Arrays.toString(ReplicaStoreState.values())
              + ", was '"
              + text
              + "'");
    }
  }

  private static long offset(String text) {
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new FieldProblem(
          "offset", "Offset '" + text + "' is not a whole number of bytes from the file's start");
    }
  }

  private static boolean isGzip(java.nio.file.Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.read() == 0x1f && in.read() == 0x8b;
    }
  }

  /** A file name as it can stand in a Content-Disposition header. */
  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9._+-]", "_");
  }
}
