package org.netarchive.ee.web.interfaces.definitions.rest;

import java.util.Locale;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/** Reads the kind of a harvest or a channel as clients write it. */
final class Kinds {

  private Kinds() {}

  /**
   * The kind named by {@code value}, in any case; {@code null} if it is absent or blank.
   *
   * @throws FieldProblem naming {@code field} and the value, if it is no kind
   */
  static HarvestKind parse(String field, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return HarvestKind.valueOf(value.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new FieldProblem(field, field + " must be SELECTIVE or SNAPSHOT, not '" + value + "'");
    }
  }
}
