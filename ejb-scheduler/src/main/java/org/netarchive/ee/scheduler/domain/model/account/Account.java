package org.netarchive.ee.scheduler.domain.model.account;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** A person or agent that may log in, with its roles. */
@Entity
@Table(name = "nas_user")
@NamedQuery(
    name = "Account.countWithRole",
    query = "SELECT COUNT(a) FROM Account a JOIN a.roles r WHERE r = :role AND a.enabled = TRUE")
public class Account {

  /** The languages the admin UI speaks, by ISO 639-1 code; English first, the default. */
  public static final List<String> LANGUAGES = List.of("en", "da", "de", "fr", "it");

  private static final Pattern USERNAME = Pattern.compile("[a-z][a-z0-9._-]{1,63}");

  @Id
  @Column(name = "username", length = 64)
  private String username;

  @Column(name = "password_hash", nullable = false)
  private String passwordHash;

  @Column(name = "password_salt", nullable = false)
  private String passwordSalt;

  @Column(name = "password_iterations", nullable = false)
  private int passwordIterations;

  @Column(name = "enabled", nullable = false)
  private boolean enabled;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "nas_user_role", joinColumns = @JoinColumn(name = "username"))
  @Column(name = "role_name")
  @Convert(converter = RoleConverter.class)
  private Set<Role> roles = EnumSet.noneOf(Role.class);

  /** The admin UI's language this person chose; null for the browser's. */
  @Column(name = "ui_language", length = 8)
  private String language;

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected Account() {}

  /** A new, enabled account. */
  public Account(String username, PasswordDigest password, Set<Role> roles, Instant createdAt) {
    if (username == null || !USERNAME.matcher(username).matches()) {
      throw new IllegalArgumentException(
          "User name '"
              + username
              + "' is not valid: use 2 to 64 lower-case letters, digits, '.', '_' or '-', starting"
              + " with a letter");
    }
    if (roles.isEmpty()) {
      throw new IllegalArgumentException("Account '" + username + "' needs at least one role");
    }
    this.username = username;
    this.roles = EnumSet.copyOf(roles);
    this.enabled = true;
    this.createdAt = createdAt;
    changePassword(password);
  }

  public void changePassword(PasswordDigest password) {
    this.passwordHash = password.hash();
    this.passwordSalt = password.salt();
    this.passwordIterations = password.iterations();
  }

  public String username() {
    return username;
  }

  public Set<Role> roles() {
    return Set.copyOf(roles);
  }

  public boolean enabled() {
    return enabled;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public PasswordDigest password() {
    return new PasswordDigest(passwordHash, passwordSalt, passwordIterations);
  }

  /** The admin UI's language this person chose, by code; empty: the browser's. */
  public Optional<String> language() {
    return Optional.ofNullable(language);
  }

  /**
   * Chooses the admin UI's language.
   *
   * @param code one of {@link #LANGUAGES}; {@code null} or blank for the browser's language
   * @throws IllegalArgumentException naming the code if the UI does not speak it
   */
  public void chooseLanguage(String code) {
    if (code == null || code.isBlank()) {
      this.language = null;
      return;
    }
    if (!LANGUAGES.contains(code)) {
      throw new IllegalArgumentException(
          "Language '"
              + code
              + "' of account '"
              + username
              + "' is not one the UI speaks: "
              + String.join(", ", LANGUAGES)
              + ", or none for the browser's");
    }
    this.language = code;
  }
}
