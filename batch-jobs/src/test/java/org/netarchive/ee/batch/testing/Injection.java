package org.netarchive.ee.batch.testing;

import java.lang.reflect.Field;

/**
 * Gives a batch artifact what the container would inject (batch properties, contexts, services),
 * for unit tests of its logic outside the batch runtime.
 */
public final class Injection {

  private Injection() {}

  /**
   * Sets fields of {@code artifact} by name.
   *
   * @param namesAndValues a field's name, then its value, and so on
   * @throws IllegalArgumentException naming the class and the field when it has no such field
   */
  public static <T> T inject(T artifact, Object... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("Names and values must come in pairs");
    }
    for (int i = 0; i < namesAndValues.length; i += 2) {
      String name = (String) namesAndValues[i];
      try {
        Field field = artifact.getClass().getDeclaredField(name);
        field.setAccessible(true);
        field.set(artifact, namesAndValues[i + 1]);
      } catch (NoSuchFieldException e) {
        throw new IllegalArgumentException(
            artifact.getClass().getSimpleName() + " has no field '" + name + "'", e);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }
    return artifact;
  }
}
