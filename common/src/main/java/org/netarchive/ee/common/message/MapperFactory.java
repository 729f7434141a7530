package org.netarchive.ee.common.message;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the mappers for record types, checking once, when a codec is created, that every component
 * has a supported type; so an unsupported message type fails at start-up rather than when its first
 * message arrives.
 *
 * <p>Not thread-safe; used only while a codec is being constructed.
 */
final class MapperFactory {

  static final String SUPPORTED_TYPES =
      "String, int, long, boolean, double, Integer, Long, Boolean, Double, Instant, Duration,"
          + " enums, records, List<T> and Map<String, T> of these";

  /** Member names the codec itself writes into every message. */
  private static final Set<String> RESERVED = Set.of("type", "version");

  private final Map<Class<?>, RecordMapper> records = new HashMap<>();

  /** The mapper for a message record: its components must not use the reserved member names. */
  RecordMapper messageMapper(Class<?> type) {
    for (RecordComponent component : type.getRecordComponents()) {
      if (RESERVED.contains(component.getName())) {
        throw new IllegalArgumentException(
            "message record "
                + type.getName()
                + " has a component named '"
                + component.getName()
                + "', which is reserved for the codec");
      }
    }
    return recordMapper(type);
  }

  RecordMapper recordMapper(Class<?> type) {
    RecordMapper existing = records.get(type);
    if (existing != null) {
      return existing;
    }
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    RecordMapper mapper = new RecordMapper(type);
    // Registered before its components are resolved, so a recursive record finds it.
    records.put(type, mapper);

    RecordComponent[] recordComponents = type.getRecordComponents();
    Class<?>[] parameterTypes = new Class<?>[recordComponents.length];
    List<RecordMapper.Component> components = new ArrayList<>();
    for (int i = 0; i < recordComponents.length; i++) {
      RecordComponent rc = recordComponents[i];
      parameterTypes[i] = rc.getType();
      String where = "component '" + rc.getName() + "' of record " + type.getName();
      boolean optional = rc.isAnnotationPresent(OptionalField.class);
      if (optional && rc.getType().isPrimitive()) {
        throw new IllegalArgumentException(
            "@OptionalField on primitive "
                + where
                + "; use "
                + boxed(rc.getType()).getSimpleName()
                + " instead");
      }
      var accessor = rc.getAccessor();
      makeAccessible(accessor, type);
      components.add(
          new RecordMapper.Component(
              rc.getName(), optional, mapperFor(rc.getGenericType(), where), accessor));
    }
    Constructor<?> constructor;
    try {
      constructor = type.getDeclaredConstructor(parameterTypes);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(
          "record " + type.getName() + " has no canonical constructor", e);
    }
    makeAccessible(constructor, type);
    mapper.initialize(constructor, components);
    return mapper;
  }

  private ValueMapper mapperFor(Type type, String where) {
    if (type instanceof Class<?> c) {
      if (c == String.class) {
        return ValueMappers.STRING;
      } else if (c == int.class || c == Integer.class) {
        return ValueMappers.INT;
      } else if (c == long.class || c == Long.class) {
        return ValueMappers.LONG;
      } else if (c == boolean.class || c == Boolean.class) {
        return ValueMappers.BOOLEAN;
      } else if (c == double.class || c == Double.class) {
        return ValueMappers.DOUBLE;
      } else if (c == Instant.class) {
        return ValueMappers.INSTANT;
      } else if (c == Duration.class) {
        return ValueMappers.DURATION;
      } else if (c.isEnum()) {
        return new ValueMappers.EnumMapper(c);
      } else if (c.isRecord()) {
        return recordMapper(c);
      }
    } else if (type instanceof ParameterizedType p) {
      Type[] arguments = p.getActualTypeArguments();
      if (p.getRawType() == List.class) {
        return new ValueMappers.ListMapper(mapperFor(arguments[0], where));
      } else if (p.getRawType() == Map.class && arguments[0] == String.class) {
        return new ValueMappers.MapMapper(mapperFor(arguments[1], where));
      }
    }
    throw new IllegalArgumentException(
        "unsupported type "
            + type.getTypeName()
            + " of "
            + where
            + "; supported: "
            + SUPPORTED_TYPES);
  }

  private static void makeAccessible(Executable member, Class<?> type) {
    // Needed for records that are not public or sit in non-public classes; refused for a module
    // that does not open its package, where public records are still usable without it.
    if (!member.trySetAccessible() && !isPublic(member, type)) {
      throw new IllegalArgumentException(
          "cannot access " + member + "; make record " + type.getName() + " public");
    }
  }

  private static boolean isPublic(Executable member, Class<?> type) {
    if (!Modifier.isPublic(member.getModifiers())) {
      return false;
    }
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      if (!Modifier.isPublic(c.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  private static Class<?> boxed(Class<?> primitive) {
    if (primitive == int.class) {
      return Integer.class;
    } else if (primitive == long.class) {
      return Long.class;
    } else if (primitive == boolean.class) {
      return Boolean.class;
    } else if (primitive == double.class) {
      return Double.class;
    }
    return primitive;
  }
}
