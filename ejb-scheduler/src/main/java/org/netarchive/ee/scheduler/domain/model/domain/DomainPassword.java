package org.netarchive.ee.scheduler.domain.model.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Credentials the crawler uses for a protected part of a domain (HTTP authentication). The crawler
 * needs the clear password, so it is stored as given; it is never shown back in the UI or the API.
 */
@Entity
@Table(name = "domain_password")
public class DomainPassword {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "domain_password_seq")
  @SequenceGenerator(
      name = "domain_password_seq",
      sequenceName = "domain_password_seq",
      allocationSize = 1)
  private Long id;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "domain_id")
  private Domain domain;

  @Column(name = "name", nullable = false, length = 128)
  private String name;

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

  @Column(name = "password", nullable = false, length = 256)
  private String password;

  @Column(name = "comments", length = Comments.MAX_LENGTH)
  private String comments;

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected DomainPassword() {}

  DomainPassword(
      Domain domain,
      String name,
      String url,
      String realm,
      String username,
      String password,
      String comments) {
    this.domain = domain;
    this.name = Names.check("password", name);
    this.comments = Comments.checked(owner(domain.name(), this.name), comments);
    change(url, realm, username, password);
  }

  /** Replaces the credentials; a null password keeps the stored one. */
  public void change(String newUrl, String newRealm, String newUsername, String newPassword) {
    String owner = owner(domain.name(), name);
    String checkedUrl = validUrl(owner, newUrl);
    String checkedRealm = required(owner, "realm", newRealm);
    String checkedUsername = required(owner, "user name", newUsername);
    if (newPassword == null && password == null) {
      required(owner, "password", null);
    }
    this.url = checkedUrl;
    this.realm = checkedRealm;
    this.username = checkedUsername;
    if (newPassword != null) {
      this.password = newPassword;
    }
  }

  /** How messages name a password entry: "password 'intranet' of domain 'kb.dk'". */
  public static String owner(String domainName, String passwordName) {
    return "password '" + passwordName + "' of domain '" + domainName + "'";
  }

  /**
   * The address credentials are for, stripped.
   *
   * @param owner the entry, as {@link #owner(String, String)} names it
   * @throws IllegalArgumentException naming the value, if it is not an absolute http(s) URL
   */
  public static String validUrl(String owner, String url) {
    try {
      URI uri = new URI(url == null ? "" : url.strip());
      if (uri.getScheme() == null
          || !(uri.getScheme().equalsIgnoreCase("http")
              || uri.getScheme().equalsIgnoreCase("https"))
          || uri.getHost() == null) {
        throw new IllegalArgumentException(
            "The URL '" + url + "' of " + owner + " is not an http(s) URL");
      }
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "The URL '" + url + "' of " + owner + " is not an http(s) URL: " + e.getReason());
    }
    if (url.strip().length() > MAX_URL_LENGTH) {
      throw new IllegalArgumentException(
          "The URL of " + owner + " is longer than " + MAX_URL_LENGTH + " characters");
    }
    return url.strip();
  }

  /**
   * A part of the entry that must be given, stripped.
   *
   * @param owner the entry, as {@link #owner(String, String)} names it
   * @param part the part's name in the message, e.g. "realm"
   * @throws IllegalArgumentException if it is missing or blank
   */
  public static String required(String owner, String part, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("The " + part + " of " + owner + " is required");
    }
    if (value.strip().length() > MAX_PART_LENGTH) {
      throw new IllegalArgumentException(
          "The "
              + part
              + " of "
              + owner
              + " is "
              + value.strip().length()
              + " characters long; at most "
              + MAX_PART_LENGTH
              + " are kept");
    }
    return value.strip();
  }

  public Long id() {
    return id;
  }

  public String name() {
    return name;
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

  /** The clear password, for the crawler only. */
  public String passwordForCrawler() {
    return password;
  }

  public String comments() {
    return comments;
  }
}
