package org.netarchive.ee.common.message;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record component of a message (or of a record nested in one) that may be absent or {@code
 * null} in the JSON.
 *
 * <p>All components without this annotation are required: decoding fails if they are missing or
 * {@code null}. An absent optional component is passed to the record's constructor as {@code null},
 * and a {@code null} optional component is left out when encoding. Primitive components cannot be
 * optional.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface OptionalField {}
