package org.netarchive.ee.web.interfaces.jobs.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
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
import java.util.List;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.archive.application.JobCrawlLogs.Preparation;
import org.netarchive.ee.archive.domain.model.qa.CrawlLogEntry;
import org.netarchive.ee.archive.domain.model.qa.CrawlLogFilter;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.DomainFigures;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.SeedOutcome;
import org.netarchive.ee.archive.domain.model.qa.MissingUrls.Comparison;
import org.netarchive.ee.archive.domain.model.qa.MissingUrls.Missing;
import org.netarchive.ee.web.interfaces.jobs.qa.JobQaViews;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;
import org.netarchive.ee.web.interfaces.rest.Problem;

/**
 * A job's QA views, made from the crawl.log in its metadata WARC in the archive. The first request
 * for a job starts indexing its crawl.log and is answered {@code 202} with the state ({@code
 * PREPARING}, lines indexed so far); ask again until {@code 200}. A job whose metadata the archive
 * does not hold is {@code 404}, saying so.
 *
 * <ul>
 *   <li>{@code GET /api/jobs/{id}/qa} — the state of the job's QA data (200 whatever the state)
 *   <li>{@code GET /api/jobs/{id}/crawl-log?url=*.png&status=2xx,-6&mime=image/*&domain=kb.dk
 *       &offset=0&limit=100} — the crawl.log lines that match every filter given, in URL order,
 *       with how many match; {@code url} is a pattern ({@code *} for any characters; without {@code
 *       *} the URLs that contain it)
 *   <li>{@code GET /api/jobs/{id}/seeds-report} — each seed's last status, what it means, and
 *       whether it failed
 *   <li>{@code GET /api/jobs/{id}/domains} — per domain: lines, captures, bytes, lines per status
 *       and per MIME type
 *   <li>{@code GET /api/jobs/{id}/domains/{domain}/missing-since-previous?previous=&offset=&limit=}
 *       — the URLs the domain's previous harvest (from its harvest history, or the job named in
 *       {@code previous}) captured and this job did not, with what this job got instead
 * </ul>
 */
@Tag(name = "Jobs", description = "Crawl jobs, their progress and the harvest runs that made them.")
@Path("jobs")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class JobQaResource {

  /** The most lines or URLs in one page. */
  static final int MAX_LIMIT = 1000;

  @Inject private JobQaViews qa;

  /**
   * The 202 answer of an operation that reads a job's QA data through {@link #ready}: the data is
   * being prepared. Written once for the OpenAPI document, which reads the {@link APIResponse} this
   * annotation carries as if it stood on the method, beside the method's own {@link APIResponses}.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @APIResponse(
      responseCode = "202",
      description = "The job's crawl.log is being prepared; ask again",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = Preparation.class)))
  @interface WhilePreparing {}

  /**
   * A page of crawl.log lines.
   *
   * @param jobId the job
   * @param total how many lines match
   * @param offset where the page starts
   * @param limit the most lines asked for
   * @param lines the lines
   */
  public record CrawlLogPage(
      long jobId, long total, long offset, int limit, List<CrawlLogEntry> lines) {}

  /**
   * The seeds report.
   *
   * @param jobId the job
   * @param seeds the seeds in the crawl.log, by URL
   * @param failed how many failed
   */
  public record SeedsReport(long jobId, List<SeedOutcome> seeds, long failed) {}

  /**
   * The figures per domain.
   *
   * @param jobId the job
   * @param lines all crawl.log lines
   * @param domains each domain's figures, by name
   */
  public record Domains(long jobId, long lines, List<DomainFigures> domains) {}

  /**
   * URLs a domain's previous harvest captured that this job did not.
   *
   * @param jobId this job
   * @param previousJobId the job compared with
   * @param domain the domain
   * @param previousCaptured URLs the previous job captured
   * @param currentCaptured URLs this job captured
   * @param total how many URLs this job lacks
   * @param offset where the page starts
   * @param missing the page of them, by URL
   */
  public record MissingSincePrevious(
      long jobId,
      long previousJobId,
      String domain,
      long previousCaptured,
      long currentCaptured,
      long total,
      long offset,
      List<Missing> missing) {}

  @Operation(
      summary = "State of a job's QA data",
      description =
          "READY, PREPARING (with lines indexed so far), NO_METADATA or FAILED; asking starts the preparation.")
  @GET
  @Path("{id}/qa")
  public Preparation state(@PathParam("id") long id) {
    return qa.prepare(id);
  }

  @Operation(
      summary = "Search a job's crawl.log",
      description =
          "The crawl.log lines matching every filter given (url: pattern, * for any characters, without * the URLs containing it; status: codes and classes like 200,4xx,-6; mime: text/html or image/*; domain: kb.dk), in URL order, paged (offset from 0, limit 1 to 1000, default 100), with the total. 202 while the job's crawl.log is being prepared, 404 if the archive holds no metadata of the job.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The matching lines and their number",
        content =
            @Content(
                mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = CrawlLogPage.class)))
  })
  @WhilePreparing
  @GET
  @Path("{id}/crawl-log")
  public Response crawlLog(
      @PathParam("id") long id,
      @QueryParam("url") String url,
      @QueryParam("status") String status,
      @QueryParam("mime") String mime,
      @QueryParam("domain") String domain,
      @QueryParam("offset") String offset,
      @QueryParam("limit") String limit) {
    FieldProblem.check("url", () -> CrawlLogFilter.parse(url, null, null, null));
    FieldProblem.check("status", () -> CrawlLogFilter.parse(null, status, null, null));
    FieldProblem.check("mime", () -> CrawlLogFilter.parse(null, null, mime, null));
    CrawlLogFilter filter =
        FieldProblem.check("domain", () -> CrawlLogFilter.parse(url, status, mime, domain(domain)));
    long from = number("offset", offset, 0, Long.MAX_VALUE, 0);
    int size = (int) number("limit", limit, 1, MAX_LIMIT, 100);
    return ready(
        id,
        log -> {
          JobCrawlLog.Page page = log.search(filter, from, size);
          return new CrawlLogPage(id, page.total(), page.offset(), size, page.entries());
        });
  }

  @Operation(
      summary = "A job's seeds report",
      description =
          "Each seed in the job's crawl.log with its last status, what that means and whether it failed (no response, 4xx or 5xx).")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The seeds report",
        content =
            @Content(
                mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = SeedsReport.class)))
  })
  @WhilePreparing
  @GET
  @Path("{id}/seeds-report")
  public Response seedsReport(@PathParam("id") long id) {
    return ready(
        id,
        log ->
            new SeedsReport(
                id, log.seeds(), log.seeds().stream().filter(SeedOutcome::failed).count()));
  }

  @Operation(
      summary = "A job's figures per domain",
      description =
          "Per domain: crawl.log lines, captures (2xx, 3xx), bytes, and lines per status code and per MIME type.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The figures per domain",
        content =
            @Content(
                mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = Domains.class)))
  })
  @WhilePreparing
  @GET
  @Path("{id}/domains")
  public Response domains(@PathParam("id") long id) {
    return ready(id, log -> new Domains(id, log.lines(), log.domains()));
  }

  @Operation(
      summary = "URLs the previous harvest of a domain had that this job lacks",
      description =
          "The URLs of the domain that its previous harvest (the job before this one in the domain's harvest history, or the job given in 'previous') captured with a 2xx or 3xx response and this job did not, with this job's status for each if it has one. Paged (offset, limit 1 to 1000, default 100).")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The URLs this job lacks",
        content =
            @Content(
                mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = MissingSincePrevious.class)))
  })
  @WhilePreparing
  @GET
  @Path("{id}/domains/{domain}/missing-since-previous")
  public Response missingSincePrevious(
      @PathParam("id") long id,
      @PathParam("domain") String domain,
      @QueryParam("previous") String previous,
      @QueryParam("offset") String offset,
      @QueryParam("limit") String limit) {
    String d = domain(domain);
    long from = number("offset", offset, 0, Long.MAX_VALUE, 0);
    int size = (int) number("limit", limit, 1, MAX_LIMIT, 100);
    long before =
        previous == null || previous.isBlank()
            ? qa.previousJob(id, d)
            : number("previous", previous, 1, Long.MAX_VALUE, 0);
    Response notReady = notReady(qa.prepare(before));
    if (notReady != null) {
      return notReady;
    }
    return ready(
        id,
        log -> {
          Comparison c = qa.compare(before, id, d);
          List<Missing> page =
              c.missing().stream().skip(Math.min(from, c.missing().size())).limit(size).toList();
          return new MissingSincePrevious(
              id,
              before,
              d,
              c.previousCaptured(),
              c.currentCaptured(),
              c.missing().size(),
              from,
              page);
        });
  }

  private Response ready(long id, Function<JobCrawlLog, Object> answer) {
    Response notReady = notReady(qa.prepare(id));
    return notReady != null ? notReady : Response.ok(qa.read(id, answer)).build();
  }

  /** The answer for a job whose QA data is not ready, or null if it is. */
  static Response notReady(Preparation p) {
    return switch (p.state()) {
      case READY -> null;
      case PREPARING -> Response.accepted(p).header("Retry-After", "2").build();
      case NO_METADATA -> Problem.response(Response.Status.NOT_FOUND, p.detail());
      case FAILED -> Problem.response(Response.Status.INTERNAL_SERVER_ERROR, p.detail());
    };
  }

  private static String domain(String domain) {
    return JobQaViews.domainKey(domain);
  }

  private static long number(String name, String text, long min, long max, long absent) {
    if (text == null || text.isBlank()) {
      return absent;
    }
    try {
      long n = Long.parseLong(text.strip());
      if (n < min || n > max) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new FieldProblem(
          name,
          "Query parameter '"
              + name
              + "' must be a whole number"
              + (max == Long.MAX_VALUE ? " from " + min : " from " + min + " to " + max)
              + ", was '"
              + text
              + "'");
    }
  }
}
