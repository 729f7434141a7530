package org.netarchive.ee.web.interfaces.rest;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.netarchive.ee.web.interfaces.login.LoginThrottle;

/**
 * Authenticates REST API calls with HTTP Basic credentials against the application's security
 * domain. API clients get a 401 with a JSON error instead of the UI's login form; an already
 * logged-in UI session may call the API as well (changes only with the proof SameOriginRequests
 * asks for). Roles are checked by each resource. Failed logins
 * are throttled per client address ({@link LoginThrottle}); a refused attempt gets a 429 saying why
 * and when to try again.
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
      LoginThrottle throttle =
          (LoginThrottle) getServletContext().getAttribute(LoginThrottle.ATTRIBUTE);
      String address = request.getRemoteAddr();
      Optional<LoginThrottle.Refusal> refusal = throttle.check(address, credentials[0]);
      if (refusal.isPresent()) {
        tooManyFailures(response, refusal.get());
        return;
      }
      try {
        request.login(credentials[0], credentials[1]);
      } catch (ServletException e) {
        throttle.failed(address, credentials[0]);
        unauthorized(response, "Wrong user name or password, or the account is disabled");
        return;
      }
      throttle.succeeded(address, credentials[0]);
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

  /** 429 (RFC 6585) rather than 401: the credentials were not even checked. */
  private static void tooManyFailures(HttpServletResponse response, LoginThrottle.Refusal refusal)
      throws IOException {
    response.setHeader("Retry-After", Long.toString(refusal.seconds()));
    problem(response, 429, "Too Many Requests", refusal.message());
  }

  private static void unauthorized(HttpServletResponse response, String error) throws IOException {
    response.setHeader("WWW-Authenticate", "Basic realm=\"Netarchive EE\", charset=\"UTF-8\"");
    problem(response, HttpServletResponse.SC_UNAUTHORIZED, "Unauthorized", error);
  }

  private static void problem(HttpServletResponse response, int status, String title, String error)
      throws IOException {
    response.setStatus(status);
    response.setContentType(Problem.MEDIA_TYPE);
    response.setCharacterEncoding("UTF-8");
    response
        .getWriter()
        .write(
            "{\"type\":\"about:blank\",\"title\":\""
                + title
                + "\",\"status\":"
                + status
                + ",\"detail\":\""
                + error.replace("\\", "\\\\").replace("\"", "\\\"")
                + "\"}");
  }
}
