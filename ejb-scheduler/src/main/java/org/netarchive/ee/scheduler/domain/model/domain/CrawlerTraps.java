package org.netarchive.ee.scheduler.domain.model.domain;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
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
      String shape = backtrackingShape(expression);
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

  /**
   * The part of an expression that can backtrack catastrophically, or {@code null}. Heritrix, not
   * the archive, evaluates the traps with java.util.regex against every URI it discovers, so the
   * archive cannot bound the matching; it refuses the shapes that make it exponential instead: a
   * group repeated without bound that holds an unbounded repetition itself ({@code (a+)+}, {@code
   * (.*x)*}) or alternatives that start alike ({@code (a|a)*}, {@code (.|x)+}). Possessive
   * quantifiers and atomic groups do not backtrack and are accepted. This is a cautious reading of
   * the syntax, not a proof: it refuses some harmless expressions and does not find every slow one.
   */
  static String backtrackingShape(String regex) {
    Deque<Group> groups = new ArrayDeque<>();
    groups.push(new Group(-1, false));
    int i = 0;
    int n = regex.length();
    while (i < n) {
      char c = regex.charAt(i);
      int atomStart = i;
      Group closed = null;
      if (c == '\\') {
        i = endOfEscape(regex, i);
      } else if (c == '[') {
        i = endOfClass(regex, i);
      } else if (c == '(') {
        int body = startOfGroupBody(regex, i);
        if (body < 0) { // inline flags such as (?i): no group
          i = regex.indexOf(')', i) + 1;
          continue;
        }
        groups.push(new Group(i, regex.startsWith("(?>", i)));
        i = body;
        continue;
      } else if (c == '|') {
        groups.peek().alternative();
        i++;
        continue;
      } else if (c == ')' && groups.size() > 1) {
        closed = groups.pop();
        closed.alternative();
        atomStart = closed.start;
        i++;
      } else {
        i++;
      }
      int quantifierEnd = endOfQuantifier(regex, i);
      String quantifier = regex.substring(i, quantifierEnd);
      boolean unbounded =
          quantifier.startsWith("*")
              || quantifier.startsWith("+")
              || quantifier.matches("\\{\\d+,}.*");
      boolean possessive = quantifier.length() > 1 && quantifier.endsWith("+");
      if (closed != null
          && unbounded
          && !possessive
          && !closed.atomic
          && (closed.repeats || closed.alternativesOverlap())) {
        return regex.substring(closed.start, quantifierEnd);
      }
      Group enclosing = groups.peek();
      enclosing.atom(regex.substring(atomStart, i));
      enclosing.repeats |= (unbounded && !possessive) || (closed != null && closed.repeats);
      i = quantifierEnd;
    }
    return null;
  }

  /** A group being read: whether it repeats without bound inside, the first atom of each branch. */
  private static final class Group {
    final int start;
    final boolean atomic;
    boolean repeats;
    final List<String> firstAtoms = new ArrayList<>();
    boolean branchStarted;

    Group(int start, boolean atomic) {
      this.start = start;
      this.atomic = atomic;
    }

    void atom(String atom) {
      if (!branchStarted) {
        firstAtoms.add(atom);
        branchStarted = true;
      }
    }

    void alternative() {
      branchStarted = false;
    }

    boolean alternativesOverlap() {
      return firstAtoms.size() > 1
          && (firstAtoms.contains(".") || new HashSet<>(firstAtoms).size() < firstAtoms.size());
    }
  }

  private static int endOfEscape(String regex, int i) {
    if (regex.startsWith("\\Q", i)) {
      int end = regex.indexOf("\\E", i + 2);
      return end < 0 ? regex.length() : end + 2;
    }
    int next = Math.min(i + 2, regex.length());
    if (next < regex.length() && regex.charAt(next) == '{') { // \p{Alpha}, \x{1F600}
      int close = regex.indexOf('}', next);
      return close < 0 ? regex.length() : close + 1;
    }
    return next;
  }

  private static int endOfClass(String regex, int i) {
    int j = i + 1;
    if (j < regex.length() && regex.charAt(j) == '^') {
      j++;
    }
    if (j < regex.length() && regex.charAt(j) == ']') {
      j++;
    }
    int depth = 1;
    while (j < regex.length() && depth > 0) {
      char c = regex.charAt(j);
      if (c == '\\') {
        j = endOfEscape(regex, j);
        continue;
      }
      if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      }
      j++;
    }
    return j;
  }

  /** Where the body of the group opened at {@code i} starts; -1 for inline flags. */
  private static int startOfGroupBody(String regex, int i) {
    if (!regex.startsWith("(?", i)) {
      return i + 1;
    }
    int j = i + 2;
    if (regex.startsWith("<", j) && !regex.startsWith("<=", j) && !regex.startsWith("<!", j)) {
      return regex.indexOf('>', j) + 1; // named group
    }
    if (regex.startsWith("<", j)) {
      return j + 2; // look-behind
    }
    if (j < regex.length() && "=!>".indexOf(regex.charAt(j)) >= 0) {
      return j + 1;
    }
    while (j < regex.length() && (Character.isLetter(regex.charAt(j)) || regex.charAt(j) == '-')) {
      j++;
    }
    return j < regex.length() && regex.charAt(j) == ':' ? j + 1 : -1;
  }

  private static int endOfQuantifier(String regex, int i) {
    int j = i;
    if (j < regex.length() && "*+?".indexOf(regex.charAt(j)) >= 0) {
      j++;
    } else if (j < regex.length() && regex.charAt(j) == '{') {
      int close = regex.indexOf('}', j);
      if (close < 0) {
        return j;
      }
      j = close + 1;
    } else {
      return j;
    }
    if (j < regex.length() && (regex.charAt(j) == '?' || regex.charAt(j) == '+')) {
      j++;
    }
    return j;
  }

  /** Splits text with one expression per line. */
  public static List<String> lines(String text) {
    return text == null ? List.of() : text.lines().toList();
  }
}
