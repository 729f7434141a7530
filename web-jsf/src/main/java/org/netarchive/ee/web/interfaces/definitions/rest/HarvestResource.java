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
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.sql.SQLException;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.batch.application.HarvestSeedAddition;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Added;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Outcome;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Started;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestSettings;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;
import org.netarchive.ee.web.interfaces.rest.Problem;

/**
 * Harvest definitions: {@code /api/harvests}. A selective harvest harvests chosen domain
 * configurations on a schedule; a snapshot harvest harvests every domain once, within per-domain
 * limits. Viewers read; curators and admins create, change, activate and deactivate them. Changes
 * carry the {@code version} they were made on and are refused with 409 when it is stale; refused
 * input is answered with 400 naming the field.
 *
 * <ul>
 *   <li>{@code GET /api/harvests?kind=SELECTIVE&name=Elect*&page=0&size=50} — paged list, name glob
 *       filter, either kind (without {@code kind}, both); selective ones with their {@code
 *       configurationCount}
 *   <li>{@code GET /api/harvests/{name}?page=0&size=50} — one harvest; a selective one with a page
 *       of its {@code configurations} (domain and configuration), by domain name
 *   <li>{@code POST /api/harvests/selective} {@code {"name": "Election 2026", "channel":
 *       "HIGHPRIORITY", "schedule": "Daily", "comments": "...", "audience": "..."}} — create an
 *       inactive selective harvest (201); without a channel it gets the default selective one
 *   <li>{@code POST /api/harvests/snapshot} {@code {"name": "Snapshot 2026", "maxObjectsPerDomain":
 *       -1, "maxBytesPerDomain": 50000000, "maxJobRunningSeconds": 86400, "continueFrom": "Snapshot
 *       2025"}} — create an inactive snapshot harvest (201); absent limits take the defaults
 *   <li>{@code PUT /api/harvests/{name}} — the fields of its kind and {@code version}: an absent
 *       field keeps its value, an empty text removes comments, audience, schedule or continueFrom;
 *       a new {@code name} renames it
 *   <li>{@code POST /api/harvests/{name}/seeds?template=...&maxObjects=...&maxBytes=...} with one
 *       seed per line as a {@code text/plain} body ({@code maxRequestRate}: most requests per
 *       minute to each domain, default 60) — sorts the seeds by domain, creates unknown domains,
 *       gives each domain a seed list and configuration named after the harvest and adds them to
 *       it. Up to 1,000 lines: answers (200) what was created and added, and each refused seed or
 *       domain with the reason. A longer list is added by a batch job: 202 with its {@code
 *       executionId} and a Location to follow
 *   <li>{@code GET /api/harvests/{name}/seeds/{executionId}} — that job's status, progress, counts
 *       and first refused lines
 *   <li>{@code POST /api/harvests/{name}/configurations} {@code {"domain": "kb.dk",
 *       "configuration": "defaultconfig"}} — harvest one of a domain's configurations (its default
 *       one without {@code configuration})
 *   <li>{@code POST /api/harvests/{name}/activate}, {@code .../deactivate} — a selective harvest
 *       needs configurations and a schedule to be activated, and then has its {@code nextDate}
 * </ul>
 */
@Tag(name = "Harvests", description = "Selective and snapshot harvest definitions.")
@Path("harvests")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class HarvestResource {

  @EJB private HarvestService harvests;
  @EJB private HarvestSeedAddition seedAddition;

  /**
   * Create or change a harvest: the fields of its kind; for a change also {@code version}.
   *
   * @param schedule selective only
   * @param maxObjectsPerDomain snapshot only
   * @param maxBytesPerDomain snapshot only
   * @param maxJobRunningSeconds snapshot only
   * @param continueFrom snapshot only
   */
  public record HarvestRequest(
      String name,
      String channel,
      String comments,
      String audience,
      String schedule,
      Long maxObjectsPerDomain,
      Long maxBytesPerDomain,
      Long maxJobRunningSeconds,
      String continueFrom,
      Integer version) {

    HarvestSettings settings() {
      return new HarvestSettings(
          name,
          channel,
          comments,
          audience,
          schedule,
          maxObjectsPerDomain,
          maxBytesPerDomain,
          maxJobRunningSeconds,
          continueFrom);
    }
  }

  /** A domain configuration to harvest; without {@code configuration} the domain's default. */
  public record ConfigurationChoice(String domain, String configuration) {}

  @Operation(
      summary = "List harvest definitions",
      description =
          "Harvest definitions of one or both kinds; selective ones with their number of configurations. The name filter is a glob (* and ?, any case). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  public Page<HarvestView> list(
      @QueryParam("kind") String kind,
      @QueryParam("name") String nameGlob,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return harvests.list(Kinds.parse("kind", kind), nameGlob, page, size);
  }

  @Operation(
      summary = "Read a harvest definition",
      description =
          "One harvest; a selective one with a page of its configurations (domain, configuration). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  @Path("{name}")
  public HarvestView get(
      @PathParam("name") String name,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return harvests.get(name, page, size);
  }

  @Operation(
      summary = "Create a selective harvest",
      description =
          "A new inactive selective harvest (curator, admin); without channel the default selective one.")
  @APIResponseSchema(
      value = HarvestView.class,
      responseCode = "201",
      responseDescription = "The harvest, created")
  @POST
  @Path("selective")
  @RolesAllowed({"admin", "curator"})
  public Response createSelective(HarvestRequest request, @Context UriInfo uri) {
    return create(request, uri, harvests::createSelective);
  }

  @Operation(
      summary = "Create a snapshot harvest",
      description =
          "A new inactive snapshot harvest (curator, admin); absent limits take the defaults (-1: no limit).")
  @APIResponseSchema(
      value = HarvestView.class,
      responseCode = "201",
      responseDescription = "The harvest, created")
  @POST
  @Path("snapshot")
  @RolesAllowed({"admin", "curator"})
  public Response createSnapshot(HarvestRequest request, @Context UriInfo uri) {
    return create(request, uri, harvests::createSnapshot);
  }

  @Operation(
      summary = "Change a harvest definition",
      description =
          "Changes the members of its kind the body gives (curator, admin); absent ones keep their value, an empty text removes comments, audience, schedule or continueFrom, a new name renames it. A stale version is 409.")
  @PUT
  @Path("{name}")
  @RolesAllowed({"admin", "curator"})
  public HarvestView update(@PathParam("name") String name, HarvestRequest request) {
    required("body", request);
    int version = required("version", request.version());
    return harvests.update(name, version, request.settings());
  }

  @Operation(
      summary = "Add seeds to a harvest",
      description =
          "Sorts the seeds of the text body (one a line) by domain, creates unknown domains and gives each domain a seed list and configuration named after the harvest (curator, admin). A small body is answered at once (200); a large one runs as a batch job (202), which GET /api/harvests/{name}/seeds/{executionId} follows.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The seeds added and each refused seed or domain",
        content =
            @Content(
                mediaType = "application/json",
                schema =
                    @Schema(
                        implementation =
                            org.netarchive.ee.scheduler.application.harvest.HarvestViews.SeedsAdded
                                .class))),
    @APIResponse(
        responseCode = "202",
        description = "The addition, started as a batch job",
        content =
            @Content(
                mediaType = "application/json",
                schema = @Schema(implementation = SeedRunStarted.class)))
  })
  @POST
  @Path("{name}/seeds")
  @Consumes({MediaType.TEXT_PLAIN, MediaType.APPLICATION_OCTET_STREAM})
  @RolesAllowed({"admin", "curator"})
  public Response addSeeds(
      @PathParam("name") String name,
      @QueryParam("template") String template,
      @QueryParam("maxObjects") String maxObjects,
      @QueryParam("maxBytes") String maxBytes,
      @QueryParam("maxRequestRate") String maxRequestRate,
      InputStream seeds,
      @Context SecurityContext security,
      @Context UriInfo uri)
      throws IOException {
    Outcome outcome =
        seedAddition.add(
            name,
            seeds,
            template,
            number("maxObjects", maxObjects),
            number("maxBytes", maxBytes),
            rate(maxRequestRate),
            security.getUserPrincipal().getName());
    return switch (outcome) {
      case Added added -> Response.ok(added.seeds()).build();
      case Started started -> {
        URI location =
            uri.getAbsolutePathBuilder().path(Long.toString(started.executionId())).build();
        yield Response.accepted(
                new SeedRunStarted(started.executionId(), started.lines(), location.toString()))
            .location(location)
            .build();
      }
    };
  }

  /** The answer to a seed list long enough to be added by a batch job. */
  public record SeedRunStarted(long executionId, long lines, String href) {}

  @Operation(
      summary = "Follow a seed addition",
      description =
          "The state of a seed addition that runs as a batch job, and its report once done.")
  @APIResponseSchema(
      value = HarvestSeedAddition.SeedAdditionStatus.class,
      responseCode = "200",
      responseDescription = "The seed addition's state")
  @GET
  @Path("{name}/seeds/{executionId}")
  public Response seedRun(
      @PathParam("name") String name, @PathParam("executionId") long executionId)
      throws SQLException {
    return seedAddition
        .status(name, executionId)
        .map(s -> Response.ok(s).build())
        .orElseGet(
            () ->
                Problem.response(
                    Response.Status.NOT_FOUND,
                    "No seed list being added to harvest '"
                        + name
                        + "' with execution id "
                        + executionId));
  }

  @Operation(
      summary = "Harvest a domain configuration",
      description =
          "Adds a domain's configuration (its default one without configuration) to a selective harvest (curator, admin).")
  @POST
  @Path("{name}/configurations")
  @RolesAllowed({"admin", "curator"})
  public HarvestView addConfiguration(@PathParam("name") String name, ConfigurationChoice request) {
    required("body", request);
    String domain = required("domain", request.domain());
    return harvests.addConfiguration(name, domain, request.configuration());
  }

  @Operation(
      summary = "Activate a harvest",
      description =
          "Starts it (curator, admin); a selective harvest needs configurations (else 400, field configurations) and a schedule (field schedule).")
  @POST
  @Path("{name}/activate")
  @RolesAllowed({"admin", "curator"})
  public HarvestView activate(@PathParam("name") String name) {
    return harvests.activate(name);
  }

  @Operation(summary = "Deactivate a harvest", description = "Stops it (curator, admin).")
  @POST
  @Path("{name}/deactivate")
  @RolesAllowed({"admin", "curator"})
  public HarvestView deactivate(@PathParam("name") String name) {
    return harvests.deactivate(name);
  }

  /** A request rate; its range is the configuration's rule, checked by the service. */
  private static Integer rate(String value) {
    Long rate = number("maxRequestRate", value);
    if (rate != null && rate != rate.intValue()) {
      throw new FieldProblem(
          "maxRequestRate",
          "maxRequestRate " + value.strip() + " is not a request rate per minute");
    }
    return rate == null ? null : rate.intValue();
  }

  private static Long number(String field, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Long.valueOf(value.strip());
    } catch (NumberFormatException e) {
      throw new FieldProblem(field, field + " must be a whole number, not '" + value + "'");
    }
  }

  /** Creates a harvest of one kind from a request that names it: 201 at its address. */
  private static Response create(
      HarvestRequest request, UriInfo uri, Function<HarvestSettings, HarvestView> kind) {
    required("body", request);
    required("name", request.name());
    HarvestView created = kind.apply(request.settings());
    return Response.created(
            uri.getBaseUriBuilder().path(HarvestResource.class).segment(created.name()).build())
        .entity(created)
        .build();
  }
}
