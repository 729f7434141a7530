package org.netarchive.ee.scheduler.application.domain;

import java.time.Instant;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainPassword;
import org.netarchive.ee.scheduler.domain.model.domain.SeedList;

/** Read models of a domain for the UI and the API. Passwords are never part of them. */
public final class DomainViews {

  private DomainViews() {}

  /** A domain with everything it owns. */
  public record DomainView(
      String name,
      String unicodeName,
      String topLevelDomain,
      String comments,
      List<String> crawlerTraps,
      String aliasOf,
      Instant aliasSetAt,
      String defaultConfiguration,
      List<ConfigurationView> configurations,
      List<SeedListView> seedLists,
      List<PasswordView> passwords,
      Instant createdAt,
      int version) {}

  /** A configuration; its template by id, seed lists and passwords by name. */
  public record ConfigurationView(
      String name,
      long templateId,
      long maxObjects,
      long maxBytes,
      int maxRequestRate,
      int maxHops,
      boolean honorRobots,
      boolean extractJavascript,
      List<String> seedLists,
      List<String> passwords,
      String comments,
      int version) {

    public CrawlSettings settings() {
      return new CrawlSettings(
          maxObjects, maxBytes, maxRequestRate, maxHops, honorRobots, extractJavascript);
    }
  }

  /** A seed list. */
  public record SeedListView(String name, List<String> seeds, String comments, int version) {}

  /** A password entry without the password. */
  /**
   * A password entry as it is shown: never its password, only that one is set. A login form has its
   * two field names; HTTP authentication has none.
   */
  public record PasswordView(
      String name,
      String url,
      String realm,
      String username,
      String usernameField,
      String passwordField,
      boolean passwordSet,
      String comments) {}

  static DomainView of(Domain domain) {
    return new DomainView(
        domain.name(),
        domain.unicodeName(),
        domain.topLevelDomain(),
        domain.comments(),
        domain.crawlerTraps(),
        domain.aliasOf().map(Domain::name).orElse(null),
        domain.aliasSetAt().orElse(null),
        domain.defaultConfiguration().name(),
        domain.configurations().stream().map(DomainViews::of).toList(),
        domain.seedLists().stream().map(DomainViews::of).toList(),
        domain.passwords().stream().map(DomainViews::of).toList(),
        domain.createdAt(),
        domain.version());
  }

  static ConfigurationView of(DomainConfiguration c) {
    CrawlSettings s = c.settings();
    return new ConfigurationView(
        c.name(),
        c.templateId(),
        s.maxObjects(),
        s.maxBytes(),
        s.maxRequestRate(),
        s.maxHops(),
        s.honorRobots(),
        s.extractJavascript(),
        c.seedLists().stream().map(SeedList::name).toList(),
        c.passwords().stream().map(DomainPassword::name).toList(),
        c.comments(),
        c.version());
  }

  static SeedListView of(SeedList s) {
    return new SeedListView(s.name(), s.seeds(), s.comments(), s.version());
  }

  static PasswordView of(DomainPassword p) {
    return new PasswordView(
        p.name(),
        p.url(),
        p.realm(),
        p.username(),
        p.loginUserField(),
        p.loginPasswordField(),
        p.sealedPassword() != null || p.legacyClearPassword() != null,
        p.comments());
  }
}
