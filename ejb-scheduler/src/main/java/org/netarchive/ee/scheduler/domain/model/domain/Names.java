package org.netarchive.ee.scheduler.domain.model.domain;

import java.util.regex.Pattern;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/** The rule for names of configurations, seed lists and passwords. */
public final class Names {

  private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N} ._\\-]{0,127}");

  private Names() {}

  /**
   * The name, stripped, if it keeps the rule.
   *
   * @param what the kind of thing named, e.g. {@code Text.of("noun.seedList")} ("seed list")
   */
  public static String check(Text what, String name) {
    String trimmed = name == null ? "" : name.strip();
    if (!NAME.matcher(trimmed).matches()) {
      throw new RuleViolation("name", Text.of("name.invalid", what, name));
    }
    return trimmed;
  }

  /** As {@link #check(Text, String)}, for a kind of thing named in English only. */
  public static String check(String what, String name) {
    return check(Text.verbatim(what), name);
  }
}
