package org.netarchive.ee.web.interfaces.system.web;

import jakarta.ejb.EJB;
import jakarta.ejb.EJBAccessException;
import jakarta.enterprise.context.SessionScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.UserLanguages;
import org.netarchive.ee.scheduler.domain.model.account.Account;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * The admin UI's language of the person logged in: the one kept with their account (read once per
 * session), else the browser's ({@link LanguageViewHandler} applies it to every page). The language
 * menu of the top bar changes it, keeps it with the account and shows the same page again in it.
 */
@Named
@SessionScoped
public class UserLanguage implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The menu's value for no choice: the browser's language. */
  public static final String BROWSER = "browser";

  /** A language of the menu, by code, named in itself (Deutsch, français). */
  public record Offered(String code, String name) implements Serializable {}

  @EJB private UserLanguages languages;

  /** Whose choice {@link #chosen} is; null until read. */
  private String loadedFor;

  private String chosen;

  /** What the menu submitted: a code, or {@link #BROWSER}. */
  private String choice;

  /** The page the menu was on, to show again after the change. */
  private String returnTo;

  /** The language the person logged in chose, by code; empty: the browser's. */
  public Optional<String> chosen() {
    String user = FacesContext.getCurrentInstance().getExternalContext().getRemoteUser();
    if (user == null) {
      return Optional.empty();
    }
    if (!user.equals(loadedFor)) {
      try {
        chosen = languages.chosen().orElse(null);
      } catch (EJBAccessException notAPerson) {
        chosen = null; // an account without a role of the UI (the agents') has no choice
      }
      loadedFor = user;
    }
    return Optional.ofNullable(chosen);
  }

  /** The languages of the menu, each named in itself. */
  public List<Offered> getOffered() {
    return Account.LANGUAGES.stream()
        .map(
            code -> {
              Locale locale = Locale.of(code);
              String name = locale.getDisplayLanguage(locale);
              return new Offered(
                  code, name.substring(0, 1).toUpperCase(locale) + name.substring(1));
            })
        .toList();
  }

  /** The menu's value: the chosen code, or {@link #BROWSER}. */
  public String getChoice() {
    return chosen().orElse(BROWSER);
  }

  public void setChoice(String choice) {
    this.choice = choice;
  }

  /** The page shown now, for the menu's form to send back. */
  public String getReturnTo() {
    HttpServletRequest request =
        (HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest();
    String query = request.getQueryString();
    return request.getRequestURI() + (query == null ? "" : "?" + query);
  }

  public void setReturnTo(String returnTo) {
    this.returnTo = returnTo;
  }

  /** Keeps the menu's choice with the account and shows the page again in that language. */
  public void choose() throws IOException {
    String code = choice == null || choice.isBlank() || choice.equals(BROWSER) ? null : choice;
    if (Refusals.attempt(
            "language",
            "choice",
            () -> {
              languages.choose(code);
              return Boolean.TRUE; // the call's result; code may be null
            })
        .isEmpty()) {
      return;
    }
    chosen = code;
    loadedFor = FacesContext.getCurrentInstance().getExternalContext().getRemoteUser();
    ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
    external.redirect(localPage(external.getRequestContextPath(), returnTo));
  }

  /**
   * {@code page} if it is a path of this application (never another site: the form's value is the
   * browser's to change), else the start page.
   */
  static String localPage(String contextPath, String page) {
    String root = contextPath + "/";
    if (page != null
        && page.startsWith(root)
        && !page.startsWith("//")
        && !page.contains("\\")
        && page.chars().noneMatch(Character::isISOControl)) {
      return page;
    }
    return root;
  }
}
