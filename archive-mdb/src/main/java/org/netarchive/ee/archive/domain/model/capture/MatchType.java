package org.netarchive.ee.archive.domain.model.capture;

import java.util.Locale;

/** How a query's URL selects captures, as in the CDX server API. */
public enum MatchType {
  /** The URL itself (its SURT key). */
  EXACT,
  /** Every URL that starts with the URL (in SURT form). */
  PREFIX,
  /** Every URL of the URL's host. */
  HOST,
  /** Every URL of the URL's host and its subdomains. */
  DOMAIN;

  /**
   * Reads a match type by its name in any case.
   *
   * @param value the name, e.g. {@code prefix}
   * @return the match type
   * @throws IllegalArgumentException naming the value and the match types
   */
  public static MatchType parse(String value) {
    if (value != null) {
      for (MatchType type : values()) {
        if (type.name().equalsIgnoreCase(value.strip())) {
          return type;
        }
      }
    }
    throw new IllegalArgumentException(
        "Unknown matchType '" + value + "'; the match types are exact, prefix, host, domain");
  }

  /** The name as the CDX server API writes it. */
  public String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
