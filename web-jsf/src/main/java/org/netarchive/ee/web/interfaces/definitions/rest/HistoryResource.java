package org.netarchive.ee.web.interfaces.definitions.rest;

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
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.history.HistoryEntryView;
import org.netarchive.ee.scheduler.application.history.HistoryService;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImportReport;

/**
 * The harvest history: {@code /api/history}. Everyone reads a domain's history; curators and admins
 * import an earlier system's history.
 *
 * <ul>
 *   <li>{@code POST /api/history} with a CSV file as a {@code text/csv} (or {@code text/plain})
 *       UTF-8 body, header {@code
 *       domain,configuration,harvest,job,started,objects,bytes,stop_reason} — imports it: 200 with
 *       the number of lines read, imported and refused, and each refused line (the first 1000) with
 *       its number and the reason. Lines whose domain or configuration does not exist, repeated
 *       lines and lines imported before are refused, not imported, so a file can be imported again
 *       after it is fixed. A file without the header is refused with 400, field {@code file}.
 *   <li>{@code GET /api/history/domains/{name}?page=0&size=50} — a domain's history, newest first
 * </ul>
 */
@Tag(
    name = "Harvest history",
    description = "Earlier harvests of each domain, imported or recorded.")
@Path("history")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class HistoryResource {

  /** The media type of CSV files (RFC 4180). */
  public static final String TEXT_CSV = "text/csv";

  @EJB private HistoryService history;

  @Operation(
      summary = "Import harvest history",
      description =
          "Imports an earlier system's harvest history from CSV (header domain,configuration,harvest,job,started,objects,bytes,stop_reason; curator, admin): lines read, imported and refused, each refused line with its number and reason.")
  @POST
  @Consumes({TEXT_CSV, MediaType.TEXT_PLAIN, MediaType.APPLICATION_OCTET_STREAM})
  @RolesAllowed({"admin", "curator"})
  public HistoryImportReport importCsv(InputStream csv) {
    return history.importCsv(csv);
  }

  @Operation(
      summary = "Read a domain's harvest history",
      description =
          "A domain's harvests, newest first. Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  @Path("domains/{name}")
  public Page<HistoryEntryView> forDomain(
      @PathParam("name") String name,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return history.forDomain(name, page, size);
  }
}
