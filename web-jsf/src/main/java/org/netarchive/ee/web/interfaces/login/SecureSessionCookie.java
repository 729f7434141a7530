package org.netarchive.ee.web.interfaces.login;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Marks the session cookie (JSESSIONID) {@code Secure} when the server serves HTTPS only ({@code
 * NAS_TLS=on}, the distribution launcher's setting), so that a browser never sends it over plain
 * HTTP. The rest of the cookie's settings are web.xml's; a web.xml {@code cookie-config} replaces
 * Undertow's servlet-container default as a whole, so the flag is set here, while the application
 * starts.
 */
@WebListener
public class SecureSessionCookie implements ServletContextListener {

  /** The launcher's setting, in the server's environment: {@code on} for HTTPS only. */
  static final String TLS_VARIABLE = "NAS_TLS";

  @Override
  public void contextInitialized(ServletContextEvent event) {
    if ("on".equals(System.getenv(TLS_VARIABLE))) {
      event.getServletContext().getSessionCookieConfig().setSecure(true);
    }
  }
}
