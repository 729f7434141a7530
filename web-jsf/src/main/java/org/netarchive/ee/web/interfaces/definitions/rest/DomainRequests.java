package org.netarchive.ee.web.interfaces.definitions.rest;

import java.util.List;

/** Request bodies of the domain resources. */
public final class DomainRequests {

  private DomainRequests() {}

  /** Create a domain. */
  public record NewDomain(String name, String comments) {}

  /**
   * Change a domain's own fields; {@code version} is the version the change was made on. Absent
   * fields keep their values.
   */
  public record DomainChange(
      Integer version,
      String comments,
      List<String> crawlerTraps,
      String aliasOf,
      String defaultConfiguration) {}

  /** Create or change a seed list. */
  public record SeedListRequest(
      String name, List<String> seeds, String comments, Integer version) {}

  /**
   * Create or change a configuration. Created, absent limits take the defaults; changed, absent
   * members keep their values.
   */
  public record ConfigurationRequest(
      String name,
      Long templateId,
      Long maxObjects,
      Long maxBytes,
      Integer maxRequestRate,
      Integer maxHops,
      Boolean honorRobots,
      Boolean extractJavascript,
      List<String> seedLists,
      List<String> passwords,
      String comments,
      Integer version) {}

  /** Create a password entry. */
  public record PasswordRequest(
      String name,
      String url,
      String realm,
      String username,
      String password,
      String usernameField,
      String passwordField,
      String comments) {}
}
