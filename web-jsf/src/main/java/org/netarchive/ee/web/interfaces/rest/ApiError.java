package org.netarchive.ee.web.interfaces.rest;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The body of every error answer.
 *
 * @param status the HTTP status
 * @param error what went wrong, naming the thing and the value
 */
public record ApiError(int status, String error) {

  /** A JSON error response. */
  public static Response response(Response.Status status, String error) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new ApiError(status.getStatusCode(), error))
        .build();
  }
}
