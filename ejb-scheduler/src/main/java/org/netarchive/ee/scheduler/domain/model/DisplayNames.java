package org.netarchive.ee.scheduler.domain.model;

/** The rule for free-form names shown to people (harvests, crawler trap lists). */
public final class DisplayNames {

  private DisplayNames() {}

  /**
   * The form such a name is stored in: without surrounding blanks, 1 to {@code maxLength}
   * characters, no control characters.
   *
   * @param what what is named, for the message, e.g. {@code Text.of("noun.harvestName")}
   * @throws IllegalArgumentException naming the value and the rule
   */
  public static String check(Text what, String name, int maxLength) {
    String stripped = name == null ? "" : name.strip();
    if (stripped.isEmpty()
        || stripped.length() > maxLength
        || stripped.chars().anyMatch(Character::isISOControl)) {
      throw new RuleViolation(
          null,
          name == null
              ? Text.of("displayName.missing", what, maxLength)
              : Text.of("displayName.invalid", what, name, maxLength));
    }
    return stripped;
  }
}
