package org.netarchive.ee.scheduler.domain.model.job;

/** Object and byte limits where {@value #NONE} means "no limit". */
final class Limits {

  /** No limit. */
  static final long NONE = -1;

  private Limits() {}

  static boolean isSet(long limit) {
    return limit != NONE;
  }

  /** The value, if it is a limit: a positive number or {@value #NONE}. */
  static long require(String name, long value) {
    if (value < NONE || value == 0) {
      throw new IllegalArgumentException(
          name + " must be a positive number or -1 (no limit), was " + value);
    }
    return value;
  }

  /** Whether limit {@code a} is at most limit {@code b}, where no limit is infinitely large. */
  static boolean atMost(long a, long b) {
    if (!isSet(b)) {
      return true;
    }
    return isSet(a) && a <= b;
  }

  /** A count that cannot be negative. */
  static long requireCount(String name, long value) {
    if (value < 0) {
      throw new IllegalArgumentException(name + " must be 0 or more, was " + value);
    }
    return value;
  }
}
