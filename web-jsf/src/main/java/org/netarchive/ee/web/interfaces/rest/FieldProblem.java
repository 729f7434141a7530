package org.netarchive.ee.web.interfaces.rest;

import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;

/** Invalid input in one field of a request; answered as 400 with the field named. */
public class FieldProblem extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String field;

  public FieldProblem(String field, String message) {
    super(message);
    this.field = field;
  }

  public String field() {
    return field;
  }

  /**
   * Runs {@code action}; an IllegalArgumentException from it becomes a problem of {@code field},
   * unless the service named the field itself.
   */
  public static <T> T check(String field, java.util.function.Supplier<T> action) {
    try {
      return action.get();
    } catch (FieldProblem e) {
      throw e;
    } catch (InvalidFieldException e) {
      throw new FieldProblem(e.field(), e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new FieldProblem(fieldOf(e, field), e.getMessage());
    } catch (jakarta.ejb.EJBException e) {
      if (e.getCause() instanceof IllegalArgumentException invalid) {
        throw new FieldProblem(fieldOf(invalid, field), invalid.getMessage());
      }
      throw e;
    }
  }

  /** The field a refusal names itself, if the domain model knows it, or else {@code field}. */
  private static String fieldOf(IllegalArgumentException refused, String field) {
    return refused instanceof RuleViolation v && v.field() != null ? v.field() : field;
  }

  /** A required field is missing. */
  public static <T> T required(String field, T value) {
    if (value == null || (value instanceof String s && s.isBlank())) {
      throw new FieldProblem(field, "'" + field + "' is required");
    }
    return value;
  }

  /**
   * A whole number of at least 1 given for {@code field} (a count, a number of seconds): {@code
   * null} when absent or blank; anything else refused as a problem of the field, naming the value.
   */
  public static Long wholeNumberOfAtLeastOne(String field, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      long n = Long.parseLong(value.strip());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new FieldProblem(
        field, "'" + field + "' must be a whole number of at least 1, was '" + value + "'");
  }
}
