package org.netarchive.ee.web.interfaces.http;

import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * A refusal written by a filter, before JAX-RS or Faces run: the same problem document (RFC 9457)
 * the REST API's resources answer with, so that a client reads every refusal one way.
 */
final class ProblemResponse {

  private ProblemResponse() {}

  static void send(
      HttpServletResponse response, int status, String title, String detail, String field)
      throws IOException {
    JsonObjectBuilder problem =
        Json.createObjectBuilder()
            .add("type", "about:blank")
            .add("title", title)
            .add("status", status)
            .add("detail", detail);
    if (field != null) {
      problem.add("field", field);
    }
    response.resetBuffer();
    response.setStatus(status);
    response.setContentType("application/problem+json");
    response.setCharacterEncoding("UTF-8");
    response.getWriter().write(problem.build().toString());
  }
}
