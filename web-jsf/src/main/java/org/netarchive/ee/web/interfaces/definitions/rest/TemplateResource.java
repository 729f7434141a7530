package org.netarchive.ee.web.interfaces.definitions.rest;

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
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.template.TemplateService;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateSummary;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateText;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateView;
import org.netarchive.ee.scheduler.application.template.TemplateViews.Upload;
import org.netarchive.ee.scheduler.application.template.TemplateViews.UploadOutcome;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;
import org.netarchive.ee.web.interfaces.rest.Problem;

/**
 * Crawl templates (Heritrix crawler-beans.cxml with placeholders): {@code /api/templates}. Viewers
 * and curators read and download; admins upload, activate and deactivate. Every text uploaded for a
 * template is kept as a numbered version; a text that is not a usable template is refused with 400,
 * field {@code template}, naming every problem and its line.
 *
 * <ul>
 *   <li>{@code GET /api/templates?name=default*&page=0&size=50} — paged list, name glob filter
 *   <li>{@code GET /api/templates/{name}} — the template with its versions
 *   <li>{@code PUT /api/templates/{name}?description=...} with the crawler-beans.cxml as an {@code
 *       application/xml} or {@code text/xml} body (UTF-8 unless the Content-Type names a charset;
 *       at most 2097152 characters, else 413) — 201 for a new template, 200 for a new version or an
 *       unchanged text (then {@code "outcome": "UNCHANGED"}); a template of NetarchiveSuite (its
 *       placeholders, its beans, its deduplicator) is converted to Netarchive EE's placeholders and
 *       beans before the text is checked and stored, each mapping listed in {@code conversions}
 *       with its line; what cannot be converted is 400 naming each line
 *   <li>{@code GET /api/templates/{name}/crawler-beans.cxml[?version=N]} — the exact text of the
 *       current or a given version, as an attachment
 *   <li>{@code POST /api/templates/{name}/activate}, {@code .../deactivate} — offer it for new
 *       harvests or stop doing so
 * </ul>
 */
@Tag(
    name = "Crawl templates",
    description = "Heritrix crawl templates (crawler-beans.cxml) and their versions.")
@Path("templates")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class TemplateResource {

  @EJB private TemplateService templates;

  @Operation(
      summary = "List crawl templates",
      description =
          "Crawl templates with their current version. The name filter is a glob (* and ?, any case). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  public Page<TemplateSummary> list(
      @QueryParam("name") String nameGlob,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return templates.list(nameGlob, page, size);
  }

  @Operation(
      summary = "Read a crawl template",
      description = "A template with its versions (number, SHA-256, uploaded at and by).")
  @GET
  @Path("{name}")
  public TemplateView get(@PathParam("name") String name) {
    return templates.get(name);
  }

  @Operation(
      summary = "Upload a crawl template",
      description =
          "Uploads a crawler-beans.cxml (admin): a new template (201), a new version (200), or UNCHANGED for the current text (200); a NetarchiveSuite template (its placeholders, beans and DeDuplicator) is converted first, each mapping listed in conversions with its line; each problem is 400 with field template naming it and its line; beyond 2097152 characters 413.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "A new version, or unchanged",
        content =
            @Content(
                mediaType = "application/json",
                schema = @Schema(implementation = Upload.class))),
    @APIResponse(
        responseCode = "201",
        description = "A new template",
        content =
            @Content(
                mediaType = "application/json",
                schema = @Schema(implementation = Upload.class)))
  })
  @PUT
  @Path("{name}")
  @Consumes({MediaType.APPLICATION_XML, MediaType.TEXT_XML})
  @RolesAllowed("admin")
  public Response upload(
      @PathParam("name") String name,
      @QueryParam("description") String description,
      InputStream body,
      @Context HttpHeaders headers,
      @Context SecurityContext security,
      @Context UriInfo uri)
      throws IOException {
    String text;
    try {
      text = TemplateUploadBody.read(body, headers.getMediaType(), headers.getLength());
    } catch (TemplateUploadBody.TooLarge e) {
      return Problem.response(
          Response.Status.REQUEST_ENTITY_TOO_LARGE, e.getMessage(), TemplateService.TEMPLATE_FIELD);
    }
    Upload upload =
        templates.upload(name, description, text, security.getUserPrincipal().getName());
    return upload.outcome() == UploadOutcome.CREATED
        ? Response.created(uri.getAbsolutePath()).entity(upload).build()
        : Response.ok(upload).build();
  }

  @Operation(
      summary = "Download a crawl template's text",
      description = "The exact text of the current version, or of an older one with version.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "The crawler-beans.cxml",
        content =
            @Content(mediaType = "application/xml", schema = @Schema(type = SchemaType.STRING)))
  })
  @GET
  @Path("{name}/crawler-beans.cxml")
  @Produces(MediaType.APPLICATION_XML)
  public Response download(@PathParam("name") String name, @QueryParam("version") String version) {
    TemplateText text = templates.download(name, versionNumber(version));
    return Response.ok(text.text().getBytes(StandardCharsets.UTF_8))
        .type(MediaType.APPLICATION_XML_TYPE.withCharset(StandardCharsets.UTF_8.name()))
        .header("Content-Disposition", attachment(text.name(), text.version()))
        .tag(new EntityTag(text.sha256()))
        .build();
  }

  @Operation(
      summary = "Activate a crawl template",
      description = "Offers it for new configurations (admin).")
  @POST
  @Path("{name}/activate")
  @RolesAllowed("admin")
  public TemplateView activate(@PathParam("name") String name) {
    return templates.activate(name);
  }

  @Operation(
      summary = "Deactivate a crawl template",
      description = "Stops offering it for new configurations (admin).")
  @POST
  @Path("{name}/deactivate")
  @RolesAllowed("admin")
  public TemplateView deactivate(@PathParam("name") String name) {
    return templates.deactivate(name);
  }

  private static Integer versionNumber(String version) {
    if (version == null || version.isBlank()) {
      return null;
    }
    try {
      int number = Integer.parseInt(version.strip());
      if (number >= 1) {
        return number;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new FieldProblem(
        "version", "version must be a version number from 1, not '" + version + "'");
  }

  /**
   * Names the file {@code <template>-v<N>-crawler-beans.cxml}: as it is in {@code filename*} (RFC
   * 6266), with anything but ASCII letters, digits, '.', '_' and '-' as '_' in {@code filename} for
   * older clients.
   */
  static String attachment(String name, int version) {
    String file = name + "-v" + version + "-crawler-beans.cxml";
    return "attachment; filename=\""
        + file.replaceAll("[^A-Za-z0-9._-]", "_")
        + "\"; filename*=UTF-8''"
        + URLEncoder.encode(file, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
