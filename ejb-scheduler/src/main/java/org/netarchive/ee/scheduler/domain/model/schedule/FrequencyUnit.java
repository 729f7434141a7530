package org.netarchive.ee.scheduler.domain.model.schedule;

import java.util.Locale;
import org.netarchive.ee.scheduler.domain.model.Text;

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

  /** The unit as texts name it: its name, e.g. "DAYS", as requests give it. */
  public Text text() {
    return switch (this) {
      case HOURS -> Text.of("unit.HOURS");
      case DAYS -> Text.of("unit.DAYS");
      case WEEKS -> Text.of("unit.WEEKS");
      case MONTHS -> Text.of("unit.MONTHS");
    };
  }

  /** The unit for several, as texts name it, e.g. "days". */
  public Text pluralText() {
    return switch (this) {
      case HOURS -> Text.of("unit.hours");
      case DAYS -> Text.of("unit.days");
      case WEEKS -> Text.of("unit.weeks");
      case MONTHS -> Text.of("unit.months");
    };
  }

  /** The unit's English name for several, e.g. {@code "days"}. */
  public String plural() {
    return name().toLowerCase(Locale.ROOT);
  }
}
