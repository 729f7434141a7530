package org.netarchive.ee.common.message;

import java.util.List;
import java.util.Map;
import org.netarchive.ee.common.archive.ArchiveFileNames;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

/**
 * Checks used by the compact constructors of the message records.
 *
 * <p>They throw {@link IllegalArgumentException} (also for {@code null}) naming the component, so
 * that the codec can report a decoded message that violates them with the component's name.
 */
final class Fields {

  private Fields() {}

  static String requireNonBlank(String value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank, was '" + value + "'");
    }
    return value;
  }

  static String requireNullOrNonBlank(String value, String name) {
    if (value != null && value.isBlank()) {
      throw new IllegalArgumentException(
          name + " must be absent or not blank, was '" + value + "'");
    }
    return value;
  }

  static <T> T requireNonNull(T value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return value;
  }

  static long requireAtLeast(long value, long minimum, String name) {
    if (value < minimum) {
      throw new IllegalArgumentException(name + " must be at least " + minimum + ", was " + value);
    }
    return value;
  }

  static long requireLimit(long value, String name) {
    if (value != -1 && value < 1) {
      throw new IllegalArgumentException(
          name + " must be -1 (no limit) or at least 1, was " + value);
    }
    return value;
  }

  static <T> List<T> copyOf(List<T> list, String name) {
    requireNonNull(list, name);
    // List.contains(null) throws on immutable lists; look at each element instead.
    for (T element : list) {
      if (element == null) {
        throw new IllegalArgumentException(name + " must not contain null elements");
      }
    }
    return List.copyOf(list);
  }

  static <K, V> Map<K, V> copyOf(Map<K, V> map, String name) {
    requireNonNull(map, name);
    // Map.copyOf would throw a bare NullPointerException; say which component is at fault.
    for (Map.Entry<K, V> entry : map.entrySet()) {
      if (entry.getKey() == null || entry.getValue() == null) {
        throw new IllegalArgumentException(
            name + " must not contain null keys or values, has " + entry);
      }
    }
    return Map.copyOf(map);
  }

  static String requireFileName(String value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    try {
      return ArchiveFileNames.requireValid(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
  }

  static String requireSha512(String value, String name) {
    return ChecksumAlgorithm.SHA512.requireValid(value, name);
  }

  static long requireNonNegative(long value, String name) {
    if (value < 0) {
      throw new IllegalArgumentException(name + " must not be negative, was " + value);
    }
    return value;
  }

  static int requirePositive(int value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, was " + value);
    }
    return value;
  }

  /**
   * Exactly one of a SHA-512 checksum and a failure is present, as in the replies that deliver a
   * file or a result or say why not.
   *
   * @return the checksum in its canonical form, or {@code null} if the failure is present
   */
  static String requireSha512OrFailure(String sha512, String failure, String sha512Name) {
    requireOneOf(sha512, failure, sha512Name, "failure");
    return sha512 == null ? null : requireSha512(sha512, sha512Name);
  }

  /** Exactly one of two optional components is present, and it is not blank if a string. */
  static void requireOneOf(Object first, Object second, String firstName, String secondName) {
    if ((first == null) == (second == null)) {
      throw new IllegalArgumentException(
          "exactly one of "
              + firstName
              + " and "
              + secondName
              + " must be present, got "
              + (first == null ? "neither" : "both"));
    }
    if (first instanceof String text) {
      requireNonBlank(text, firstName);
    }
    if (second instanceof String text) {
      requireNonBlank(text, secondName);
    }
  }
}
