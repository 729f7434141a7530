package org.netarchive.ee.web.interfaces.rest;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.security.PrivilegedActionException;
import java.security.PrivilegedExceptionAction;
import java.time.Clock;
import java.util.Base64;
import java.util.Optional;
import org.netarchive.ee.archive.application.ArchiveTransfers;
import org.netarchive.ee.web.interfaces.archive.rest.TransfersResource;
import org.netarchive.ee.web.interfaces.login.LoginThrottle;
import org.netarchive.ee.web.interfaces.login.RecentLogins;
import org.netarchive.ee.web.interfaces.system.rest.HealthResource;
import org.wildfly.security.auth.server.RealmUnavailableException;
import org.wildfly.security.auth.server.SecurityDomain;
import org.wildfly.security.auth.server.SecurityIdentity;
import org.wildfly.security.auth.server.ServerAuthenticationContext;
import org.wildfly.security.credential.PasswordCredential;
import org.wildfly.security.evidence.PasswordGuessEvidence;
import org.wildfly.security.password.interfaces.ScramDigestPassword;

/**
 * Authenticates REST API calls with HTTP Basic credentials against the application's security
 * domain, except the health ({@code /api/health}), which needs none, and the bitarchives' transfers
 * ({@code /api/transfers/...}), which present a bearer token of their own. API clients get a 401
 * with a JSON error instead of the UI's login form; an already logged-in UI session may call the
 * API as well (changes only with the proof SameOriginRequests asks for). Roles are checked by each
 * resource. Failed logins are throttled per client address ({@link LoginThrottle}); a refused
 * attempt gets a 429 saying why and when to try again. A password verified in the last few minutes
 * is not checked against its PBKDF2 digest again ({@link RecentLogins}): clients send it with every
 * call.
 */
public class ApiAuthentication extends HttpFilter {
  private static final long serialVersionUID = 1L;

  private final transient RecentLogins recentLogins = new RecentLogins(Clock.systemUTC());

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (request.getUserPrincipal() == null && !isHealth(request) && !isTransfer(request)) {
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
      Optional<SecurityIdentity> identity = logIn(credentials[0], credentials[1]);
      if (identity.isEmpty()) {
        throttle.failed(address, credentials[0]);
        unauthorized(response, "Wrong user name or password, or the account is disabled");
        return;
      }
      throttle.succeeded(address, credentials[0]);
      runAs(identity.get(), new LoggedInRequest(request, identity.get()), response, chain);
      return;
    }
    chain.doFilter(request, response);
  }

  /**
   * Logs in through the security domain, as {@code request.login} would, but checks the password
   * against the stored digest only if it was not verified against that same digest in the last few
   * minutes ({@link RecentLogins}): the realm still finds the account (enabled ones only) and its
   * roles on every call.
   */
  private Optional<SecurityIdentity> logIn(String user, String password) throws ServletException {
    ServerAuthenticationContext login =
        SecurityDomain.getCurrent().createNewAuthenticationContext();
    try {
      login.setAuthenticationName(user);
      if (!login.exists()) {
        login.fail();
        return Optional.empty();
      }
      byte[] stored = storedDigest(login);
      boolean remembered = stored != null && recentLogins.verified(user, password, stored);
      boolean verified =
          remembered || login.verifyEvidence(new PasswordGuessEvidence(password.toCharArray()));
      if (!verified || !login.authorize()) {
        login.fail();
        return Optional.empty();
      }
      login.succeed();
      // Remembered from the check itself, not extended by each use: at most 5 minutes after it.
      if (stored != null && !remembered) {
        recentLogins.remember(user, password, stored);
      }
      return Optional.of(login.getAuthorizedIdentity());
    } catch (RealmUnavailableException | IllegalArgumentException e) {
      login.fail();
      throw new ServletException("Cannot check the login of account '" + user + "'", e);
    }
  }

  /** The account's stored salted password, or null if it has none the API can remember. */
  private static byte[] storedDigest(ServerAuthenticationContext login)
      throws RealmUnavailableException {
    PasswordCredential credential = login.getCredential(PasswordCredential.class);
    if (credential == null || !(credential.getPassword() instanceof ScramDigestPassword scram)) {
      return null;
    }
    return ByteBuffer.allocate(scram.getDigest().length + scram.getSalt().length + 4)
        .put(scram.getDigest())
        .put(scram.getSalt())
        .putInt(scram.getIterationCount())
        .array();
  }

  /** The rest of the request runs as the account (EJB calls see it, resources its roles). */
  // The PrivilegedExceptionAction form: its replacements take wildfly-common's function types,
  // a module this deployment does not see.
  @SuppressWarnings("deprecation")
  private static void runAs(
      SecurityIdentity identity,
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain)
      throws IOException, ServletException {
    try {
      identity.runAs(
          (PrivilegedExceptionAction<Void>)
              () -> {
                chain.doFilter(request, response);
                return null;
              });
    } catch (PrivilegedActionException e) {
      switch (e.getCause()) {
        case IOException io -> throw io;
        case ServletException servlet -> throw servlet;
        case RuntimeException runtime -> throw runtime;
        default -> throw new ServletException(e.getCause());
      }
    }
  }

  /** The request as the servlet API shows a logged-in one: its user and roles. */
  private static final class LoggedInRequest extends HttpServletRequestWrapper {
    private final SecurityIdentity identity;

    LoggedInRequest(HttpServletRequest request, SecurityIdentity identity) {
      super(request);
      this.identity = identity;
    }

    @Override
    public Principal getUserPrincipal() {
      return identity.getPrincipal();
    }

    @Override
    public String getRemoteUser() {
      return identity.getPrincipal().getName();
    }

    @Override
    public String getAuthType() {
      return HttpServletRequest.BASIC_AUTH;
    }

    @Override
    public boolean isUserInRole(String role) {
      return identity.getRoles().contains(role);
    }
  }

  /** Load balancers ask for the health without credentials; it tells nothing secret. */
  private static boolean isHealth(HttpServletRequest request) {
    return request.getRequestURI().equals(request.getContextPath() + HealthResource.PATH);
  }

  /**
   * The bitarchives' transfers, authenticated by their own bearer tokens (TransfersResource); not
   * the agents' uploads, which log in as the agents' account.
   */
  private static boolean isTransfer(HttpServletRequest request) {
    // The canonical path the request is dispatched by, not the raw URI ("/transfers/../x").
    String path =
        request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    return path.startsWith(ArchiveTransfers.PATH + "/")
        && !path.startsWith(TransfersResource.UPLOADS);
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
