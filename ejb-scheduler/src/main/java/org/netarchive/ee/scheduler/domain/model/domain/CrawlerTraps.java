package org.netarchive.ee.scheduler.domain.model.domain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.netarchive.ee.common.regex.RegexShapes;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

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
  public static List<String> validate(Text owner, List<String> traps) {
    LinkedHashSet<String> valid = new LinkedHashSet<>();
    for (String trap : traps) {
      if (trap == null || trap.isBlank()) {
        continue;
      }
      String expression = trap.strip();
      if (expression.length() > MAX_LENGTH) {
        throw new RuleViolation(
            null,
            Text.of("crawlerTrap.tooLong", owner, MAX_LENGTH, expression.substring(0, 40) + "..."));
      }
      try {
        Pattern.compile(expression);
      } catch (PatternSyntaxException e) {
        throw e.getIndex() >= 0
            ? new RuleViolation(
                null,
                Text.of(
                    "crawlerTrap.invalidNear", owner, expression, e.getDescription(), e.getIndex()))
            : new RuleViolation(
                null, Text.of("crawlerTrap.invalid", owner, expression, e.getDescription()));
      }
      String shape = RegexShapes.backtrackingPart(expression);
      if (shape != null) {
        throw new RuleViolation(
            null, Text.of("crawlerTrap.backtracking", owner, expression, shape));
      }
      valid.add(expression);
    }
    return new ArrayList<>(valid);
  }

  /** As {@link #validate(Text, List)}, for an owner named in English only. */
  public static List<String> validate(String owner, List<String> traps) {
    return validate(Text.verbatim(owner), traps);
  }

  /** Splits text with one expression per line. */
  public static List<String> lines(String text) {
    return text == null ? List.of() : text.lines().toList();
  }
}
