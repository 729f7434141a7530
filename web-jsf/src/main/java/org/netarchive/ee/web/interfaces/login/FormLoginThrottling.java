package org.netarchive.ee.web.interfaces.login;

import io.undertow.security.api.SecurityContext;
import io.undertow.server.HttpServerExchange;
import io.undertow.servlet.ServletExtension;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.handlers.ServletRequestContext;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * Throttles the admin UI's form login. The container handles {@code j_security_check} before any
 * servlet filter runs, so this is an Undertow handler placed in front of the server's security
 * handlers: a refused attempt never reaches the password check and goes back to the login page with
 * the reason; the outcome of every other one is counted. It also makes the application's one {@link
 * LoginThrottle}, which the REST API's authentication uses too.
 */
public class FormLoginThrottling implements ServletExtension {

  @Override
  public void handleDeployment(DeploymentInfo deployment, ServletContext context) {
    LoginThrottle throttle = new LoginThrottle(Clock.systemUTC());
    context.setAttribute(LoginThrottle.ATTRIBUTE, throttle);
    deployment.addOuterHandlerChainWrapper(
        next ->
            exchange -> {
              if (!Methods.POST.equals(exchange.getRequestMethod())
                  || !exchange.getRequestPath().endsWith("/j_security_check")) {
                next.handleRequest(exchange);
                return;
              }
              ServletRequest request =
                  exchange.getAttachment(ServletRequestContext.ATTACHMENT_KEY).getServletRequest();
              String address = request.getRemoteAddr();
              String account = Objects.requireNonNullElse(request.getParameter("j_username"), "");
              Optional<LoginThrottle.Refusal> refusal = throttle.check(address, account);
              if (refusal.isPresent()) {
                backToLoginPage(exchange, refusal.get());
                return;
              }
              next.handleRequest(exchange);
              SecurityContext security = exchange.getSecurityContext();
              if (security != null && security.isAuthenticated()) {
                throttle.succeeded(address, account);
              } else {
                throttle.failed(address, account);
              }
            });
  }

  private static void backToLoginPage(HttpServerExchange exchange, LoginThrottle.Refusal refusal) {
    // Relative to /j_security_check; the page shows the reason from these parameters.
    exchange.setStatusCode(StatusCodes.SEE_OTHER);
    exchange
        .getResponseHeaders()
        .put(
            Headers.LOCATION,
            "login.xhtml?throttled="
                + (refusal.byAddress() ? "address" : "account")
                + "&retryAfter="
                + refusal.seconds()
                + "&account="
                + URLEncoder.encode(refusal.account(), StandardCharsets.UTF_8));
    exchange.getResponseHeaders().put(Headers.RETRY_AFTER, Long.toString(refusal.seconds()));
    exchange.endExchange();
  }
}
