package org.netarchive.ee.scheduler.domain.model.schedule;

import java.util.Locale;

/** The unit a repeating schedule counts its interval in. */
public enum FrequencyUnit {
  HOURS,
  DAYS,
  WEEKS,
  MONTHS;

  /** The unit's English name for one of it, e.g. {@code "day"}. */
  public String singular() {
    String plural = plural();
    return plural.substring(0, plural.length() - 1);
  }

  /** The unit's English name for several, e.g. {@code "days"}. */
  public String plural() {
    return name().toLowerCase(Locale.ROOT);
  }
}
