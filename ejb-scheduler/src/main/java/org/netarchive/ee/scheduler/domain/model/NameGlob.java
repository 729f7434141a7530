package org.netarchive.ee.scheduler.domain.model;

import java.util.Locale;

/**
 * A name filter as people type it: {@code *} for any characters, {@code ?} for one, everything else
 * literal and case-insensitive; blank means everything. Turned into a SQL LIKE pattern with {@code
 * \} as the escape character.
 */
public final class NameGlob {

  private NameGlob() {}

  /** The LIKE pattern (lower-cased) for a glob; {@code %} for a blank or null glob. */
  public static String toLikePattern(String glob) {
    if (glob == null || glob.isBlank()) {
      return "%";
    }
    StringBuilder like = new StringBuilder();
    for (char c : glob.strip().toLowerCase(Locale.ROOT).toCharArray()) {
      switch (c) {
        case '*' -> like.append('%');
        case '?' -> like.append('_');
        case '%', '_', '\\' -> like.append('\\').append(c);
        default -> like.append(c);
      }
    }
    return like.toString();
  }
}
