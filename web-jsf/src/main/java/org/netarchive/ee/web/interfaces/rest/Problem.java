package org.netarchive.ee.web.interfaces.rest;

import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An error answer in the form of RFC 9457 (problem details), media type {@code
 * application/problem+json}.
 *
 * @param type a URI naming the kind of problem ({@code about:blank} for plain HTTP statuses)
 * @param title the HTTP reason phrase
 * @param status the HTTP status
 * @param detail what went wrong, naming the thing and the value
 * @param field the request field at fault, when there is one
 */
@Schema(
    name = "Problem",
    description = "An error (RFC 9457): detail names the thing and the value, field the member")
public record Problem(String type, String title, int status, String detail, String field) {

  /** The problem document's media type. */
  public static final String MEDIA_TYPE = "application/problem+json";

  /** A response carrying a problem document. */
  public static Response response(Response.Status status, String detail) {
    return response(status, detail, null);
  }

  /** A response carrying a problem document about one field. */
  public static Response response(Response.Status status, String detail, String field) {
    return Response.status(status)
        .type(MEDIA_TYPE)
        .entity(
            new Problem(
                "about:blank", status.getReasonPhrase(), status.getStatusCode(), detail, field))
        .build();
  }
}
