package org.netarchive.ee.common.message;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Maps a record to a JSON object with one member per component, in declaration order.
 *
 * <p>Instances are created empty and {@linkplain #initialize initialized} afterwards, so that a
 * record can (indirectly) contain itself. That happens inside the {@link MessageCodec} constructor,
 * whose final fields then publish the finished mappers safely to all threads; after that they are
 * never changed.
 */
final class RecordMapper implements ValueMapper {

  /** One record component and how to map it. */
  record Component(String name, boolean optional, ValueMapper mapper, Method accessor) {}

  private final Class<?> type;
  private Constructor<?> constructor;
  private List<Component> components;

  RecordMapper(Class<?> type) {
    this.type = type;
  }

  void initialize(Constructor<?> constructor, List<Component> components) {
    this.constructor = constructor;
    this.components = List.copyOf(components);
  }

  Class<?> type() {
    return type;
  }

  @Override
  public Object read(JsonValue json, String label, String path) {
    if (!(json instanceof JsonObject object)) {
      throw ValueMapper.wrongType(label, path, "object", json);
    }
    return readObject(object, label, path);
  }

  /**
   * Creates the record from a JSON object; {@code path} is empty for the message itself. Members
   * that are not components are ignored, so that newer senders may add optional members.
   */
  Object readObject(JsonObject object, String label, String path) {
    Object[] arguments = new Object[components.size()];
    for (int i = 0; i < arguments.length; i++) {
      Component component = components.get(i);
      String componentPath = path.isEmpty() ? component.name() : path + "." + component.name();
      JsonValue value = object.get(component.name());
      if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
        if (component.optional()) {
          continue;
        }
        if (value == null) {
          throw new MessageFormatException(
              "missing required field '" + componentPath + "' of " + label);
        }
        throw ValueMapper.isNull(label, componentPath);
      }
      arguments[i] = component.mapper().read(value, label, componentPath);
    }
    return construct(arguments, label, path);
  }

  private Object construct(Object[] arguments, String label, String path) {
    try {
      return constructor.newInstance(arguments);
    } catch (InvocationTargetException e) {
      // The compact constructor rejected the values: that is bad input, not a bug here.
      Throwable cause = e.getCause();
      if (cause instanceof Error error) {
        throw error;
      }
      String what =
          path.isEmpty() ? "invalid " + label : "invalid value of field '" + path + "' of " + label;
      throw new MessageFormatException(what + ": " + cause.getMessage(), cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + type.getName(), e);
    }
  }

  @Override
  public void write(JsonGenerator out, Object value, String label, String path) {
    out.writeStartObject();
    writeFields(out, value, label, path);
    out.writeEnd();
  }

  /**
   * Writes the components as members of the current object; {@code null} optionals are left out.
   */
  void writeFields(JsonGenerator out, Object value, String label, String path) {
    for (Component component : components) {
      String componentPath = path.isEmpty() ? component.name() : path + "." + component.name();
      Object componentValue = get(component, value);
      if (componentValue == null) {
        if (component.optional()) {
          continue;
        }
        throw ValueMapper.cannotEncode(label, componentPath, "the field is required but null");
      }
      out.writeKey(component.name());
      component.mapper().write(out, componentValue, label, componentPath);
    }
  }

  private Object get(Component component, Object value) {
    try {
      return component.accessor().invoke(value);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("accessor " + component.accessor() + " failed", e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot call " + component.accessor(), e);
    }
  }
}
