package org.netarchive.ee.common.message;

import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParsingException;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Encodes {@link Message}s as JSON text and decodes them again: the one codec of the wire protocol.
 *
 * <p>A message is a JSON object whose first two members are {@code "type"} (the {@link
 * MessageType#name()}) and {@code "version"} (the {@link MessageType#version()}), followed by one
 * member per record component in declaration order, for example
 *
 * <pre>{@code
 * {"type":"Ping","version":1,"id":"p-1","sentAt":"2025-01-31T12:00:00Z","sender":"server"}
 * }</pre>
 *
 * <p>Supported component types: {@code String}; {@code int}, {@code long}, {@code boolean}, {@code
 * double} and their wrappers (JSON numbers and booleans; integers must be whole and in range);
 * {@link java.time.Instant} and {@link java.time.Duration} (ISO-8601 strings); enums (the
 * constant's name); records (JSON objects, mapped like messages but without type and version);
 * {@code List<T>} (arrays) and {@code Map<String, T>} (objects) of any of these. Collections must
 * not contain {@code null}. Components marked {@link OptionalField} may be absent or {@code null};
 * all others are required. Members that are not components are ignored when decoding, so a newer
 * sender may add optional members without breaking older receivers.
 *
 * <p>Decoding is strict and every problem is reported as a {@link MessageFormatException} whose
 * message names the member, the message type and version, and the offending value. Map entries are
 * encoded in the order of their keys, so equal messages give equal texts.
 *
 * <p>A codec is immutable and thread-safe; create it once and share it. The record types are
 * checked when the codec is created, so an unsupported component type fails early with an {@link
 * IllegalArgumentException}. JSON parsing and generation use the Jakarta JSON Processing provider
 * found by {@link JsonProvider#provider()}.
 *
 * <p><b>Why not JSON-B.</b> The REST API binds its bodies with JSON-B; the wire protocol keeps this
 * codec because JSON-B (Yasson 3.0.4, WildFly 39's provider, tried on 2026-11-26) would let through
 * what a message between processes must not carry: an absent {@code long} member becomes 0, {@code
 * 1.5} for a {@code long} becomes 1, of two members with the same name the last wins, text after
 * the object is ignored, {@code null} inside a list is kept, and a record whose constructor refuses
 * a value fails with "Exception occurred during call to JSONB creator" without naming the member or
 * the value. JSON-B also has no notion of a message's type and version read before its body (here
 * they choose the record, and a receiver refuses a version it does not know, naming those it
 * supports). The records' own constructors still validate their values; this codec only makes sure
 * that what reaches them is exactly what the sender wrote.
 */
public final class MessageCodec {

  /** Name of the JMS string property that senders set to the message's type name. */
  public static final String TYPE_PROPERTY = "messageType";

  /** Name of the JMS int property that senders set to the message's version. */
  public static final String VERSION_PROPERTY = "messageVersion";

  /** Name of the JSON member holding the message's type name. */
  public static final String TYPE_MEMBER = "type";

  /** Name of the JSON member holding the message's version. */
  public static final String VERSION_MEMBER = "version";

  private static final Pattern TYPE_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]*");

  private final Map<Class<? extends Message>, Registration> byClass;
  private final SortedMap<String, SortedMap<Integer, Registration>> byName;
  private final JsonTreeReader reader;
  private final JsonGeneratorFactory generators;

  /** A registered message record and its mapper. */
  private record Registration(
      Class<? extends Message> type, String name, int version, RecordMapper mapper) {
    String label() {
      return "message type " + name + " v" + version;
    }
  }

  /** Holds the standard codec, created on first use. */
  private static final class Standard {
    static final MessageCodec INSTANCE = new MessageCodec(MessageTypes.all());
  }

  /**
   * Creates a codec for the given message record classes.
   *
   * @param messageTypes the classes; each a record annotated with {@link MessageType}, with a
   *     distinct name and version pair
   * @throws IllegalArgumentException if a class is not a usable message record (not a record, not
   *     annotated, invalid name or version, a duplicate, an unsupported component type, a component
   *     named {@code type} or {@code version}, or an optional primitive component)
   */
  public MessageCodec(Collection<? extends Class<? extends Message>> messageTypes) {
    Objects.requireNonNull(messageTypes, "messageTypes");
    MapperFactory mappers = new MapperFactory();
    Map<Class<? extends Message>, Registration> classes = new LinkedHashMap<>();
    SortedMap<String, SortedMap<Integer, Registration>> names = new TreeMap<>();
    for (Class<? extends Message> type : messageTypes) {
      Objects.requireNonNull(type, "message type class");
      String name = typeName(type);
      int version = version(type);
      if (!TYPE_NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "invalid message type name '" + name + "' on " + type.getName());
      }
      if (version < 1) {
        throw new IllegalArgumentException(
            "invalid version " + version + " of message type " + name + " on " + type.getName());
      }
      if (!type.isRecord()) {
        throw new IllegalArgumentException("message class " + type.getName() + " must be a record");
      }
      Registration registration =
          new Registration(type, name, version, mappers.messageMapper(type));
      SortedMap<Integer, Registration> versions = names.computeIfAbsent(name, n -> new TreeMap<>());
      Registration clash = versions.putIfAbsent(version, registration);
      if (clash != null && clash.type() != type) {
        throw new IllegalArgumentException(
            "message type "
                + name
                + " v"
                + version
                + " is declared by both "
                + clash.type().getName()
                + " and "
                + type.getName());
      }
      classes.putIfAbsent(type, registration);
    }
    names.replaceAll((name, versions) -> Collections.unmodifiableSortedMap(versions));
    this.byClass = Collections.unmodifiableMap(classes);
    this.byName = Collections.unmodifiableSortedMap(names);
    JsonProvider provider = JsonProvider.provider();
    this.reader = new JsonTreeReader(provider);
    this.generators = provider.createGeneratorFactory(null);
  }

  /**
   * Creates a codec for the given message record classes.
   *
   * @param messageTypes the classes (see {@link #MessageCodec(Collection)})
   * @return a new codec
   * @throws IllegalArgumentException if a class is not a usable message record
   */
  @SafeVarargs
  public static MessageCodec of(Class<? extends Message>... messageTypes) {
    return new MessageCodec(Arrays.asList(messageTypes));
  }

  /**
   * Returns the codec for all message types of the system, those of {@link MessageTypes#all()}.
   *
   * @return the shared standard codec
   */
  public static MessageCodec standard() {
    return Standard.INSTANCE;
  }

  /**
   * Returns the wire name of a message type, as set in its {@link MessageType} annotation; senders
   * put it in the {@link #TYPE_PROPERTY} JMS property.
   *
   * @param type a message class
   * @return the type name
   * @throws IllegalArgumentException if the class is not annotated with {@link MessageType}
   */
  public static String typeName(Class<? extends Message> type) {
    return annotation(type).name();
  }

  /**
   * Returns the version of a message type, as set in its {@link MessageType} annotation; senders
   * put it in the {@link #VERSION_PROPERTY} JMS property.
   *
   * @param type a message class
   * @return the version
   * @throws IllegalArgumentException if the class is not annotated with {@link MessageType}
   */
  public static int version(Class<? extends Message> type) {
    return annotation(type).version();
  }

  private static MessageType annotation(Class<? extends Message> type) {
    Objects.requireNonNull(type, "type");
    MessageType annotation = type.getAnnotation(MessageType.class);
    if (annotation == null) {
      throw new IllegalArgumentException(
          "message class " + type.getName() + " is not annotated with @MessageType");
    }
    return annotation;
  }

  /**
   * Returns the message classes this codec handles.
   *
   * @return an unmodifiable set, in registration order
   */
  public Set<Class<? extends Message>> messageTypes() {
    return byClass.keySet();
  }

  /**
   * Encodes a message.
   *
   * @param message a message of a registered type
   * @return compact JSON text starting with the {@code "type"} and {@code "version"} members
   * @throws IllegalArgumentException if the message's class is not registered, or it holds values
   *     that cannot be encoded (a required component, list element or map value that is {@code
   *     null}, or a non-finite double)
   */
  public String encode(Message message) {
    Objects.requireNonNull(message, "message");
    Registration registration = byClass.get(message.getClass());
    if (registration == null) {
      throw new IllegalArgumentException(
          "message class "
              + message.getClass().getName()
              + " is not registered with this codec; registered: "
              + classNames());
    }
    StringWriter text = new StringWriter();
    try (JsonGenerator out = generators.createGenerator(text)) {
      out.writeStartObject();
      out.write(TYPE_MEMBER, registration.name());
      out.write(VERSION_MEMBER, registration.version());
      registration.mapper().writeFields(out, message, registration.label(), "");
      out.writeEnd();
    }
    return text.toString();
  }

  /**
   * Decodes a message of any registered type.
   *
   * @param json the JSON text
   * @return the message, an instance of the registered record for its type and version
   * @throws MessageFormatException if the text is not a valid message; the exception message says
   *     why, naming the member and the value
   */
  public Message decode(String json) {
    return decode(json, Message.class);
  }

  /**
   * Decodes a message that must be of a given type.
   *
   * @param <T> the expected type
   * @param json the JSON text
   * @param expected the expected message class, or an interface that several message classes
   *     implement
   * @return the message
   * @throws MessageFormatException if the text is not a valid message or is of another type
   * @throws IllegalArgumentException if no registered message class is a subtype of {@code
   *     expected}, so that no text could ever match
   */
  public <T extends Message> T decode(String json, Class<T> expected) {
    Objects.requireNonNull(expected, "expected");
    if (byClass.keySet().stream().noneMatch(expected::isAssignableFrom)) {
      throw new IllegalArgumentException(
          "no message class registered with this codec is a "
              + expected.getName()
              + "; registered: "
              + classNames());
    }
    JsonObject object = parseObject(json);
    String name = typeName(object);
    SortedMap<Integer, Registration> versions = byName.get(name);
    if (versions == null) {
      throw new MessageFormatException(
          "unknown message type '"
              + JsonText.excerpt(name)
              + "'; known types: "
              + String.join(", ", byName.keySet()));
    }
    if (versions.values().stream().map(Registration::type).noneMatch(expected::isAssignableFrom)) {
      throw mismatch(expected, "type " + name);
    }
    int version = version(object, name);
    Registration registration = versions.get(version);
    if (registration == null) {
      throw new MessageFormatException(
          "unsupported version "
              + version
              + " of message type "
              + name
              + "; supported versions: "
              + versions.keySet().stream().map(String::valueOf).collect(Collectors.joining(", ")));
    }
    if (!expected.isAssignableFrom(registration.type())) {
      throw mismatch(expected, registration.label());
    }
    return expected.cast(registration.mapper().readObject(object, registration.label(), ""));
  }

  private MessageFormatException mismatch(Class<?> expected, String actual) {
    MessageType annotation = expected.getAnnotation(MessageType.class);
    String wanted =
        annotation == null
            ? "a " + expected.getSimpleName()
            : "message type " + annotation.name() + " v" + annotation.version();
    return new MessageFormatException("expected " + wanted + " but got " + actual);
  }

  private JsonObject parseObject(String json) {
    if (json == null) {
      throw new MessageFormatException("cannot decode a message from null text");
    }
    JsonValue value;
    try {
      value = reader.read(json);
    } catch (JsonParsingException e) {
      throw malformed(e.getMessage(), e.getLocation(), json, e);
    } catch (JsonTreeReader.StrictJsonException e) {
      throw malformed(e.getMessage(), e.location, json, e);
    } catch (JsonException | NoSuchElementException e) {
      throw malformed(e.getMessage(), null, json, e);
    }
    if (!(value instanceof JsonObject object)) {
      throw new MessageFormatException(
          "a message must be a JSON object, got " + JsonText.describe(value));
    }
    return object;
  }

  private static MessageFormatException malformed(
      String reason, JsonLocation location, String json, Exception cause) {
    StringBuilder message = new StringBuilder("malformed JSON: ").append(reason);
    // Parsson puts the location into most of its messages; add it where it does not.
    if (location != null && (reason == null || !reason.contains("line no="))) {
      message
          .append(" (line ")
          .append(location.getLineNumber())
          .append(", column ")
          .append(location.getColumnNumber())
          .append(')');
    }
    message.append("; text: ").append(JsonText.excerpt(json));
    return new MessageFormatException(message.toString(), cause);
  }

  private static String typeName(JsonObject object) {
    JsonValue type = object.get(TYPE_MEMBER);
    if (type == null) {
      throw new MessageFormatException(
          "message has no \"" + TYPE_MEMBER + "\" member: " + JsonText.excerpt(object.toString()));
    }
    if (!(type instanceof JsonString string)) {
      throw new MessageFormatException(
          "member \""
              + TYPE_MEMBER
              + "\" of the message must be a string, got "
              + JsonText.describe(type));
    }
    if (string.getString().isBlank()) {
      throw new MessageFormatException(
          "member \"" + TYPE_MEMBER + "\" of the message is blank: " + string);
    }
    return string.getString();
  }

  private static int version(JsonObject object, String name) {
    JsonValue version = object.get(VERSION_MEMBER);
    if (version == null) {
      throw new MessageFormatException(
          "message of type " + name + " has no \"" + VERSION_MEMBER + "\" member");
    }
    Long value = version instanceof JsonNumber number ? JsonText.wholeNumber(number) : null;
    if (value == null || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new MessageFormatException(
          "member \""
              + VERSION_MEMBER
              + "\" of message type "
              + name
              + " must be an integer, got "
              + JsonText.describe(version));
    }
    return value.intValue();
  }

  private String classNames() {
    return byClass.keySet().stream()
        .map(Class::getName)
        .collect(Collectors.toCollection(LinkedHashSet::new))
        .toString();
  }
}
