package org.netarchive.ee.common.message;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** The {@link ValueMapper}s for the component types other than records. */
final class ValueMappers {

  private ValueMappers() {}

  static final ValueMapper STRING =
      new ValueMapper() {
        @Override
        public Object read(JsonValue json, String label, String path) {
          return string(json, label, path, "string");
        }

        @Override
        public void write(JsonGenerator out, Object value, String label, String path) {
          out.write((String) value);
        }
      };

  static final ValueMapper BOOLEAN =
      new ValueMapper() {
        @Override
        public Object read(JsonValue json, String label, String path) {
          return switch (json.getValueType()) {
            case TRUE -> Boolean.TRUE;
            case FALSE -> Boolean.FALSE;
            default -> throw ValueMapper.wrongType(label, path, "boolean", json);
          };
        }

        @Override
        public void write(JsonGenerator out, Object value, String label, String path) {
          out.write((Boolean) value);
        }
      };

  static final ValueMapper INT = new WholeNumberMapper("int", Integer.MIN_VALUE, Integer.MAX_VALUE);

  static final ValueMapper LONG = new WholeNumberMapper("long", Long.MIN_VALUE, Long.MAX_VALUE);

  static final ValueMapper DOUBLE =
      new ValueMapper() {
        @Override
        public Object read(JsonValue json, String label, String path) {
          if (!(json instanceof JsonNumber number)) {
            throw ValueMapper.wrongType(label, path, "number", json);
          }
          double value = number.doubleValue();
          if (!Double.isFinite(value)) {
            throw new MessageFormatException(
                ValueMapper.field(label, path)
                    + " has a value out of range for double: "
                    + JsonText.excerpt(number.toString()));
          }
          return value;
        }

        @Override
        public void write(JsonGenerator out, Object value, String label, String path) {
          double d = (Double) value;
          // JSON has no notation for these; the generator would fail with a less clear message.
          if (!Double.isFinite(d)) {
            throw ValueMapper.cannotEncode(label, path, "JSON cannot represent " + d);
          }
          out.write(d);
        }
      };

  static final ValueMapper INSTANT =
      new Iso8601Mapper("instant", "2025-01-31T12:00:00Z", Instant::parse);

  static final ValueMapper DURATION =
      new Iso8601Mapper("duration", "PT30S or P1DT2H", Duration::parse);

  /** A value written as its ISO-8601 text ({@code toString()}) and read back with a parser. */
  private static final class Iso8601Mapper implements ValueMapper {

    private final String kind;
    private final String example;
    private final Function<String, Object> parser;

    /**
     * @param kind what the text is, for messages ("instant")
     * @param example what a valid text looks like, for messages
     * @param parser reads the text, throwing {@link DateTimeParseException} if it cannot
     */
    Iso8601Mapper(String kind, String example, Function<String, Object> parser) {
      this.kind = kind;
      this.example = example;
      this.parser = parser;
    }

    @Override
    public Object read(JsonValue json, String label, String path) {
      String text = string(json, label, path, "string with an ISO-8601 " + kind);
      try {
        return parser.apply(text);
      } catch (DateTimeParseException e) {
        throw ValueMapper.unparseable(
            label, path, text, "an ISO-8601 " + kind + " such as " + example);
      }
    }

    @Override
    public void write(JsonGenerator out, Object value, String label, String path) {
      out.write(value.toString());
    }
  }

  private static String string(JsonValue json, String label, String path, String expected) {
    if (json instanceof JsonString string) {
      return string.getString();
    }
    throw ValueMapper.wrongType(label, path, expected, json);
  }

  /** Integral numbers, range-checked so that a too large value is an error, not a silent wrap. */
  private record WholeNumberMapper(String javaType, long min, long max) implements ValueMapper {

    @Override
    public Object read(JsonValue json, String label, String path) {
      if (!(json instanceof JsonNumber number) || !JsonText.isWholeNumber(number)) {
        throw ValueMapper.wrongType(label, path, "integer number", json);
      }
      Long value = JsonText.wholeNumber(number);
      if (value == null || value < min || value > max) {
        throw new MessageFormatException(
            ValueMapper.field(label, path)
                + " has a value out of range for "
                + javaType
                + ": "
                + JsonText.excerpt(number.toString()));
      }
      return javaType.equals("int") ? (Object) value.intValue() : (Object) value;
    }

    @Override
    public void write(JsonGenerator out, Object value, String label, String path) {
      out.write(((Number) value).longValue());
    }
  }

  /** Enum constants by their names, which are part of the wire format. */
  static final class EnumMapper implements ValueMapper {
    private final Map<String, Enum<?>> constants;
    private final String allowed;

    EnumMapper(Class<?> enumType) {
      Map<String, Enum<?>> byName = new LinkedHashMap<>();
      for (Object constant : enumType.getEnumConstants()) {
        Enum<?> e = (Enum<?>) constant;
        byName.put(e.name(), e);
      }
      this.constants = Collections.unmodifiableMap(byName);
      this.allowed = String.join(", ", byName.keySet());
    }

    @Override
    public Object read(JsonValue json, String label, String path) {
      String name = string(json, label, path, "string with one of " + allowed);
      Enum<?> constant = constants.get(name);
      if (constant == null) {
        throw new MessageFormatException(
            ValueMapper.field(label, path)
                + " has an unknown value '"
                + JsonText.excerpt(name)
                + "'; allowed values: "
                + allowed);
      }
      return constant;
    }

    @Override
    public void write(JsonGenerator out, Object value, String label, String path) {
      out.write(((Enum<?>) value).name());
    }
  }

  /** {@code List<T>} as a JSON array; elements must not be null. */
  record ListMapper(ValueMapper elements) implements ValueMapper {

    @Override
    public Object read(JsonValue json, String label, String path) {
      if (!(json instanceof JsonArray array)) {
        throw ValueMapper.wrongType(label, path, "array", json);
      }
      List<Object> list = new ArrayList<>(array.size());
      for (int i = 0; i < array.size(); i++) {
        JsonValue element = array.get(i);
        String elementPath = path + "[" + i + "]";
        if (element.getValueType() == JsonValue.ValueType.NULL) {
          throw ValueMapper.isNull(label, elementPath);
        }
        list.add(elements.read(element, label, elementPath));
      }
      return Collections.unmodifiableList(list);
    }

    @Override
    public void write(JsonGenerator out, Object value, String label, String path) {
      out.writeStartArray();
      int i = 0;
      for (Object element : (List<?>) value) {
        String elementPath = path + "[" + i++ + "]";
        if (element == null) {
          throw ValueMapper.cannotEncode(label, elementPath, "the element is null");
        }
        elements.write(out, element, label, elementPath);
      }
      out.writeEnd();
    }
  }

  /** {@code Map<String, T>} as a JSON object; values must not be null. */
  record MapMapper(ValueMapper values) implements ValueMapper {

    @Override
    public Object read(JsonValue json, String label, String path) {
      if (!(json instanceof JsonObject object)) {
        throw ValueMapper.wrongType(label, path, "object", json);
      }
      Map<String, Object> map = new LinkedHashMap<>();
      for (Map.Entry<String, JsonValue> entry : object.entrySet()) {
        String entryPath = path + "[" + entry.getKey() + "]";
        if (entry.getValue().getValueType() == JsonValue.ValueType.NULL) {
          throw ValueMapper.isNull(label, entryPath);
        }
        map.put(entry.getKey(), values.read(entry.getValue(), label, entryPath));
      }
      return Collections.unmodifiableMap(map);
    }

    @Override
    public void write(JsonGenerator out, Object value, String label, String path) {
      Map<?, ?> map = (Map<?, ?>) value;
      // Sorted, so that equal maps give equal text whatever the map's iteration order.
      TreeMap<String, Object> sorted = new TreeMap<>();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (!(entry.getKey() instanceof String key)) {
          throw ValueMapper.cannotEncode(label, path, "the map has a null key");
        }
        if (entry.getValue() == null) {
          throw ValueMapper.cannotEncode(label, path + "[" + key + "]", "the value is null");
        }
        sorted.put(key, entry.getValue());
      }
      out.writeStartObject();
      for (Map.Entry<String, Object> entry : sorted.entrySet()) {
        out.writeKey(entry.getKey());
        values.write(out, entry.getValue(), label, path + "[" + entry.getKey() + "]");
      }
      out.writeEnd();
    }
  }
}
