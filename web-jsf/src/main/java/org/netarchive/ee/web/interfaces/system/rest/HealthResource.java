package org.netarchive.ee.web.interfaces.system.rest;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.sql.Connection;
import java.util.List;
import javax.sql.DataSource;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.monitor.SchemaReport;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The application's health for load balancers and monitors: {@code GET /api/health}, without login
 * (ApiAuthentication lets it through). 200 with status UP when the database answers, the broker
 * accepts a connection and the schema is migrated; else 503 with status DOWN and the check that
 * failed. Never cached.
 */
@Path("health")
@RequestScoped
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "System", description = "The installation: status, accounts, operator jobs and health.")
public class HealthResource {

  /** The path ApiAuthentication lets through without credentials. */
  public static final String PATH = "/api/health";

  /** How long the database may take to answer; a load balancer waits for the whole answer. */
  private static final int DATABASE_TIMEOUT_SECONDS = 2;

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  @Resource(lookup = "java:/ConnectionFactory")
  private ConnectionFactory broker;

  @EJB private SchemaMigration schemaMigration;

  @GET
  @SecurityRequirementsSet({})
  @Operation(
      summary = "Read the application's health",
      description =
          "For load balancers and monitors, without login: 200 with status UP when the database"
              + " answers, the broker accepts a connection and the schema is migrated; else 503"
              + " with status DOWN and each check's status and detail. Never cached.")
  @APIResponses({
    @APIResponse(
        responseCode = "200",
        description = "Every check passed",
        content =
            @Content(
                mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = Health.class))),
    @APIResponse(
        responseCode = "503",
        description = "A check failed; it is named, DOWN, with what it saw",
        content =
            @Content(
                mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = Health.class)))
  })
  public Response health() {
    Health health =
        Health.of(
            List.of(
                Health.check("database", this::database),
                Health.check("broker", this::broker),
                Health.check("schema", this::schema)));
    CacheControl noStore = new CacheControl();
    noStore.setNoStore(true);
    return Response.status(
            Health.UP.equals(health.status())
                ? Response.Status.OK
                : Response.Status.SERVICE_UNAVAILABLE)
        .entity(health)
        .cacheControl(noStore)
        .build();
  }

  private String database() throws Exception {
    try (Connection connection = dataSource.getConnection()) {
      if (!connection.isValid(DATABASE_TIMEOUT_SECONDS)) {
        throw new Health.Down("no answer within " + DATABASE_TIMEOUT_SECONDS + " s");
      }
      return "answers";
    }
  }

  private String broker() {
    try (JMSContext context = broker.createContext()) {
      context.start();
      return "accepts connections";
    }
  }

  private String schema() throws Health.Down {
    SchemaReport report = schemaMigration.check();
    if (!report.upToDate()) {
      throw new Health.Down(
          "at version " + report.currentVersion() + ", not up to date with the shipped migrations");
    }
    return "at version " + report.currentVersion();
  }
}
