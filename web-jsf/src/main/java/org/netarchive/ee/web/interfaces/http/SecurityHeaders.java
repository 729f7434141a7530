package org.netarchive.ee.web.interfaces.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;

/**
 * Sends the browser security headers on every response of the application: no framing by other
 * pages, no guessing of content types, the referrer only to this origin (it is the fallback proof
 * of {@link SameOriginRequests}, and file names in the admin UI's addresses stay here), and a
 * Content-Security-Policy.
 *
 * <p>The policy set here allows nothing to run: it is for the API's answers, downloads and error
 * pages. The admin UI's pages get theirs from PrimeFaces ({@code primefaces.CSP} and {@code
 * primefaces.CSP_POLICY} in web.xml), which adds a fresh script nonce per page; that policy, or one
 * a resource sets itself (an archived page's {@code sandbox}), replaces this one rather than
 * joining it, since a browser enforces every policy it receives and this one would block the UI's
 * scripts.
 *
 * <p>ReplayWeb.page's files under {@code /replay/} are the exception: its service worker ({@code
 * sw.js}) runs under the policy of its own response, and fetches the WACZ and its own scripts from
 * this origin; the documents it makes are framed by the replay page. They get {@link #REPLAY}: this
 * origin only (so a replayed page never reaches the live web through them), framed by this origin.
 */
public class SecurityHeaders extends HttpFilter {
  private static final long serialVersionUID = 1L;

  static final String CONTENT_SECURITY_POLICY = "Content-Security-Policy";
  static final String NOTHING_RUNS =
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

  /** The policy of ReplayWeb.page's files: this origin only, its own inline code and workers. */
  static final String REPLAY =
      "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; frame-ancestors 'self'";

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (request.getRequestURI().startsWith(request.getContextPath() + "/replay/")) {
      response.setHeader("X-Frame-Options", "SAMEORIGIN");
      response.setHeader("X-Content-Type-Options", "nosniff");
      response.setHeader("Referrer-Policy", "same-origin");
      response.setHeader(CONTENT_SECURITY_POLICY, REPLAY);
      chain.doFilter(request, response);
      return;
    }
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "same-origin");
    response.setHeader(CONTENT_SECURITY_POLICY, NOTHING_RUNS);
    chain.doFilter(request, new OwnPolicyReplacesDefault(response));
  }

  /** A response on which a Content-Security-Policy added later replaces the default one. */
  private static final class OwnPolicyReplacesDefault extends HttpServletResponseWrapper {
    private boolean replaced;

    OwnPolicyReplacesDefault(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void addHeader(String name, String value) {
      if (CONTENT_SECURITY_POLICY.equalsIgnoreCase(name) && !replaced) {
        replaced = true;
        super.setHeader(name, value);
      } else {
        super.addHeader(name, value);
      }
    }

    @Override
    public void setHeader(String name, String value) {
      if (CONTENT_SECURITY_POLICY.equalsIgnoreCase(name)) {
        replaced = true;
      }
      super.setHeader(name, value);
    }
  }
}
