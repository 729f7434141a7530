package org.netarchive.ee.scheduler.domain.model;

import java.lang.reflect.Field;

/** Gives entities the ids the database would, for rules that need stored entities. */
public final class EntityIds {

  private EntityIds() {}

  /** Sets the {@code id} field that {@code entity}'s class or a superclass declares. */
  public static <T> T assign(T entity, long id) {
    for (Class<?> type = entity.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField("id");
        field.setAccessible(true);
        field.set(entity, id);
        return entity;
      } catch (NoSuchFieldException e) {
        // declared further up
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }
    throw new IllegalArgumentException(entity.getClass() + " has no id field");
  }
}
