package org.netarchive.ee.web.interfaces.rest;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Authenticates REST API calls with HTTP Basic credentials against the application's security
 * domain. API clients get a 401 with a JSON error instead of the UI's login form; an already
 * logged-in UI session may call the API as well (changes only with the proof SameOriginRequests
 * asks for). Roles are checked by each resource. Declared in web.xml, after the filters every
 * request passes.
 */
public class ApiAuthentication extends HttpFilter {
  private static final long serialVersionUID = 1L;

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (request.getUserPrincipal() == null) {
      String header = request.getHeader("Authorization");
      if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
        unauthorized(
            response,
            "Authentication required: send the user name and password of a Netarchive EE account"
                + " with HTTP Basic authentication");
        return;
      }
      String[] credentials = decode(header.substring(6).trim());
      if (credentials == null) {
        unauthorized(response, "The Authorization header is not valid HTTP Basic credentials");
        return;
      }
      try {
        request.login(credentials[0], credentials[1]);
      } catch (ServletException e) {
        unauthorized(response, "Wrong user name or password, or the account is disabled");
        return;
      }
    }
    chain.doFilter(request, response);
  }

  private static String[] decode(String token) {
    try {
      String text = new String(Base64.getDecoder().decode(token), StandardCharsets.UTF_8);
      int colon = text.indexOf(':');
      return colon <= 0 ? null : new String[] {text.substring(0, colon), text.substring(colon + 1)};
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static void unauthorized(HttpServletResponse response, String error) throws IOException {
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    response.setHeader("WWW-Authenticate", "Basic realm=\"Netarchive EE\", charset=\"UTF-8\"");
    response.setContentType(Problem.MEDIA_TYPE);
    response.setCharacterEncoding("UTF-8");
    response
        .getWriter()
        .write(
            "{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,\"detail\":\""
                + error.replace("\\", "\\\\").replace("\"", "\\\"")
                + "\"}");
  }
}
