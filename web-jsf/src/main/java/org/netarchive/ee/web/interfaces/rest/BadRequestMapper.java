package org.netarchive.ee.web.interfaces.rest;

import jakarta.ejb.EJBException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Invalid input found by the application (an {@link IllegalArgumentException}, possibly wrapped by
 * an EJB call) is a 400 with the application's message.
 */
@Provider
public class BadRequestMapper implements ExceptionMapper<IllegalArgumentException> {
  @Override
  public Response toResponse(IllegalArgumentException e) {
    return ApiError.response(Response.Status.BAD_REQUEST, e.getMessage());
  }

  /** EJB calls wrap runtime exceptions; this unwraps the application's own. */
  @Provider
  public static class FromEjb implements ExceptionMapper<EJBException> {
    @Override
    public Response toResponse(EJBException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e.getCausedByException();
      if (cause instanceof IllegalArgumentException invalid) {
        return ApiError.response(Response.Status.BAD_REQUEST, invalid.getMessage());
      }
      return ApiError.response(
          Response.Status.INTERNAL_SERVER_ERROR,
          "Internal error: " + (cause == null ? e.getMessage() : cause.getMessage()));
    }
  }
}
