package org.netarchive.ee.scheduler.domain.model.domain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.netarchive.ee.common.regex.RegexShapes;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;

/**
 * Validation of crawler traps: regular expressions (Java syntax, as Heritrix uses) for URIs that
 * must not be crawled.
 */
public final class CrawlerTraps {

  /** Longest single expression accepted. */
  public static final int MAX_LENGTH = 1000;

  private CrawlerTraps() {}

  /**
   * Checks and normalises a list of traps: blank lines are dropped, duplicates removed, each
   * expression compiled.
   *
   * @param owner what the traps belong to, for the message, e.g. "domain 'kb.dk'"
   * @throws IllegalArgumentException naming the owner, the expression and the syntax error
   */
  public static List<String> validate(String owner, List<String> traps) {
    LinkedHashSet<String> valid = new LinkedHashSet<>();
    for (String trap : traps) {
      if (trap == null || trap.isBlank()) {
        continue;
      }
      String expression = trap.strip();
      if (expression.length() > MAX_LENGTH) {
        throw new IllegalArgumentException(
            "Crawler trap of "
                + owner
                + " is longer than "
                + MAX_LENGTH
                + " characters: '"
                + expression.substring(0, 40)
                + "...'");
      }
      try {
        Pattern.compile(expression);
      } catch (PatternSyntaxException e) {
        String message =
            "Crawler trap '"
                + expression
                + "' of "
                + owner
                + " is not a valid regular expression: "
                + e.getDescription();
        throw e.getIndex() >= 0
            ? new RuleViolation(
                null,
                "crawlerTrap.invalidNear",
                message + " near index " + e.getIndex(),
                owner,
                expression,
                e.getDescription(),
                e.getIndex())
            : new RuleViolation(
                null, "crawlerTrap.invalid", message, owner, expression, e.getDescription());
      }
      String shape = RegexShapes.backtrackingPart(expression);
      if (shape != null) {
        throw new RuleViolation(
            null,
            "crawlerTrap.backtracking",
            "Crawler trap '"
                + expression
                + "' of "
                + owner
                + " can take exponential time on some URIs: the group '"
                + shape
                + "' repeats something that itself repeats or has alternatives that match alike;"
                + " write it without the nested repetition, or make the outer one possessive"
                + " ('++', '*+')",
            owner,
            expression,
            shape);
      }
      valid.add(expression);
    }
    return new ArrayList<>(valid);
  }

  /** Splits text with one expression per line. */
  public static List<String> lines(String text) {
    return text == null ? List.of() : text.lines().toList();
  }
}
