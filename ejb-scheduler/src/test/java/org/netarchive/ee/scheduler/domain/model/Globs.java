package org.netarchive.ee.scheduler.domain.model;

import java.util.regex.Pattern;

/** Name globs as the repositories read them ({@link NameGlob}), for repositories in memory. */
public final class Globs {

  private Globs() {}

  /** Whether {@code name} matches {@code glob}: {@code *}, {@code ?}, case-insensitive. */
  public static boolean matches(String glob, String name) {
    if (glob == null || glob.isBlank()) {
      return true;
    }
    StringBuilder regex = new StringBuilder();
    for (char c : glob.strip().toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(
            regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL)
        .matcher(name)
        .matches();
  }
}
