package org.netarchive.ee.web.interfaces.rest;

import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Adds to every operation of the OpenAPI document the error answers the API's rules give it, as
 * references to the problem documents RestApplication declares: 401 and 403 where a login is
 * needed, 400 where the request has parameters or a body, 404 where the path names a thing, 409 on
 * PUT and POST (a stale version, a name taken, a state that forbids it). An operation's own
 * annotations win. Here rather than on each resource since an error answer declared there stops the
 * scanner from typing the success answer from the method's return type. Named in
 * microprofile-config.properties (mp.openapi.filter).
 */
public class ProblemAnswers implements OASFilter {

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null) {
      return;
    }
    for (Map.Entry<String, PathItem> path : openAPI.getPaths().getPathItems().entrySet()) {
      path.getValue()
          .getOperations()
          .forEach((method, operation) -> addProblems(path.getKey(), method, operation));
    }
  }

  private static void addProblems(String path, PathItem.HttpMethod method, Operation operation) {
    APIResponses responses = operation.getResponses();
    if (responses == null) {
      return;
    }
    // The health declares an empty requirement (no login); the others inherit HTTP Basic.
    boolean login =
        operation.getSecurity() == null
            || operation.getSecurity().stream().anyMatch(s -> !s.getSchemes().isEmpty());
    if (!login) {
      return;
    }
    add(responses, "401", "Unauthorized");
    add(responses, "403", "Forbidden");
    boolean parameters = operation.getParameters() != null && !operation.getParameters().isEmpty();
    if (parameters || operation.getRequestBody() != null) {
      add(responses, "400", "BadRequest");
    }
    if (path.contains("{")) {
      add(responses, "404", "NotFound");
    }
    if (method == PathItem.HttpMethod.PUT || method == PathItem.HttpMethod.POST) {
      add(responses, "409", "Conflict");
    }
  }

  private static void add(APIResponses responses, String code, String name) {
    if (!responses.hasAPIResponse(code)) {
      responses.addAPIResponse(
          code, OASFactory.createAPIResponse().ref("#/components/responses/" + name));
    }
  }
}
