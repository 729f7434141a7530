package org.netarchive.ee.common.message;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;

/**
 * Renders JSON text and values for error messages: short, on one line, and without raw control
 * characters.
 */
final class JsonText {

  /** Longest excerpt of a value or a text quoted in an error message. */
  static final int EXCERPT_LENGTH = 120;

  private JsonText() {}

  /**
   * Returns the start of {@code text}, escaped so that a log line stays one line, and marked as cut
   * if it was longer than {@link #EXCERPT_LENGTH}.
   */
  static String excerpt(String text) {
    StringBuilder sb = new StringBuilder();
    int end = Math.min(text.length(), EXCERPT_LENGTH);
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (Character.isISOControl(c)) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    if (text.length() > end) {
      sb.append("... (").append(text.length()).append(" characters)");
    }
    return sb.toString();
  }

  /** Describes a JSON value with its type and an excerpt of it, e.g. {@code number 42}. */
  static String describe(JsonValue value) {
    return typeOf(value) + " " + excerpt(value.toString());
  }

  /** The JSON type of a value as a reader of the specification would name it. */
  static String typeOf(JsonValue value) {
    return switch (value.getValueType()) {
      case OBJECT -> "object";
      case ARRAY -> "array";
      case STRING -> "string";
      case NUMBER -> "number";
      case TRUE, FALSE -> "boolean";
      case NULL -> "null";
    };
  }

  /** A JSON string's content for quoting in a message, e.g. {@code 'yesterday'}. */
  static String quoted(JsonString value) {
    return "'" + excerpt(value.getString()) + "'";
  }

  /**
   * The value of a JSON number if it is a whole number within the range of {@code long}, otherwise
   * {@code null}. Accepts notations such as {@code 1.0} and {@code 1e2}, which denote whole
   * numbers.
   */
  static Long wholeNumber(JsonNumber number) {
    BigDecimal value;
    try {
      value = number.bigDecimalValue().stripTrailingZeros();
    } catch (RuntimeException e) {
      // A provider may refuse numbers with extreme exponents.
      return null;
    }
    if (value.signum() == 0) {
      return 0L;
    }
    // Checked before converting, so that 1e999999999 is not expanded into a huge integer.
    if (value.scale() > 0 || value.precision() - value.scale() > 19) {
      return null;
    }
    try {
      return value.longValueExact();
    } catch (ArithmeticException e) {
      return null;
    }
  }

  /** Whether the number denotes a whole number (of any size). */
  static boolean isWholeNumber(JsonNumber number) {
    try {
      BigDecimal value = number.bigDecimalValue();
      return value.signum() == 0 || value.stripTrailingZeros().scale() <= 0;
    } catch (RuntimeException e) {
      return false;
    }
  }
}
