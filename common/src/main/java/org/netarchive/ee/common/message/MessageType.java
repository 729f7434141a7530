package org.netarchive.ee.common.message;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names a {@link Message} record on the wire and gives the version of its JSON layout.
 *
 * <p>The name, not the Java class name, is what travels, so classes can be renamed or moved without
 * breaking running agents. Increase the version when a change is not backwards compatible (a
 * component removed, renamed, retyped or made required); a receiver can then register both the old
 * and the new record and handle each.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface MessageType {

  /**
   * The type name written in the {@code "type"} member, e.g. {@code "Ping"}.
   *
   * @return a name starting with a letter, followed by letters, digits, '_', '.' or '-'
   */
  String name();

  /**
   * The layout version written in the {@code "version"} member.
   *
   * @return a version number of at least 1
   */
  int version();
}
