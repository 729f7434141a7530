package org.netarchive.ee.web.interfaces.system.rest;

import static org.netarchive.ee.web.interfaces.rest.FieldProblem.required;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.Accounts;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * Accounts: {@code POST /api/accounts} {@code {"username", "password", "roles": [...]}} (admin).
 */
@Tag(name = "System", description = "The installation: status, accounts, operator jobs and health.")
@Path("accounts")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
public class AccountResource {

  @EJB private Accounts accounts;

  /** A new account. */
  public record NewAccount(String username, String password, List<String> roles) {}

  @Operation(
      summary = "Create an account",
      description = "A new account with its roles: admin, curator, viewer (admin).")
  @APIResponseSchema(
      value = org.netarchive.ee.scheduler.application.Accounts.AccountView.class,
      responseCode = "201",
      responseDescription = "The account, created")
  @POST
  public Response create(NewAccount request) {
    required("body", request);
    String username = required("username", request.username());
    List<String> roles = required("roles", request.roles());
    return Response.status(Response.Status.CREATED)
        .entity(
            FieldProblem.check(
                "account", () -> accounts.create(username, request.password(), roles)))
        .build();
  }
}
