package org.netarchive.ee.web.interfaces.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses requests that change something (any method but GET, HEAD and OPTIONS) when they may come
 * from another site's page acting with a logged-in user's session cookie (cross-site request
 * forgery).
 *
 * <ul>
 *   <li>Any such request whose Origin header names another origin is refused: browsers send it on
 *       every cross-origin POST, PUT and DELETE, and API clients do not send one. Without an Origin
 *       (older browsers) the admin UI's forms are still covered by Faces' view state.
 *   <li>A call to the REST API authenticated by the session cookie, not by HTTP Basic credentials
 *       in the request itself, must also prove it was made by a page of this origin: an Origin (or,
 *       without one, a Referer) of this origin, and the header {@value #PROOF_HEADER}, which a
 *       foreign page cannot add without the server's consent (CORS, never given). HTML forms and
 *       "simple" cross-site requests, which could post seeds or an upload as text/plain or
 *       multipart, carry neither.
 * </ul>
 */
public class SameOriginRequests extends HttpFilter {
  private static final long serialVersionUID = 1L;

  /** The header a same-origin script adds to API calls (any value; jQuery sends XMLHttpRequest). */
  static final String PROOF_HEADER = "X-Requested-With";

  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (SAFE_METHODS.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
      chain.doFilter(request, response);
      return;
    }
    String origin = request.getHeader("Origin");
    if (origin != null && !sameOrigin(origin, request)) {
      refuse(
          response,
          "This request comes from a page of another origin ("
              + origin
              + ") and is refused; changes are made from the admin UI's own pages or by API"
              + " clients",
          "Origin");
      return;
    }
    if (isApi(request) && authenticatedBySession(request)) {
      List<String> missing = new ArrayList<>();
      String field = null;
      String referer = request.getHeader("Referer");
      if (origin == null && (referer == null || !sameOrigin(referer, request))) {
        missing.add(
            referer == null
                ? "an Origin or Referer header of this origin"
                : "an Origin header, or a Referer of this origin (was " + referer + ")");
        field = "Origin";
      }
      String proof = request.getHeader(PROOF_HEADER);
      if (proof == null || proof.isBlank()) {
        missing.add("the header " + PROOF_HEADER);
        field = field == null ? PROOF_HEADER : field;
      }
      if (!missing.isEmpty()) {
        refuse(
            response,
            "An API call that changes something with the admin UI's session needs "
                + String.join(" and ", missing)
                + "; API clients authenticate with HTTP Basic in each request instead",
            field);
        return;
      }
    }
    chain.doFilter(request, response);
  }

  private static boolean isApi(HttpServletRequest request) {
    String path = request.getRequestURI().substring(request.getContextPath().length());
    return path.equals("/api") || path.startsWith("/api/");
  }

  /** Logged in by the session, with no HTTP Basic credentials of its own. */
  private static boolean authenticatedBySession(HttpServletRequest request) {
    String authorization = request.getHeader("Authorization");
    boolean basic = authorization != null && authorization.regionMatches(true, 0, "Basic ", 0, 6);
    return !basic && request.getUserPrincipal() != null;
  }

  /** Whether an address (Origin or Referer) has this request's scheme, host and port. */
  static boolean sameOrigin(String address, HttpServletRequest request) {
    try {
      URI uri = new URI(address.strip());
      if (uri.getScheme() == null || uri.getHost() == null) {
        return false; // also Origin "null" (sandboxed frames, some redirects)
      }
      String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
      return scheme.equals(request.getScheme().toLowerCase(Locale.ROOT))
          && PublicHosts.normalize(uri.getHost())
              .equals(PublicHosts.normalize(request.getServerName()))
          && port(scheme, uri.getPort()) == port(scheme, request.getServerPort());
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static int port(String scheme, int port) {
    if (port > 0) {
      return port;
    }
    return scheme.equals("https") ? 443 : 80;
  }

  private static void refuse(HttpServletResponse response, String detail, String field)
      throws IOException {
    ProblemResponse.send(response, HttpServletResponse.SC_FORBIDDEN, "Forbidden", detail, field);
  }
}
