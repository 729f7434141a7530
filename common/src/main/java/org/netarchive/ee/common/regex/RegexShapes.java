package org.netarchive.ee.common.regex;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;

/** Shapes of regular expressions (java.util.regex syntax) read without running them. */
public final class RegexShapes {

  private RegexShapes() {}

  /**
   * The part of an expression that can backtrack catastrophically, or {@code null}. Used where an
   * expression from outside runs with java.util.regex on input the caller cannot bound (crawler
   * traps, which Heritrix runs on every URI it discovers; the CDX API's filters, run on every
   * capture of a selection): the shapes that make matching exponential are refused instead: a group
   * repeated without bound that holds an unbounded repetition itself ({@code (a+)+}, {@code
   * (.*x)*}) or alternatives that start alike ({@code (a|a)*}, {@code (.|x)+}). Possessive
   * quantifiers and atomic groups do not backtrack and are accepted. This is a cautious reading of
   * the syntax, not a proof: it refuses some harmless expressions and does not find every slow one.
   */
  public static String backtrackingPart(String regex) {
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
}
