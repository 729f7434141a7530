package org.netarchive.ee.scheduler.domain.model;

/** The rule for free-form names shown to people (harvests, crawler trap lists). */
public final class DisplayNames {

  private DisplayNames() {}

  /**
   * The form such a name is stored in: without surrounding blanks, 1 to {@code maxLength}
   * characters, no control characters.
   *
   * @param what what is named, for the message, e.g. "Harvest name"
   * @throws IllegalArgumentException naming the value and the rule
   */
  public static String check(String what, String name, int maxLength) {
    String stripped = name == null ? "" : name.strip();
    if (stripped.isEmpty()
        || stripped.length() > maxLength
        || stripped.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          what
              + " "
              + (name == null ? "null" : "'" + name + "'")
              + " is not valid: use 1 to "
              + maxLength
              + " characters without tabs or line breaks");
    }
    return stripped;
  }
}
