package org.netarchive.ee.web.interfaces.jobs.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.job.SchedulingSettings;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * The settings of scheduling and splitting: {@code /api/settings/scheduling}. Everyone logged in
 * reads them; admins change them.
 *
 * <ul>
 *   <li>{@code GET /api/settings/scheduling} — every setting with its value (defaults included):
 *       {@code split.configChunkSize}, {@code split.maxTotalSize}, {@code
 *       split.maxRelativeSizeDifference}, {@code split.minAbsoluteSizeDifference}, {@code
 *       split.errorFactorPrevResult}, {@code split.errorFactorBestGuess}, {@code
 *       split.expectedAverageBytesPerObject}, {@code split.maxDomainSize}, {@code
 *       job.timeoutSeconds}, {@code notifications.mailTo}, {@code notifications.webhookUrl}
 *   <li>{@code PUT /api/settings/scheduling} {@code {"split.configChunkSize": "2"}} — change some;
 *       all are checked before any is stored; answers all settings
 * </ul>
 */
@Tag(name = "Settings", description = "Settings of scheduling and job splitting.")
@Path("settings/scheduling")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class SchedulingSettingsResource {

  @EJB private SchedulingSettings settings;

  @Operation(
      summary = "Read the scheduling settings",
      description = "Every setting of scheduling and splitting with its value, defaults included.")
  @GET
  public Map<String, String> get() {
    return settings.all();
  }

  @Operation(
      summary = "Change scheduling settings",
      description =
          "Changes the settings the body names (admin); an unknown setting or a bad value is 400 naming it.")
  @PUT
  @RolesAllowed("admin")
  public Map<String, String> update(
      Map<String, String> changes, @Context SecurityContext security) {
    FieldProblem.required("body", changes);
    return settings.update(changes, security.getUserPrincipal().getName());
  }
}
