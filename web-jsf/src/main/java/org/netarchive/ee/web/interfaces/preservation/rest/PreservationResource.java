package org.netarchive.ee.web.interfaces.preservation.rest;

import static org.netarchive.ee.web.Inputs.blankToNull;

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
import jakarta.ws.rs.core.SecurityContext;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.archive.application.preservation.AuditRun;
import org.netarchive.ee.archive.application.preservation.Audits;
import org.netarchive.ee.archive.application.preservation.CopyCheck;
import org.netarchive.ee.archive.application.preservation.Decision;
import org.netarchive.ee.archive.application.preservation.LedgerEntry;
import org.netarchive.ee.archive.application.preservation.Preservation;
import org.netarchive.ee.archive.application.preservation.Preservation.FileRecord;
import org.netarchive.ee.archive.application.preservation.Preservation.ReplicaState;
import org.netarchive.ee.archive.application.preservation.PreservationSettings;
import org.netarchive.ee.archive.application.preservation.Repairs;
import org.netarchive.ee.archive.application.preservation.Repairs.Repaired;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords.ScheduleRow;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * Bit preservation: {@code /api/preservation}. Everyone logged in reads; admins start, pause and
 * resume audits, repair files, and change schedules and settings.
 *
 * <ul>
 *   <li>{@code GET /api/preservation} — per replica: files and bytes, copies not verified within
 *       the settings' days, copies by state, the last list and checksum audits, unfinished audits
 *   <li>{@code GET /api/preservation/audits?replica=ONE}, {@code GET .../audits/{id}} — audit runs
 *       with their progress and counts, newest first
 *   <li>{@code POST /api/preservation/audits} {@code {"replica": "ONE", "kind": "checksum"}} —
 *       starts an audit; 201 with the run
 *   <li>{@code POST /api/preservation/audits/{id}/pause}, {@code .../resume}
 *   <li>{@code GET /api/preservation/replicas/{replica}/copies?state=MISSING&page=0&size=50} — the
 *       copies the last audits found in a state
 *   <li>{@code GET /api/preservation/decisions?outcome=NO_MAJORITY} — the votes on files whose
 *       copies disagree
 *   <li>{@code GET /api/preservation/files/{name}} — a file's checks, vote and ledger history
 *   <li>{@code POST /api/preservation/files/{name}/repair} {@code {"reason": "..."}} — repairs its
 *       missing and corrupt copies (only if the vote made the archived checksum win)
 *   <li>{@code GET /api/preservation/ledger?file=&after=0&size=1000} (JSON) and {@code GET
 *       /api/preservation/ledger/csv} — the fixity ledger, in order
 *   <li>{@code GET /api/preservation/schedules}, {@code PUT .../schedules/{replica}/{kind}} {@code
 *       {"intervalHours": 24, "nextRunAt": "2026-12-01T02:00:00Z"}}
 *   <li>{@code GET /api/preservation/settings}, {@code PUT .../settings} {@code
 *       {"rateMegabytesPerSecond": 50, "autoRepair": false, "notVerifiedDays": 30}}
 * </ul>
 */
@Tag(
    name = "Preservation",
    description = "Audits of the replicas, the vote on disagreeing copies, repair, the ledger.")
@Path("preservation")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class PreservationResource {

  /** A request to start an audit. */
  public static class AuditRequest {
    public String replica;
    public String kind;
  }

  /** A request to repair a file. */
  public static class RepairRequest {
    public String reason;
  }

  /** A schedule change. */
  public static class ScheduleRequest {
    public Integer intervalHours;
    public Instant nextRunAt;
  }

  /** A settings change; members left out keep their value. */
  public static class SettingsRequest {
    public Long rateMegabytesPerSecond;
    public Boolean autoRepair;
    public Integer notVerifiedDays;
  }

  @EJB private Preservation preservation;
  @EJB private Audits audits;
  @EJB private Repairs repairs;
  @EJB private PreservationSettings settings;
  @Context private SecurityContext security;

  @Operation(
      summary = "The replicas' preservation state",
      description =
          "Per replica: files and bytes held, copies not verified within notVerifiedDays, copies by the state the last audits found (OK, MISSING, CORRUPT, UNKNOWN_FILE), the last list and checksum audits and the unfinished ones.")
  @GET
  public List<ReplicaState> overview() {
    return preservation.replicas();
  }

  @Operation(
      summary = "List audit runs",
      description = "Audit runs newest first, of one replica if given, with progress and counts.")
  @GET
  @Path("audits")
  public List<AuditRun> runs(
      @QueryParam("replica") String replica, @QueryParam("size") @DefaultValue("50") int size) {
    return audits.latest(blankToNull(replica), pageSize(size));
  }

  @Operation(summary = "One audit run", description = "An audit run with progress and counts.")
  @GET
  @Path("audits/{id}")
  public AuditRun run(@PathParam("id") long id) {
    return audits.run(id);
  }

  @Operation(
      summary = "Start an audit",
      description =
          "Starts a file-list (kind list) or checksum (kind checksum) audit of a replica (admin); 409 if one of that kind of the replica is unfinished.")
  @APIResponseSchema(
      value = AuditRun.class,
      responseCode = "201",
      responseDescription = "The run, started")
  @POST
  @Path("audits")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  public Response start(AuditRequest request) {
    FieldProblem.required("body", request);
    FieldProblem.required("replica", request.replica);
    FieldProblem.required("kind", request.kind);
    AuditKind kind;
    try {
      kind = AuditKind.parse(request.kind);
    } catch (IllegalArgumentException e) {
      throw new FieldProblem("kind", e.getMessage());
    }
    AuditRun run = audits.start(request.replica, kind, user());
    return Response.status(Response.Status.CREATED)
        .header("Location", "/api/preservation/audits/" + run.id())
        .entity(run)
        .build();
  }

  @Operation(
      summary = "Pause an audit",
      description =
          "Stops a running audit after the chunk in progress (admin); it resumes where it stopped.")
  @POST
  @Path("audits/{id}/pause")
  @RolesAllowed("admin")
  public AuditRun pause(@PathParam("id") long id) {
    return audits.pause(id, user());
  }

  @Operation(
      summary = "Resume an audit",
      description = "Resumes a paused audit after the last file it checked (admin).")
  @POST
  @Path("audits/{id}/resume")
  @RolesAllowed("admin")
  public AuditRun resume(@PathParam("id") long id) {
    return audits.resume(id, user());
  }

  @Operation(
      summary = "Copies in a state",
      description =
          "The copies of a replica the last audits found in a state (OK, MISSING, CORRUPT, UNKNOWN_FILE), by file name; paged (page from 0, size 1 to 1000).")
  @GET
  @Path("replicas/{replica}/copies")
  public List<CopyCheck> copies(
      @PathParam("replica") String replica,
      @QueryParam("state") @DefaultValue("MISSING") String state,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    CopyState copyState;
    try {
      copyState = CopyState.valueOf(state.strip().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new FieldProblem(
          "state",
          "State '" + state + "' is unknown; the states are OK, MISSING, CORRUPT, UNKNOWN_FILE");
    }
    if (page < 0) {
      throw new FieldProblem("page", "page must be 0 or more, was " + page);
    }
    int max = pageSize(size);
    return preservation.copies(replica, copyState, page * max, max);
  }

  @Operation(
      summary = "Votes on disagreeing copies",
      description =
          "Files whose copies disagree, with the vote: REPAIRABLE (the archived checksum won), NO_MAJORITY or DISPUTES_ARCHIVED (a person decides), REPAIRED; of one outcome if given.")
  @GET
  @Path("decisions")
  public List<Decision> decisions(
      @QueryParam("outcome") String outcome, @QueryParam("size") @DefaultValue("1000") int size) {
    return preservation.decisions(blankToNull(outcome), pageSize(size));
  }

  @Operation(
      summary = "A file's preservation record",
      description =
          "What the last audits found about each replica's copy, the vote if its copies disagreed, and its ledger history.")
  @GET
  @Path("files/{name}")
  public FileRecord file(@PathParam("name") String name) {
    return preservation.file(name);
  }

  @Operation(
      summary = "Repair a file",
      description =
          "Repairs the missing and corrupt copies of a file whose vote made the archived checksum win (admin; a reason is required and recorded): a corrupt copy is removed by the credentialed correction and kept in the attic, a good copy is stored again, and each repaired copy is verified from its replica's disk. 409 if the vote leaves the file to a person or a step is refused.")
  @POST
  @Path("files/{name}/repair")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  public Repaired repair(@PathParam("name") String name, RepairRequest request) {
    FieldProblem.required("body", request);
    if (request.reason == null || request.reason.isBlank()) {
      throw new FieldProblem("reason", "A repair needs a reason, for the fixity ledger");
    }
    return repairs.repair(name, user(), request.reason.strip());
  }

  @Operation(
      summary = "The fixity ledger",
      description =
          "Ledger entries in order after entry number after (default 0), of one file if given; at most size (1 to 10000).")
  @GET
  @Path("ledger")
  public List<LedgerEntry> ledger(
      @QueryParam("file") String file,
      @QueryParam("after") @DefaultValue("0") long after,
      @QueryParam("size") @DefaultValue("1000") int size) {
    return preservation.ledger(blankToNull(file), after, ledgerSize(size));
  }

  @Operation(
      summary = "The fixity ledger as CSV",
      description =
          "As GET /api/preservation/ledger, as CSV (RFC 4180) with a header line: id, recordedAt, event, actor, runId, fileName, replica, expectedSha512, foundSha512, detail.")
  @GET
  @Path("ledger/csv")
  @Produces("text/csv")
  public String ledgerCsv(
      @QueryParam("file") String file,
      @QueryParam("after") @DefaultValue("0") long after,
      @QueryParam("size") @DefaultValue("10000") int size) {
    StringBuilder csv =
        new StringBuilder(
            "id,recordedAt,event,actor,runId,fileName,replica,expectedSha512,foundSha512,detail\r\n");
    for (LedgerEntry e : preservation.ledger(blankToNull(file), after, ledgerSize(size))) {
      csv.append(e.id())
          .append(',')
          .append(e.recordedAt())
          .append(',')
          .append(cell(e.event()))
          .append(',')
          .append(cell(e.actor()))
          .append(',')
          .append(e.runId() == null ? "" : e.runId())
          .append(',')
          .append(cell(e.fileName()))
          .append(',')
          .append(cell(e.replica()))
          .append(',')
          .append(cell(e.expectedSha512()))
          .append(',')
          .append(cell(e.foundSha512()))
          .append(',')
          .append(cell(e.detail()))
          .append("\r\n");
    }
    return csv.toString();
  }

  @Operation(
      summary = "The audit schedules",
      description =
          "Per replica and kind: every intervalHours (0: never) and the next run; by default the list daily and checksums every 30 days.")
  @GET
  @Path("schedules")
  public List<ScheduleRow> schedules() {
    return audits.schedules();
  }

  @Operation(
      summary = "Change an audit schedule",
      description =
          "Sets how often a replica's list or checksum audit runs (intervalHours, 0 for never) and when next (nextRunAt; default one interval from now) (admin).")
  @PUT
  @Path("schedules/{replica}/{kind}")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  public ScheduleRow schedule(
      @PathParam("replica") String replica,
      @PathParam("kind") String kind,
      ScheduleRequest request) {
    FieldProblem.required("body", request);
    FieldProblem.required("intervalHours", request.intervalHours);
    return audits.schedule(
        replica, AuditKind.parse(kind), request.intervalHours, request.nextRunAt);
  }

  @Operation(
      summary = "The preservation settings",
      description =
          "rateMegabytesPerSecond (the audits' read rate limit, 0 for none), autoRepair (repair unambiguous cases after an audit; off by default), notVerifiedDays.")
  @GET
  @Path("settings")
  public PreservationSettings.Values settings() {
    return settings.values();
  }

  @Operation(
      summary = "Change the preservation settings",
      description = "Changes the settings the body names (admin); a bad value is 400 naming it.")
  @PUT
  @Path("settings")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  public PreservationSettings.Values changeSettings(SettingsRequest request) {
    FieldProblem.required("body", request);
    return settings.change(
        request.rateMegabytesPerSecond, request.autoRepair, request.notVerifiedDays);
  }

  private String user() {
    return security.getUserPrincipal().getName();
  }

  private static int pageSize(int size) {
    if (size < 1 || size > 1000) {
      throw new FieldProblem("size", "size must be 1 to 1000, was " + size);
    }
    return size;
  }

  private static int ledgerSize(int size) {
    if (size < 1 || size > 10_000) {
      throw new FieldProblem("size", "size must be 1 to 10000, was " + size);
    }
    return size;
  }

  /** A CSV cell, quoted when it needs to be. */
  static String cell(String value) {
    if (value == null) {
      return "";
    }
    if (value.contains(",")
        || value.contains("\"")
        || value.contains("\n")
        || value.contains("\r")) {
      return "\"" + value.replace("\"", "\"\"") + "\"";
    }
    return value;
  }
}
