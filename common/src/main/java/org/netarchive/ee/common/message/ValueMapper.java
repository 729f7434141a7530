package org.netarchive.ee.common.message;

import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;

/**
 * Converts between the JSON value of one record component (or list element, or map value) and its
 * Java value. Implementations are immutable and thread-safe.
 *
 * <p>The {@code label} names the message ("message type Ping v1") and {@code path} the place in it
 * ("tags[2]"), so that errors can say exactly what was wrong.
 */
interface ValueMapper {

  /**
   * Converts a JSON value, which is never {@code null} or JSON null (the caller handles those).
   *
   * @throws MessageFormatException if the value has the wrong JSON type or cannot be converted
   */
  Object read(JsonValue json, String label, String path);

  /**
   * Writes a non-null Java value as the current array element or object member.
   *
   * @throws IllegalArgumentException if the value cannot be represented
   */
  void write(JsonGenerator out, Object value, String label, String path);

  /** The start of the error message about the value at {@code path}. */
  static String field(String label, String path) {
    return "field '" + path + "' of " + label;
  }

  /** The error for a JSON value of the wrong type. */
  static MessageFormatException wrongType(
      String label, String path, String expected, JsonValue actual) {
    return new MessageFormatException(
        field(label, path)
            + " has the wrong JSON type: expected "
            + expected
            + ", got "
            + JsonText.describe(actual));
  }

  /** The error for a value of the right JSON type that cannot be converted. */
  static MessageFormatException unparseable(
      String label, String path, String value, String expectation) {
    return new MessageFormatException(
        field(label, path)
            + " has an unparseable value '"
            + JsonText.excerpt(value)
            + "': expected "
            + expectation);
  }

  /** The error for a required value that is JSON null. */
  static MessageFormatException isNull(String label, String path) {
    return new MessageFormatException(field(label, path) + " is null but is required");
  }

  /** The error for encoding a value that JSON cannot carry. */
  static IllegalArgumentException cannotEncode(String label, String path, String reason) {
    return new IllegalArgumentException("cannot encode " + field(label, path) + ": " + reason);
  }
}
