package org.netarchive.ee.archive.domain.model.capture;

import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.regex.RegexShapes;

/**
 * A {@code filter} of the CDX server API, as pywb and OutbackCDX write it: {@code
 * [!][~|=]field:value}. Without a mark the value is a regular expression the whole field must match
 * ({@code mime:text/.*}); {@code ~} keeps captures whose field contains the value, {@code =} those
 * whose field is the value; a leading {@code !} keeps the others instead.
 *
 * @param field the field
 * @param negated whether the filter keeps captures that do not match
 * @param test the test of the field's value
 * @param text the filter as given
 */
public record CaptureFilter(CdxField field, boolean negated, Predicate<String> test, String text)
    implements Predicate<Capture> {

  /**
   * Reads a filter.
   *
   * @param text the filter, e.g. {@code !status:404} or {@code ~url:logo}
   * @return the filter
   * @throws IllegalArgumentException naming the filter if it is not one
   */
  public static CaptureFilter parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("An empty filter; write [!][~|=]field:value");
    }
    String rest = text;
    boolean negated = rest.startsWith("!");
    if (negated) {
      rest = rest.substring(1);
    }
    char mode = rest.startsWith("~") || rest.startsWith("=") ? rest.charAt(0) : 'r';
    if (mode != 'r') {
      rest = rest.substring(1);
    }
    int colon = rest.indexOf(':');
    if (colon < 1) {
      throw new IllegalArgumentException(
          "Filter '" + text + "' names no field; write [!][~|=]field:value, e.g. mime:text/html");
    }
    CdxField field;
    try {
      field = CdxField.parse(rest.substring(0, colon));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Filter '" + text + "': " + e.getMessage(), e);
    }
    String value = rest.substring(colon + 1);
    Predicate<String> test;
    switch (mode) {
      case '~' -> test = v -> v.contains(value);
      case '=' -> test = v -> v.equals(value);
      default -> {
        Pattern pattern;
        try {
          pattern = Pattern.compile(value);
        } catch (PatternSyntaxException e) {
          throw new IllegalArgumentException(
              "Filter '" + text + "' has no valid regular expression: " + e.getDescription(), e);
        }
        // Run on every capture of the selection: a shape that backtracks exponentially would
        // hold a request thread for as long as the caller likes.
        String shape = RegexShapes.backtrackingPart(value);
        if (shape != null) {
          throw new IllegalArgumentException(
              "Filter '"
                  + text
                  + "' can take exponential time: the group '"
                  + shape
                  + "' repeats something that itself repeats or has alternatives that match"
                  + " alike; write it without the nested repetition, or make the outer one"
                  + " possessive ('++', '*+')");
        }
        test = v -> pattern.matcher(v).matches();
      }
    }
    return new CaptureFilter(field, negated, test, text);
  }

  @Override
  public boolean test(Capture capture) {
    return test.test(field.valueOf(capture)) != negated;
  }
}
