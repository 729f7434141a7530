package org.netarchive.ee.archive.application.preservation;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.Map;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;

/**
 * Bit preservation's settings, stored in the database so they change at run time (REST and UI): the
 * audits' rate limit, automatic repair of unambiguous cases (off by default), and the age in days
 * that makes a copy count as not verified.
 */
@PermitAll
@Stateless
public class PreservationSettings {

  /** The settings as stored. */
  public record Values(long rateMegabytesPerSecond, boolean autoRepair, int notVerifiedDays)
      implements java.io.Serializable {}

  @Inject private PreservationRecords records;

  /** The current settings. */
  public Values values() {
    try {
      Map<String, String> stored = records.settings();
      return new Values(
          Long.parseLong(stored.getOrDefault("rateMegabytesPerSecond", "0")),
          Boolean.parseBoolean(stored.getOrDefault("autoRepair", "false")),
          Integer.parseInt(stored.getOrDefault("notVerifiedDays", "30")));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the bit preservation settings: " + e, e);
    }
  }

  /**
   * Changes the settings given (null keeps a value).
   *
   * @throws IllegalArgumentException naming the setting and the value if one is out of range
   */
  public Values change(Long rateMegabytesPerSecond, Boolean autoRepair, Integer notVerifiedDays) {
    if (rateMegabytesPerSecond != null
        && (rateMegabytesPerSecond < 0 || rateMegabytesPerSecond > 100_000)) {
      throw new IllegalArgumentException(
          "rateMegabytesPerSecond must be 0 (no limit) to 100000, was " + rateMegabytesPerSecond);
    }
    if (notVerifiedDays != null && (notVerifiedDays < 1 || notVerifiedDays > 36_500)) {
      throw new IllegalArgumentException(
          "notVerifiedDays must be 1 to 36500, was " + notVerifiedDays);
    }
    try {
      if (rateMegabytesPerSecond != null) {
        records.setting("rateMegabytesPerSecond", Long.toString(rateMegabytesPerSecond));
      }
      if (autoRepair != null) {
        records.setting("autoRepair", Boolean.toString(autoRepair));
      }
      if (notVerifiedDays != null) {
        records.setting("notVerifiedDays", Integer.toString(notVerifiedDays));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot store the bit preservation settings: " + e, e);
    }
    return values();
  }
}
