package org.netarchive.ee.scheduler.domain.model.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.net.URI;
import java.net.URISyntaxException;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * Credentials the crawler uses for a protected part of a domain: HTTP authentication for a realm,
 * or a login form (the URL it is posted to and its user and password fields). The password is
 * stored sealed (see the scheduler's {@code PasswordSeal}: the key is outside the database); it is
 * never shown back in the UI or the API, and opened only for a crawl request.
 */
@Entity
@Table(name = "domain_password")
public class DomainPassword extends DomainPart {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "domain_password_seq")
  @SequenceGenerator(
      name = "domain_password_seq",
      sequenceName = "domain_password_seq",
      allocationSize = 1)
  private Long id;

  /** Longest URL kept. */
  public static final int MAX_URL_LENGTH = 2048;

  /** Longest realm or user name kept. */
  public static final int MAX_PART_LENGTH = 256;

  @Column(name = "url", nullable = false, length = MAX_URL_LENGTH)
  private String url;

  @Column(name = "realm", nullable = false, length = 256)
  private String realm;

  @Column(name = "username", nullable = false, length = 256)
  private String username;

  /** The clear password of an entry made before passwords were sealed; sealed at start-up. */
  @Column(name = "password", length = 256)
  private String legacyClearPassword;

  @Column(name = "password_sealed", length = 1024)
  private String sealedPassword;

  @Column(name = "login_user_field", length = 256)
  private String loginUserField;

  @Column(name = "login_password_field", length = 256)
  private String loginPasswordField;

  protected DomainPassword() {}

  DomainPassword(Domain domain, String name, Login login, String sealedPassword, String comments) {
    super(domain, Text.of("noun.password"), name);
    Text owner = describe();
    changeComments(comments);
    this.url =
        login.isForm()
            ? validLoginFormUrl(domain.name(), owner, login.url())
            : validUrl(owner, login.url());
    this.username = required(owner, Text.of("part.username"), login.username());
    if (login.isForm()) {
      this.loginUserField = required(owner, Text.of("part.loginUserField"), login.userField());
      this.loginPasswordField =
          required(owner, Text.of("part.loginPasswordField"), login.passwordField());
      this.realm = login.realm() == null ? "" : login.realm().strip();
    } else {
      this.realm = required(owner, Text.of("part.realm"), login.realm());
    }
    this.sealedPassword = required(owner, Text.of("part.password"), sealedPassword);
  }

  /**
   * Where and how the crawler logs in: HTTP authentication for a realm, or, with both form fields,
   * a login form posted to the URL.
   */
  public record Login(
      String url, String realm, String username, String userField, String passwordField) {

    /** HTTP authentication. */
    public static Login http(String url, String realm, String username) {
      return new Login(url, realm, username, null, null);
    }

    /** A login form, if either field is given (both are then required). */
    public boolean isForm() {
      return (userField != null && !userField.isBlank())
          || (passwordField != null && !passwordField.isBlank());
    }
  }

  /** How messages name a password entry: "password 'intranet' of domain 'kb.dk'". */
  public static String owner(String domainName, String passwordName) {
    return ownerText(domainName, passwordName).english();
  }

  /** As {@link #owner(String, String)}, to be said in any language. */
  public static Text ownerText(String domainName, String passwordName) {
    return Text.of("owner.password", passwordName, domainName);
  }

  /**
   * The address credentials are for, stripped.
   *
   * @param owner the entry, as {@link #owner(String, String)} names it
   * @throws IllegalArgumentException naming the value, if it is not an absolute http(s) URL
   */
  public static String validUrl(Text owner, String url) {
    try {
      URI uri = new URI(url == null ? "" : url.strip());
      if (uri.getScheme() == null
          || !(uri.getScheme().equalsIgnoreCase("http")
              || uri.getScheme().equalsIgnoreCase("https"))
          || uri.getHost() == null) {
        throw new RuleViolation(null, Text.of("password.urlNotHttp", url, owner));
      }
    } catch (URISyntaxException e) {
      throw new RuleViolation(null, Text.of("password.urlNotUrl", url, owner, e.getReason()));
    }
    if (url.strip().length() > MAX_URL_LENGTH) {
      throw new RuleViolation(null, Text.of("password.urlTooLong", owner, MAX_URL_LENGTH));
    }
    return url.strip();
  }

  /** As {@link #validUrl(Text, String)}, for an owner named in English only. */
  public static String validUrl(String owner, String url) {
    return validUrl(Text.verbatim(owner), url);
  }

  /**
   * The address of a login form, stripped: an http(s) URL on a host of the domain itself. The
   * crawler posts the form before the domain's other pages (its URL is the domain's first seed), so
   * a form on another domain would pull that domain into the crawl.
   *
   * @param domainName the domain the entry belongs to
   * @param owner the entry, as {@link #owner(String, String)} names it
   * @throws IllegalArgumentException naming the value, if it is not an http(s) URL on the domain
   */
  public static String validLoginFormUrl(String domainName, Text owner, String url) {
    String valid = validUrl(owner, url);
    String host = URI.create(valid).getHost().toLowerCase(java.util.Locale.ROOT);
    String domain = domainName.toLowerCase(java.util.Locale.ROOT);
    if (!host.equals(domain) && !host.endsWith("." + domain)) {
      throw new RuleViolation(
          null, Text.of("password.loginFormElsewhere", valid, owner, host, domainName));
    }
    return valid;
  }

  /** As {@link #validLoginFormUrl(String, Text, String)}, for an owner named in English only. */
  public static String validLoginFormUrl(String domainName, String owner, String url) {
    return validLoginFormUrl(domainName, Text.verbatim(owner), url);
  }

  /**
   * A part of the entry that must be given, stripped.
   *
   * @param owner the entry, as {@link #owner(String, String)} names it
   * @param part the part's name in the message, e.g. "realm"
   * @throws IllegalArgumentException if it is missing or blank
   */
  public static String required(Text owner, Text part, String value) {
    if (value == null || value.isBlank()) {
      throw new RuleViolation(null, Text.of("password.partRequired", part, owner));
    }
    if (value.strip().length() > MAX_PART_LENGTH) {
      throw new RuleViolation(
          null,
          Text.of("password.partTooLong", part, owner, value.strip().length(), MAX_PART_LENGTH));
    }
    return value.strip();
  }

  /** As {@link #required(Text, Text, String)}, for an owner and a part named in English only. */
  public static String required(String owner, String part, String value) {
    return required(Text.verbatim(owner), Text.verbatim(part), value);
  }

  public Long id() {
    return id;
  }

  public String url() {
    return url;
  }

  public String realm() {
    return realm;
  }

  public String username() {
    return username;
  }

  /** The sealed password; {@code null} only for an entry stored in the clear before sealing. */
  public String sealedPassword() {
    return sealedPassword;
  }

  /** The clear password of an entry stored before passwords were sealed, or {@code null}. */
  public String legacyClearPassword() {
    return legacyClearPassword;
  }

  /** Replaces a clear password stored before sealing with its sealed form. */
  public void seal(String sealed) {
    this.sealedPassword = sealed;
    this.legacyClearPassword = null;
  }

  /** The login form's user field, or {@code null} for HTTP authentication. */
  public String loginUserField() {
    return loginUserField;
  }

  /** The login form's password field, or {@code null} for HTTP authentication. */
  public String loginPasswordField() {
    return loginPasswordField;
  }

  /** What the sealed password is bound to: {@code domain/name}. */
  public String sealOwner() {
    return domain().name() + "/" + name();
  }

  @Override
  Text describe() {
    return ownerText(domain().name(), name());
  }
}
