package org.netarchive.ee.web.interfaces.system.web;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Who is logged in and what the roles allow, for pages to show only what the user may use. The
 * services check the roles again; this only keeps the menu and the buttons honest.
 */
@Named
@RequestScoped
public class CurrentUser {

  @Inject private HttpServletRequest request;

  public String getName() {
    return request.getRemoteUser();
  }

  /** Admins: everything, including crawl templates and accounts. */
  public boolean isAdmin() {
    return request.isUserInRole("admin");
  }

  /** Curators and admins: create and change definitions. */
  public boolean isEditor() {
    return request.isUserInRole("admin") || request.isUserInRole("curator");
  }
}
