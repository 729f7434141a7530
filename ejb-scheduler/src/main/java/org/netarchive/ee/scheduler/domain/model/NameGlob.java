package org.netarchive.ee.scheduler.domain.model;

import java.util.Locale;

/**
 * A name filter as people type it: {@code *} for any characters, {@code ?} for one, everything else
 * literal and case-insensitive; blank means everything. Turned into a lower-case SQL LIKE pattern
 * whose escape character is {@link #ESCAPE} (queries say {@code ESCAPE '!'}), so "50%_off" matches
 * only itself.
 */
public final class NameGlob {

  /** The LIKE escape character of the patterns. */
  public static final char ESCAPE = '!';

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
        case '%', '_', ESCAPE -> like.append(ESCAPE).append(c);
        default -> like.append(c);
      }
    }
    return like.toString();
  }
}
