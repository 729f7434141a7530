package org.netarchive.ee.scheduler.domain.model;

/**
 * Free text (an error, a reason, a refused input line) kept in a column of limited length: cut with
 * an ellipsis, so a reader sees that there was more, rather than refused for being long.
 */
public final class ColumnText {

  private ColumnText() {}

  /**
   * The text as the column keeps it.
   *
   * @param text the text, or {@code null}
   * @param max the column's length, at least 1
   * @return the text if it fits, else its first {@code max - 1} characters and "…"; {@code null}
   *     for {@code null}
   */
  public static String clip(String text, int max) {
    if (text == null || text.length() <= max) {
      return text;
    }
    return text.substring(0, max - 1) + "…";
  }
}
