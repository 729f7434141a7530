package org.netarchive.ee.web.interfaces.system.web;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;

/** Ends the session and returns to the login page. */
@Named
@RequestScoped
public class Logout {

  @Inject private HttpServletRequest request;

  public String logout() throws ServletException {
    request.logout();
    request.getSession().invalidate();
    return "/index.xhtml?faces-redirect=true";
  }
}
