package org.netarchive.ee.scheduler.domain.model.domain;

import java.util.regex.Pattern;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;

/** The rule for names of configurations, seed lists and passwords. */
public final class Names {

  private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N} ._\\-]{0,127}");

  private Names() {}

  public static String check(String what, String name) {
    String trimmed = name == null ? "" : name.strip();
    if (!NAME.matcher(trimmed).matches()) {
      throw new RuleViolation(
          "name",
          "name.invalid",
          "The name of a "
              + what
              + " must be 1 to 128 letters, digits, spaces, '.', '_' or '-', starting with a letter"
              + " or digit, not '"
              + name
              + "'",
          what,
          name);
    }
    return trimmed;
  }
}
