package org.netarchive.ee.web.interfaces.definitions.rest;

import static org.netarchive.ee.web.interfaces.rest.FieldProblem.required;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
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
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.application.domain.DomainViews.ConfigurationView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.PasswordView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.SeedListView;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainAlias;
import org.netarchive.ee.scheduler.domain.model.domain.DomainSummary;
import org.netarchive.ee.web.interfaces.definitions.rest.DomainRequests.ConfigurationRequest;
import org.netarchive.ee.web.interfaces.definitions.rest.DomainRequests.DomainChange;
import org.netarchive.ee.web.interfaces.definitions.rest.DomainRequests.NewDomain;
import org.netarchive.ee.web.interfaces.definitions.rest.DomainRequests.PasswordRequest;
import org.netarchive.ee.web.interfaces.definitions.rest.DomainRequests.SeedListRequest;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * Domains: {@code /api/domains}. Viewers read; curators and admins create and change. Changes carry
 * the {@code version} they were made on and are refused with 409 when it is stale. A change ({@code
 * PUT}), as everywhere in the API, changes the members it gives: an absent (or null) member keeps
 * its value, an empty text removes it ({@code "aliasOf": ""} ends an alias) and an empty list
 * empties it ({@code "crawlerTraps": []}); a member the operation does not take is refused (400)
 * naming it. Creating ({@code POST}), an absent member takes its default.
 *
 * <ul>
 *   <li>{@code GET /api/domains?name=kb*&page=0&size=50} — paged list, name glob filter
 *   <li>{@code GET /api/domains/statistics} — total and count per top-level domain
 *   <li>{@code GET /api/domains/aliases?name=kb*&page=0&size=50} — domains that are aliases of
 *       another, by the domain they are an alias of; the glob matches either name
 *   <li>{@code POST /api/domains} {@code {"name": "kb.dk"}} — create (201)
 *   <li>{@code GET|PUT /api/domains/{name}} — read, change comments, crawlerTraps, aliasOf,
 *       defaultConfiguration
 *   <li>{@code POST|PUT /api/domains/{name}/seedlists[/{list}]}, {@code .../configurations[/{c}]},
 *       {@code POST .../passwords}
 *   <li>{@code DELETE /api/domains/{name}/passwords/{password}} — remove a password entry (204);
 *       one a configuration uses is refused (400, field {@code passwords}) naming the
 *       configurations
 * </ul>
 *
 * <p>A password entry is read without its password, which is never sent back.
 */
@Tag(
    name = "Domains",
    description = "Domains, their seed lists, configurations and crawler passwords.")
@Path("domains")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class DomainResource {

  @EJB private DomainService domains;

  @Operation(
      summary = "List domains",
      description =
          "Domains by name. The name filter is a glob (* and ?, any case). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  public Page<DomainSummary> list(
      @QueryParam("name") String nameGlob,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return FieldProblem.check("page", () -> domains.list(nameGlob, page, size));
  }

  /** Total and per top-level domain. */
  public record Statistics(long total, Map<String, Long> byTopLevelDomain) {}

  @Operation(
      summary = "Count domains",
      description = "The number of domains, in all and per top-level domain.")
  @GET
  @Path("statistics")
  public Statistics statistics() {
    return new Statistics(domains.count(), domains.countByTopLevelDomain());
  }

  @Operation(
      summary = "List domain aliases",
      description =
          "Domains that are aliases of another, by the domain they are an alias of; the glob matches either name. Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  @Path("aliases")
  public Page<DomainAlias> aliases(
      @QueryParam("name") String nameGlob,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return FieldProblem.check("page", () -> domains.aliases(nameGlob, page, size));
  }

  @Operation(
      summary = "Create a domain",
      description =
          "A new domain with its default configuration and seed list (curator, admin). A name that is not a domain, or has an invisible character, is 400 naming it; an existing one is 409.")
  @APIResponseSchema(
      value = DomainView.class,
      responseCode = "201",
      responseDescription = "The domain, created")
  @POST
  @RolesAllowed({"admin", "curator"})
  public Response create(NewDomain request, @Context UriInfo uri) {
    required("body", request);
    String name = required("name", request.name());
    DomainView created = FieldProblem.check("name", () -> domains.create(name, request.comments()));
    return created(uri, created.name(), created);
  }

  @Operation(
      summary = "Read a domain",
      description =
          "A domain with its seed lists, configurations, crawler traps and password entries (without passwords).")
  @GET
  @Path("{name}")
  public DomainView get(@PathParam("name") String name) {
    return domains.get(name);
  }

  @Operation(
      summary = "Change a domain",
      description =
          "Changes comments, crawlerTraps, aliasOf or defaultConfiguration (curator, admin); absent members keep their value, an empty text removes it, an empty list empties it. A stale version is 409.")
  @PUT
  @Path("{name}")
  @RolesAllowed({"admin", "curator"})
  public DomainView update(@PathParam("name") String name, DomainChange change) {
    required("body", change);
    int version = required("version", change.version());
    DomainView current = domains.get(name);
    return FieldProblem.check(
        "domain",
        () ->
            domains.update(
                name,
                version,
                kept(change.comments(), current.comments()),
                kept(change.crawlerTraps(), current.crawlerTraps()),
                kept(change.aliasOf(), current.aliasOf()),
                change.defaultConfiguration()));
  }

  @Operation(
      summary = "Add a seed list",
      description = "A new seed list of the domain (curator, admin).")
  @APIResponseSchema(
      value = SeedListView.class,
      responseCode = "201",
      responseDescription = "The seed list, created")
  @POST
  @Path("{name}/seedlists")
  @RolesAllowed({"admin", "curator"})
  public Response addSeedList(
      @PathParam("name") String name, SeedListRequest request, @Context UriInfo uri) {
    required("body", request);
    String list = required("name", request.name());
    List<String> seeds = required("seeds", request.seeds());
    SeedListView created =
        FieldProblem.check(
            "seeds", () -> domains.addSeedList(name, list, seeds, request.comments()));
    return created(uri, created.name(), created);
  }

  @Operation(
      summary = "Change a seed list",
      description =
          "Changes a seed list's seeds or comments (curator, admin); absent members keep their value.")
  @PUT
  @Path("{name}/seedlists/{list}")
  @RolesAllowed({"admin", "curator"})
  public SeedListView updateSeedList(
      @PathParam("name") String name, @PathParam("list") String list, SeedListRequest request) {
    required("body", request);
    int version = required("version", request.version());
    SeedListView current = seedList(name, list);
    return FieldProblem.check(
        "seeds",
        () ->
            domains.updateSeedList(
                name,
                list,
                version,
                kept(request.seeds(), current.seeds()),
                kept(request.comments(), current.comments())));
  }

  @Operation(
      summary = "Add a configuration",
      description =
          "A new harvest configuration of the domain (curator, admin): template, limits, seed lists. A template that does not exist or is deactivated is 400 with field templateId.")
  @APIResponseSchema(
      value = ConfigurationView.class,
      responseCode = "201",
      responseDescription = "The configuration, created")
  @POST
  @Path("{name}/configurations")
  @RolesAllowed({"admin", "curator"})
  public Response addConfiguration(
      @PathParam("name") String name, ConfigurationRequest request, @Context UriInfo uri) {
    required("body", request);
    required("name", request.name());
    ConfigurationView created =
        FieldProblem.check("configuration", () -> domains.addConfiguration(name, view(request, 0)));
    return created(uri, created.name(), created);
  }

  @Operation(
      summary = "Change a configuration",
      description =
          "Changes a configuration (curator, admin); absent members keep their value. A stale version is 409.")
  @PUT
  @Path("{name}/configurations/{configuration}")
  @RolesAllowed({"admin", "curator"})
  public ConfigurationView updateConfiguration(
      @PathParam("name") String name,
      @PathParam("configuration") String configuration,
      ConfigurationRequest request) {
    required("body", request);
    int version = required("version", request.version());
    ConfigurationView current = configuration(name, configuration);
    return FieldProblem.check(
        "configuration",
        () -> domains.updateConfiguration(name, configuration, changed(current, request, version)));
  }

  @Operation(
      summary = "Add crawler credentials",
      description =
          "Credentials the crawler uses on the domain (curator, admin); the password is never sent back.")
  @APIResponseSchema(
      value = PasswordView.class,
      responseCode = "201",
      responseDescription = "The password entry, created (without the password)")
  @POST
  @Path("{name}/passwords")
  @RolesAllowed({"admin", "curator"})
  public Response addPassword(
      @PathParam("name") String name, PasswordRequest request, @Context UriInfo uri) {
    required("body", request);
    PasswordView created =
        FieldProblem.check(
            "password",
            () ->
                domains.addPassword(
                    name,
                    required("name", request.name()),
                    request.url(),
                    request.realm(),
                    request.username(),
                    required("password", request.password()),
                    request.usernameField(),
                    request.passwordField(),
                    request.comments()));
    return created(uri, created.name(), created);
  }

  @Operation(
      summary = "Remove crawler credentials",
      description =
          "Removes a password entry (curator, admin); one a configuration uses is 400 with field passwords naming the configurations.")
  @APIResponses({@APIResponse(responseCode = "204", description = "Removed")})
  @DELETE
  @Path("{name}/passwords/{password}")
  @RolesAllowed({"admin", "curator"})
  public Response removePassword(
      @PathParam("name") String name, @PathParam("password") String password) {
    domains.removePassword(name, password);
    return Response.noContent().build();
  }

  /** The stored configuration with the members the request gives. */
  /** 201 with what was created, at its name below the address it was posted to. */
  private static Response created(UriInfo uri, String name, Object created) {
    return Response.created(uri.getAbsolutePathBuilder().path(name).build())
        .entity(created)
        .build();
  }

  private static ConfigurationView changed(
      ConfigurationView c, ConfigurationRequest r, int version) {
    return new ConfigurationView(
        c.name(),
        kept(r.templateId(), c.templateId()),
        kept(r.maxObjects(), c.maxObjects()),
        kept(r.maxBytes(), c.maxBytes()),
        kept(r.maxRequestRate(), c.maxRequestRate()),
        kept(r.maxHops(), c.maxHops()),
        kept(r.honorRobots(), c.honorRobots()),
        kept(r.extractJavascript(), c.extractJavascript()),
        kept(r.seedLists(), c.seedLists()),
        kept(r.passwords(), c.passwords()),
        kept(r.comments(), c.comments()),
        version);
  }

  /** The API's rule for changes: an absent (or null) member keeps the stored value. */
  static <T> T kept(T given, T stored) {
    return given == null ? stored : given;
  }

  private SeedListView seedList(String domain, String list) {
    return domains.get(domain).seedLists().stream()
        .filter(l -> l.name().equals(list))
        .findFirst()
        .orElseThrow(
            () -> new NotFoundException("Domain '" + domain + "' has no seed list '" + list + "'"));
  }

  private ConfigurationView configuration(String domain, String configuration) {
    return domains.get(domain).configurations().stream()
        .filter(c -> c.name().equals(configuration))
        .findFirst()
        .orElseThrow(
            () ->
                new NotFoundException(
                    "Domain '" + domain + "' has no configuration '" + configuration + "'"));
  }

  private static ConfigurationView view(ConfigurationRequest r, int version) {
    CrawlSettings d = CrawlSettings.defaults();
    return new ConfigurationView(
        r.name(),
        required("templateId", r.templateId()),
        r.maxObjects() == null ? d.maxObjects() : r.maxObjects(),
        r.maxBytes() == null ? d.maxBytes() : r.maxBytes(),
        r.maxRequestRate() == null ? d.maxRequestRate() : r.maxRequestRate(),
        r.maxHops() == null ? d.maxHops() : r.maxHops(),
        r.honorRobots() == null ? d.honorRobots() : r.honorRobots(),
        r.extractJavascript() == null ? d.extractJavascript() : r.extractJavascript(),
        r.seedLists() == null ? List.of() : r.seedLists(),
        r.passwords() == null ? List.of() : r.passwords(),
        r.comments(),
        version);
  }
}
