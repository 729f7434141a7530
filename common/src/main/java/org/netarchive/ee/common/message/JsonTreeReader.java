package org.netarchive.ee.common.message;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.StringReader;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads a whole JSON text into a tree of {@link JsonValue}s, stricter than {@code JsonReader}: a
 * duplicate member name and any text after the value are errors.
 *
 * <p>Both matter for messages: with duplicates, which of two {@code "type"} members counts would
 * depend on the provider, and trailing text means the sender produced something else than intended.
 * The standard {@code JsonReader} lets both pass (Parsson ignores trailing text and the parser
 * factory ignores the duplicate-key setting), hence this small reader over the streaming parser.
 */
final class JsonTreeReader {

  private final JsonProvider provider;
  private final JsonParserFactory parsers;

  JsonTreeReader(JsonProvider provider) {
    this.provider = provider;
    this.parsers = provider.createParserFactory(null);
  }

  /**
   * Parses {@code text}.
   *
   * @throws jakarta.json.JsonException (usually a {@code JsonParsingException}) for malformed JSON
   * @throws StrictJsonException for a duplicate member name or text after the value
   */
  JsonValue read(String text) {
    try (JsonParser parser = parsers.createParser(new StringReader(text))) {
      JsonValue value = value(parser, parser.next());
      // The parser reports trailing text itself (as a parsing exception) when asked for more.
      if (parser.hasNext()) {
        throw new StrictJsonException(null, parser.getLocation());
      }
      return value;
    }
  }

  private JsonValue value(JsonParser parser, JsonParser.Event event) {
    return switch (event) {
      case START_OBJECT -> object(parser);
      case START_ARRAY -> array(parser);
      case VALUE_TRUE -> JsonValue.TRUE;
      case VALUE_FALSE -> JsonValue.FALSE;
      case VALUE_NULL -> JsonValue.NULL;
      case VALUE_STRING -> provider.createValue(parser.getString());
      case VALUE_NUMBER -> provider.createValue(parser.getBigDecimal());
      case KEY_NAME, END_OBJECT, END_ARRAY ->
          throw new IllegalStateException("unexpected parser event " + event);
    };
  }

  private JsonValue object(JsonParser parser) {
    JsonObjectBuilder builder = provider.createObjectBuilder();
    Set<String> names = new HashSet<>();
    for (JsonParser.Event event = parser.next();
        event != JsonParser.Event.END_OBJECT;
        event = parser.next()) {
      String name = parser.getString();
      if (!names.add(name)) {
        throw new StrictJsonException(name, parser.getLocation());
      }
      builder.add(name, value(parser, parser.next()));
    }
    return builder.build();
  }

  private JsonValue array(JsonParser parser) {
    JsonArrayBuilder builder = provider.createArrayBuilder();
    for (JsonParser.Event event = parser.next();
        event != JsonParser.Event.END_ARRAY;
        event = parser.next()) {
      builder.add(value(parser, event));
    }
    return builder.build();
  }

  /** A member name occurs twice in one object, or (without a name) text follows the value. */
  static final class StrictJsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final transient JsonLocation location;

    StrictJsonException(String name, JsonLocation location) {
      super(
          name == null
              ? "unexpected text after the JSON value"
              : "duplicate member name '" + JsonText.excerpt(name) + "'");
      this.location = location;
    }
  }
}
