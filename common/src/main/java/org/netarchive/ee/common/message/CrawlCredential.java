package org.netarchive.ee.common.message;

/**
 * A password the crawler uses for a protected part of a domain of a {@link CrawlRequest}: HTTP
 * authentication (Basic or Digest) for a realm, or a login form posted before the domain's pages.
 *
 * <p>The clear password travels only in the crawl request to the agent, which writes it into the
 * job's Heritrix configuration and nowhere else: {@link #toString()} leaves it out, and {@link
 * #withoutPassword()} is what the agent keeps in the job directory.
 *
 * @param name the entry's name on the domain
 * @param url for HTTP authentication any URL of the protected server; for a login form the URL the
 *     form is posted to
 * @param realm the HTTP authentication realm; ignored for a login form
 * @param username the user name
 * @param password the clear password; {@code null} in the copy kept after the crawl
 * @param usernameField the login form's field for the user name; {@code null} for HTTP
 *     authentication
 * @param passwordField the login form's field for the password; {@code null} for HTTP
 *     authentication
 */
public record CrawlCredential(
    String name,
    String url,
    String realm,
    String username,
    @OptionalField String password,
    @OptionalField String usernameField,
    @OptionalField String passwordField) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if a required text is blank, or only one form field is given
   */
  public CrawlCredential {
    Fields.requireNonBlank(name, "name");
    Fields.requireNonBlank(url, "url of credential " + name);
    Fields.requireNonNull(realm, "realm of credential " + name);
    Fields.requireNonBlank(username, "username of credential " + name);
    Fields.requireNullOrNonBlank(usernameField, "usernameField of credential " + name);
    Fields.requireNullOrNonBlank(passwordField, "passwordField of credential " + name);
    if ((usernameField == null) != (passwordField == null)) {
      throw new IllegalArgumentException(
          "Credential " + name + " must name both login form fields or neither");
    }
  }

  /** Whether this is a login form rather than HTTP authentication. */
  public boolean isLoginForm() {
    return usernameField != null;
  }

  /** The same entry without its password. */
  public CrawlCredential withoutPassword() {
    return new CrawlCredential(name, url, realm, username, null, usernameField, passwordField);
  }

  /** Names the entry, never its password. */
  @Override
  public String toString() {
    return "CrawlCredential[name="
        + name
        + ", url="
        + url
        + ", realm="
        + realm
        + ", username="
        + username
        + ", password="
        + (password == null ? "(none)" : "(set)")
        + (isLoginForm() ? ", form fields=" + usernameField + "," + passwordField : "")
        + "]";
  }
}
