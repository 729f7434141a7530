package org.netarchive.ee.web.interfaces.rest;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonConfig;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParsingException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads the JSON request bodies of the API into its request records (and {@code Map<String,
 * String>} bodies), strictly: a number must fit its field and be whole where the field is whole, a
 * text must be a JSON string, a list an array, a flag {@code true} or {@code false}; a member the
 * operation does not take, and a member given twice, are refused. Each refusal is a {@link
 * FieldProblem} naming the member and the value. An absent member and a {@code null} one are both
 * read as {@code null}.
 *
 * <p>Own code rather than JSON-B because Yasson, the platform's binding, wraps or truncates numbers
 * that do not fit (2^64+5 as a long is 5, 1.5 as an int is 1), skips unknown members and reports
 * wrong types in its own words without the field; JSON-P still does the parsing.
 */
@Provider
@Consumes({MediaType.APPLICATION_JSON, "application/*+json"})
public class JsonRequestReader implements MessageBodyReader<Object> {

  private static final JsonReaderFactory STRICT =
      Json.createReaderFactory(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.NONE));

  @Override
  public boolean isReadable(
      Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
    return type.isRecord() || (type == Map.class && isMapOfTexts(genericType));
  }

  @Override
  public Object readFrom(
      Class<Object> type,
      Type genericType,
      Annotation[] annotations,
      MediaType mediaType,
      MultivaluedMap<String, String> httpHeaders,
      InputStream entityStream)
      throws IOException {
    JsonValue body = parse(entityStream);
    if (body == null) {
      return null;
    }
    return read(body, genericType, "body", "");
  }

  /** The body's JSON value, or {@code null} for an empty body. */
  static JsonValue parse(InputStream entityStream) throws IOException {
    PushbackInputStream in = new PushbackInputStream(entityStream, 1);
    int first = in.read();
    if (first < 0) {
      return null;
    }
    in.unread(first);
    try (JsonReader reader = STRICT.createReader(in)) {
      return reader.readValue();
    } catch (JsonParsingException e) {
      JsonLocation at = e.getLocation();
      throw new FieldProblem(
          "body",
          "The request body is not valid JSON"
              + (at == null
                  ? ""
                  : " (line " + at.getLineNumber() + ", column " + at.getColumnNumber() + ")")
              + duplicateKey(e));
    } catch (JsonException e) {
      throw new FieldProblem("body", "The request body is not valid JSON");
    }
  }

  private static String duplicateKey(JsonParsingException e) {
    String message = String.valueOf(e.getMessage());
    return message.toLowerCase(Locale.ROOT).contains("duplicate")
        ? ": a member is given twice"
        : "";
  }

  /**
   * The value of {@code json} as {@code type}.
   *
   * @param field the member, as the problem names it
   * @param path where the value is, for the message, e.g. {@code "expressions[2]"}
   */
  static Object read(JsonValue json, Type type, String field, String path) {
    if (json.getValueType() == JsonValue.ValueType.NULL) {
      return null;
    }
    Class<?> raw = raw(type);
    if (raw.isRecord()) {
      return record(json, raw, path);
    }
    if (raw == String.class) {
      if (json instanceof JsonString s) {
        return s.getString();
      }
      throw wrongType(field, path, "a text (a JSON string)", json);
    }
    if (raw == Boolean.class || raw == boolean.class) {
      if (json.getValueType() == JsonValue.ValueType.TRUE) {
        return Boolean.TRUE;
      }
      if (json.getValueType() == JsonValue.ValueType.FALSE) {
        return Boolean.FALSE;
      }
      throw wrongType(field, path, "true or false", json);
    }
    if (raw == Integer.class || raw == int.class) {
      return (int) whole(json, field, path, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
    if (raw == Long.class || raw == long.class) {
      return whole(json, field, path, Long.MIN_VALUE, Long.MAX_VALUE);
    }
    if (raw == List.class) {
      if (!(json instanceof JsonArray array)) {
        throw wrongType(field, path, "a list (a JSON array)", json);
      }
      Type element = argument(type, 0);
      List<Object> list = new ArrayList<>(array.size());
      for (int i = 0; i < array.size(); i++) {
        list.add(read(array.get(i), element, field, path + "[" + i + "]"));
      }
      return list;
    }
    if (raw == Map.class) {
      if (!(json instanceof JsonObject object)) {
        throw wrongType(field, path, "an object (a JSON object)", json);
      }
      Map<String, Object> map = new LinkedHashMap<>();
      for (Map.Entry<String, JsonValue> member : object.entrySet()) {
        JsonValue value = member.getValue();
        // Settings are texts to the server but numbers and flags to a person: both are taken.
        map.put(
            member.getKey(),
            value instanceof JsonNumber
                    || value.getValueType() == JsonValue.ValueType.TRUE
                    || value.getValueType() == JsonValue.ValueType.FALSE
                ? value.toString()
                : read(value, argument(type, 1), member.getKey(), member.getKey()));
      }
      return map;
    }
    throw new IllegalStateException("No JSON reading for " + type + " at '" + path + "'");
  }

  private static Object record(JsonValue json, Class<?> type, String path) {
    String where = path.isEmpty() ? "The request body" : "'" + path + "'";
    if (!(json instanceof JsonObject object)) {
      throw new FieldProblem(
          path.isEmpty() ? "body" : top(path),
          where + " must be a JSON object, not " + shown(json));
    }
    RecordComponent[] components = type.getRecordComponents();
    Set<String> names =
        Arrays.stream(components).map(RecordComponent::getName).collect(Collectors.toSet());
    List<String> unknown = object.keySet().stream().filter(k -> !names.contains(k)).toList();
    if (!unknown.isEmpty()) {
      String prefix = path.isEmpty() ? "" : path + ".";
      throw new FieldProblem(
          prefix + unknown.get(0),
          where
              + " has "
              + (unknown.size() == 1 ? "a member" : "members")
              + " this operation does not take: "
              + unknown.stream().map(k -> "'" + k + "'").collect(Collectors.joining(", "))
              + "; it takes "
              + Arrays.stream(components)
                  .map(c -> "'" + c.getName() + "'")
                  .collect(Collectors.joining(", ")));
    }
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      String member = path.isEmpty() ? c.getName() : path + "." + c.getName();
      JsonValue value = object.getOrDefault(c.getName(), JsonValue.NULL);
      Object read =
          read(value, c.getGenericType(), path.isEmpty() ? c.getName() : top(path), member);
      values[i] = read == null && c.getType().isPrimitive() ? primitiveZero(c.getType()) : read;
      types[i] = c.getType();
    }
    try {
      Constructor<?> constructor = type.getDeclaredConstructor(types);
      constructor.setAccessible(true);
      return constructor.newInstance(values);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot make a " + type.getName(), e);
    }
  }

  /** A whole number from {@code min} to {@code max}; refuses fractions, texts and others. */
  private static long whole(JsonValue json, String field, String path, long min, long max) {
    if (!(json instanceof JsonNumber number)) {
      throw wrongType(field, path, "a whole number", json);
    }
    BigDecimal value = number.bigDecimalValue();
    // Compared before any exact conversion, so that 1e999999999 costs nothing.
    if (value.compareTo(BigDecimal.valueOf(min)) < 0
        || value.compareTo(BigDecimal.valueOf(max)) > 0) {
      throw new FieldProblem(
          field,
          "'" + path + "' must be a whole number from " + min + " to " + max + ", not " + number);
    }
    if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0) {
      throw new FieldProblem(
          field, "'" + path + "' must be a whole number, not " + number + " (it has a fraction)");
    }
    return value.longValueExact();
  }

  private static FieldProblem wrongType(String field, String path, String wanted, JsonValue json) {
    return new FieldProblem(field, "'" + path + "' must be " + wanted + ", not " + shown(json));
  }

  /** The value as a message shows it: at most 60 characters of it. */
  private static String shown(JsonValue json) {
    String text = json.toString();
    return text.length() > 60 ? text.substring(0, 60) + "…" : text;
  }

  private static String top(String path) {
    int end = path.length();
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '.' || path.charAt(i) == '[') {
        end = i;
        break;
      }
    }
    return path.substring(0, end);
  }

  private static Object primitiveZero(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    return type == long.class ? 0L : (Object) 0;
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    throw new IllegalStateException("No JSON reading for " + type);
  }

  private static Type argument(Type type, int index) {
    return type instanceof ParameterizedType p ? p.getActualTypeArguments()[index] : Object.class;
  }

  private static boolean isMapOfTexts(Type type) {
    return type instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] == String.class
        && p.getActualTypeArguments()[1] == String.class;
  }
}
