package org.netarchive.ee.web.interfaces.jobs.rest;

import static org.netarchive.ee.web.Inputs.blankToNull;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.fleet.AgentFleet;
import org.netarchive.ee.scheduler.application.fleet.FleetCommandView;
import org.netarchive.ee.scheduler.application.job.JobFilter;
import org.netarchive.ee.scheduler.application.job.JobService;
import org.netarchive.ee.scheduler.application.job.JobViews.HarvestRunView;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDetails;
import org.netarchive.ee.scheduler.application.job.JobViews.JobSummary;
import org.netarchive.ee.scheduler.application.job.JobViews.StatusCount;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.web.interfaces.replay.WaczBuild;
import org.netarchive.ee.web.interfaces.replay.WaczConflict;
import org.netarchive.ee.web.interfaces.replay.WaczExports;
import org.netarchive.ee.web.interfaces.rest.ByteRanges;

/**
 * Crawl jobs: {@code /api/jobs}. Viewers read; curators and admins resubmit failed jobs.
 *
 * <ul>
 *   <li>{@code GET /api/jobs?status=FAILED&harvest=Nightly&run=3&channel=HIGHPRIORITY
 *       &from=2026-11-01T00:00:00Z&to=...&page=0&size=50} — jobs, newest first; every filter is
 *       optional; a filtered list is counted up to 10,000 jobs past the page asked for ({@code
 *       totalIsLowerBound} says the list has at least {@code total} jobs)
 *   <li>{@code GET /api/jobs/running} — STARTED jobs with their last progress
 *   <li>{@code GET /api/jobs/overview} — jobs per status (counted up to 10,000; {@code atLeast}
 *       names the statuses with more), and the channels whose jobs wait because no agent serves
 *       them
 *   <li>{@code GET /api/jobs/runs?harvest=Nightly} — the runs of a harvest that were split, with
 *       how many configurations and jobs each made
 *   <li>{@code GET /api/jobs/{id}?page=0&size=100} — one job: template, limits, crawler traps,
 *       errors, and a page of its domains with seeds, limits and (when finished) objects, bytes and
 *       stop reason
 *   <li>{@code GET /api/jobs/{id}/wacz/progress}, {@code GET
 *       /api/jobs/runs/{harvest}/{run}/wacz/progress} — the WACZ export of a job or of a harvest
 *       run: starts building it unless it is cached, and answers its state and progress
 *   <li>{@code GET /api/jobs/{id}/wacz} (also {@code .../wacz/job-{id}.wacz}), {@code GET
 *       /api/jobs/runs/{harvest}/{run}/wacz} — the WACZ once READY, honouring {@code Range}; before
 *       that 202 with its progress
 *   <li>{@code POST /api/jobs/{id}/resubmit} — a FAILED job is sent again as a new job (answered
 *       with the new job); the old one becomes RESUBMITTED and links to it
 *   <li>{@code POST /api/jobs/{id}/stop} — stops the crawl of a STARTED job (answered with the
 *       command sent to its agent); the agent stores what was crawled and the job ends FAILED,
 *       saying who stopped it. A job not running anywhere (NEW, SUBMITTED, ended) is 409
 * </ul>
 */
@Tag(name = "Jobs", description = "Crawl jobs, their progress and the harvest runs that made them.")
@Path("jobs")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class JobResource {

  /** The media type of a WACZ file (a ZIP). */
  static final String WACZ = "application/wacz";

  /**
   * The 200 answer of an operation that serves a WACZ through {@link #download}, written once for
   * the OpenAPI document (SmallRye OpenAPI reads the {@link APIResponse} this annotation carries as
   * if it stood on the method).
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @APIResponse(
      responseCode = "200",
      description = "The WACZ",
      content =
          @Content(mediaType = WACZ, schema = @Schema(type = SchemaType.STRING, format = "binary")))
  @interface WaczDownload {}

  @EJB private JobService jobs;
  @EJB private AgentFleet fleet;
  @Inject private WaczExports wacz;

  /**
   * Jobs per status and the channels no agent serves.
   *
   * @param byStatus how many jobs have each status, counted up to {@link JobService#COUNT_REACH}
   * @param atLeast the statuses whose count stopped there: at least that many jobs have them
   * @param channelsWithoutAgents channels with waiting jobs and no agent serving them
   */
  public record Overview(
      Map<String, Long> byStatus, List<String> atLeast, List<String> channelsWithoutAgents) {}

  @Operation(
      summary = "List crawl jobs",
      description =
          "Crawl jobs, newest first; every filter optional. A filtered list is counted up to 10,000 jobs past the page (totalIsLowerBound). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  public Page<JobSummary> list(
      @QueryParam("status") String status,
      @QueryParam("harvest") String harvest,
      @QueryParam("run") Integer run,
      @QueryParam("channel") String channel,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    if (run != null && harvest == null) {
      throw new IllegalArgumentException("Query parameter 'run' needs 'harvest' as well");
    }
    return jobs.list(
        new JobFilter(
            status(status),
            blankToNull(harvest),
            run,
            blankToNull(channel),
            instant("from", from),
            instant("to", to)),
        page,
        size);
  }

  @Operation(
      summary = "List running jobs",
      description = "STARTED jobs with their last progress report.")
  @GET
  @Path("running")
  public List<JobSummary> running() {
    return jobs.running();
  }

  @Operation(
      summary = "Count jobs",
      description =
          "Jobs per status (each counted up to 10,000), and the channels whose jobs wait because no harvester agent serves them.")
  @GET
  @Path("overview")
  public Overview overview() {
    Map<String, Long> byStatus = new LinkedHashMap<>();
    List<String> atLeast = new ArrayList<>();
    for (StatusCount count : jobs.countsByStatus()) {
      byStatus.put(count.status(), count.count());
      if (count.atLeast()) {
        atLeast.add(count.status());
      }
    }
    return new Overview(byStatus, atLeast, jobs.channelsWithoutAgents());
  }

  @Operation(
      summary = "List harvest runs",
      description =
          "The runs of a harvest that were split: status, configurations estimated and placed, jobs made, failure.")
  @GET
  @Path("runs")
  public List<HarvestRunView> runs(@QueryParam("harvest") String harvest) {
    if (harvest == null || harvest.isBlank()) {
      throw new IllegalArgumentException("Query parameter 'harvest' is required");
    }
    return jobs.runs(harvest);
  }

  @Operation(
      summary = "Read a crawl job",
      description =
          "One job: template and version, limits, crawler traps, errors, and a page of its domains. Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  @Path("{id}")
  public JobDetails get(
      @PathParam("id") long id,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("100") int size) {
    return jobs.details(id, page, size);
  }

  @Operation(
      summary = "Resubmit a failed job",
      description =
          "Sends a FAILED job again as a new job (curator, admin); the old one becomes RESUBMITTED and links to it. Any other status is 409.")
  @POST
  @Path("{id}/resubmit")
  @RolesAllowed({"admin", "curator"})
  public JobSummary resubmit(@PathParam("id") long id) {
    return jobs.resubmit(id);
  }

  @Operation(
      summary = "Stop a running job",
      description =
          "Sends the agent crawling a STARTED job the command to stop it (curator, admin), answered with the command (GET /api/agents/commands follows it). The agent terminates the crawl, stores what it crawled and reports the job FAILED with a harvest error naming who stopped it. A job that is not running (NEW, SUBMITTED: no agent has taken it; or ended) is 409.")
  @POST
  @Path("{id}/stop")
  @RolesAllowed({"admin", "curator"})
  public FleetCommandView stop(@PathParam("id") long id) {
    return fleet.stopJob(id);
  }

  @Operation(
      summary = "Follow a job's WACZ export",
      description =
          "Starts building the WACZ of an ended job unless it is cached and up to date, and answers its state (BUILDING, READY, FAILED) and progress; a job that has not ended is 409.")
  @GET
  @Path("{id}/wacz/progress")
  public WaczBuild.View waczProgress(@PathParam("id") long id) {
    return wacz.request(wacz.job(id));
  }

  @Operation(
      summary = "Download a job's WACZ",
      description =
          "The WACZ 1.1.1 of an ended job (its WARC files stored, a sorted CDXJ index, its seeds as pages, datapackage.json with SHA-256 digests), honouring Range; 202 with its progress while it is built.")
  @WaczDownload
  @GET
  @Path("{id}/wacz")
  @Produces({WACZ, MediaType.APPLICATION_JSON})
  public Response waczOfJob(@PathParam("id") long id, @HeaderParam("Range") String range) {
    return download(wacz.job(id), range);
  }

  @Operation(
      summary = "Download a job's WACZ under its file name",
      description =
          "The same as /api/jobs/{id}/wacz, at an address ending in the file's name (job-{id}.wacz), which replay engines go by.")
  @WaczDownload
  @GET
  @Path("{id}/wacz/{file}")
  @Produces({WACZ, MediaType.APPLICATION_JSON})
  public Response waczOfJobByName(
      @PathParam("id") long id,
      @PathParam("file") String file,
      @HeaderParam("Range") String range) {
    WaczExports.OfJob subject = wacz.job(id);
    if (!subject.fileName().equals(file)) {
      throw new org.netarchive.ee.scheduler.application.domain.NotFoundException(
          "Job " + id + "'s WACZ is named '" + subject.fileName() + "', not '" + file + "'");
    }
    return download(subject, range);
  }

  @Operation(
      summary = "Follow a harvest run's WACZ export",
      description =
          "Starts building the WACZ of the jobs of one run of a harvest (all ended) unless it is cached, and answers its state and progress.")
  @GET
  @Path("runs/{harvest}/{run}/wacz/progress")
  public WaczBuild.View runWaczProgress(
      @PathParam("harvest") String harvest, @PathParam("run") int run) {
    return wacz.request(wacz.run(harvest, run));
  }

  @Operation(
      summary = "Download a harvest run's WACZ",
      description =
          "The WACZ of the jobs of one run of a harvest, honouring Range; 202 with its progress while it is built.")
  @WaczDownload
  @GET
  @Path("runs/{harvest}/{run}/wacz")
  @Produces({WACZ, MediaType.APPLICATION_JSON})
  public Response runWacz(
      @PathParam("harvest") String harvest,
      @PathParam("run") int run,
      @HeaderParam("Range") String range) {
    return download(wacz.run(harvest, run), range);
  }

  private Response download(WaczExports.Subject subject, String range) {
    WaczBuild.View build = wacz.request(subject);
    if (build.state() == WaczBuild.State.BUILDING) {
      return Response.accepted(build)
          .type(MediaType.APPLICATION_JSON)
          .header("Retry-After", 2)
          .build();
    }
    if (build.state() == WaczBuild.State.FAILED) {
      throw new WaczConflict(
          "The WACZ of " + subject.title() + " could not be built: " + build.failure());
    }
    return ByteRanges.serve(
        wacz.readyFile(subject), WACZ, subject.fileName(), range, null, () -> {});
  }

  private static JobStatus status(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return JobStatus.valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Query parameter 'status' must be one of "
              + List.of(JobStatus.values())
              + ", was '"
              + text
              + "'");
    }
  }

  private static Instant instant(String name, String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(text.strip());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "Query parameter '"
              + name
              + "' must be a time like 2026-11-21T10:00:00Z, was '"
              + text
              + "'");
    }
  }
}
