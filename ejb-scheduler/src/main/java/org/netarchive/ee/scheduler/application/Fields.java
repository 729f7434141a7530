package org.netarchive.ee.scheduler.application;

import java.util.function.Supplier;
import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/** Ties what the domain model refuses to the field of the form or request it came from. */
public final class Fields {

  private Fields() {}

  /**
   * Runs {@code action}; an {@link IllegalArgumentException} from it becomes an {@link
   * InvalidFieldException} of {@code field} with the same message, unless it names a field already
   * (a {@link RuleViolation} that knows its field keeps it). The refusal stays its cause, and its
   * {@link Text}, if it has one, is the new one's.
   */
  public static <T> T checked(String field, Supplier<T> action) {
    try {
      return action.get();
    } catch (InvalidFieldException e) {
      throw e;
    } catch (RuleViolation e) {
      String at = e.field() == null ? field : e.field();
      throw e.text() == null
          ? new InvalidFieldException(at, e.getMessage(), e)
          : new InvalidFieldException(at, e.text(), e);
    } catch (IllegalArgumentException e) {
      throw e instanceof Localizable said && said.text() != null
          ? new InvalidFieldException(field, said.text(), e)
          : new InvalidFieldException(field, e.getMessage(), e);
    }
  }

  /** As {@link #checked(String, Supplier)}, for an action without a result. */
  public static void check(String field, Runnable action) {
    checked(
        field,
        () -> {
          action.run();
          return null;
        });
  }
}
