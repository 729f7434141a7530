package org.netarchive.ee.scheduler.domain.model.history;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

/**
 * The CSV format of harvest history from an earlier system, one line per domain configuration per
 * job:
 *
 * <pre>
 * domain,configuration,harvest,job,started,objects,bytes,stop_reason
 * kb.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,18223,1073741824,SIZE_LIMIT
 * netarkivet.dk,defaultconfig,"Election, 2019",4802,2019-06-05T08:30:00+02:00,312,2048411,DOWNLOAD_COMPLETE
 * </pre>
 *
 * <ul>
 *   <li>UTF-8 text; the first line is exactly the header above (a byte order mark before it is
 *       ignored); blank lines are skipped.
 *   <li>Fields are separated by ','. A field may be enclosed in double quotes, inside which ',' is
 *       literal and a double quote is written twice; no field spans lines. Blanks around a field
 *       are ignored.
 *   <li>{@code domain}: a domain name (not a host name below it), in Unicode or ASCII form.
 *   <li>{@code configuration}: the name of one of the domain's configurations in this system.
 *   <li>{@code harvest}: the earlier system's name of the harvest, 1 to 256 characters.
 *   <li>{@code job}: the earlier system's job number, a whole number of 1 or more.
 *   <li>{@code started}: when the job started, ISO-8601 with an offset, e.g. {@code
 *       2019-03-01T02:00:00Z}.
 *   <li>{@code objects}, {@code bytes}: what was harvested, whole numbers of 0 or more.
 *   <li>{@code stop_reason}: one of {@link StopReason}'s names, in any case.
 * </ul>
 */
public final class HistoryCsv {

  /** The first line of every file. */
  public static final String HEADER =
      "domain,configuration,harvest,job,started,objects,bytes,stop_reason";

  private static final int FIELDS = 8;
  private static final int MAX_CONFIGURATION_NAME_LENGTH = 128;

  private HistoryCsv() {}

  /**
   * Checks the first line of a file.
   *
   * @throws IllegalArgumentException if it is not the header
   */
  public static void checkHeader(String firstLine) {
    String line = firstLine == null ? null : firstLine.replace("\uFEFF", "").strip();
    if (line == null || !line.replace(" ", "").equalsIgnoreCase(HEADER)) {
      throw new IllegalArgumentException(
          "A harvest history file starts with the line '"
              + HEADER
              + "', not "
              + (firstLine == null
                  ? "nothing (the file is empty)"
                  : "'" + abbreviated(line) + "'"));
    }
  }

  /**
   * Reads one line after the header.
   *
   * @throws IllegalArgumentException saying which field is wrong and why
   */
  /** How far ahead of this server's clock a start may be, for clocks that differ a little. */
  public static final Duration CLOCK_SKEW = Duration.ofMinutes(15);

  public static HistoryLine parse(String line) {
    return parse(line, Instant.now());
  }

  /**
   * Reads one line after the header, refusing a start after {@code now} plus {@link #CLOCK_SKEW}: a
   * harvest from the future would count as a domain's best for ever.
   *
   * @throws IllegalArgumentException saying which field is wrong and why
   */
  static HistoryLine parse(String line, Instant now) {
    List<String> fields = split(line);
    if (fields.size() != FIELDS) {
      throw new IllegalArgumentException(
          "has " + fields.size() + " fields, not " + FIELDS + " (" + HEADER + ")");
    }
    DomainName domain;
    try {
      domain = DomainName.of(fields.get(0));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("domain: " + e.getMessage(), e);
    }
    String configuration = fields.get(1);
    if (configuration.isEmpty() || configuration.length() > MAX_CONFIGURATION_NAME_LENGTH) {
      throw new IllegalArgumentException(
          "configuration: a name of 1 to "
              + MAX_CONFIGURATION_NAME_LENGTH
              + " characters is required, not '"
              + abbreviated(configuration)
              + "'");
    }
    String harvest;
    try {
      harvest = HarvestHistory.validImportedHarvestName(fields.get(2));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("harvest: " + e.getMessage(), e);
    }
    long job = number("job", fields.get(3), 1);
    Instant started = instant(fields.get(4));
    if (started.isAfter(now.plus(CLOCK_SKEW))) {
      throw new IllegalArgumentException(
          "started: "
              + fields.get(4)
              + " is in the future; a harvest history records harvests that have been made");
    }
    long objects = number("objects", fields.get(5), 0);
    long bytes = number("bytes", fields.get(6), 0);
    StopReason stopReason = stopReason(fields.get(7));
    return new HistoryLine(
        domain, configuration, harvest, job, started, objects, bytes, stopReason);
  }

  /** The fields of a line, unquoted and stripped. */
  static List<String> split(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    int i = 0;
    int n = line.length();
    while (true) {
      while (i < n && line.charAt(i) == ' ') {
        i++;
      }
      if (i < n && line.charAt(i) == '"') {
        int opened = i++;
        while (true) {
          if (i >= n) {
            throw new IllegalArgumentException(
                "the quoted field starting at column " + (opened + 1) + " has no closing quote");
          }
          char c = line.charAt(i++);
          if (c == '"') {
            if (i < n && line.charAt(i) == '"') {
              field.append('"');
              i++;
            } else {
              break;
            }
          } else {
            field.append(c);
          }
        }
        while (i < n && line.charAt(i) == ' ') {
          i++;
        }
        if (i < n && line.charAt(i) != ',') {
          throw new IllegalArgumentException(
              "a quoted field is followed by '" + line.charAt(i) + "' at column " + (i + 1));
        }
        fields.add(field.toString());
      } else {
        int comma = line.indexOf(',', i);
        int end = comma < 0 ? n : comma;
        String plain = line.substring(i, end).strip();
        if (plain.indexOf('"') >= 0) {
          throw new IllegalArgumentException(
              "the field '"
                  + abbreviated(plain)
                  + "' has a quote inside; quote the whole field and double the quote");
        }
        fields.add(plain);
        i = end;
      }
      field.setLength(0);
      if (i >= n) {
        return fields;
      }
      i++; // the comma
    }
  }

  private static long number(String name, String text, long min) {
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      value = Long.MIN_VALUE;
    }
    if (value < min) {
      throw new IllegalArgumentException(
          name
              + ": a whole number of "
              + min
              + " or more is required, not '"
              + abbreviated(text)
              + "'");
    }
    return value;
  }

  private static Instant instant(String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "started: an ISO-8601 date and time with an offset is required, e.g."
              + " 2019-03-01T02:00:00Z, not '"
              + abbreviated(text)
              + "'",
          e);
    }
  }

  private static StopReason stopReason(String text) {
    try {
      return StopReason.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "stop_reason: one of "
              + Arrays.toString(StopReason.values())
              + " is required, not '"
              + abbreviated(text)
              + "'",
          e);
    }
  }

  private static String abbreviated(String text) {
    return text.length() <= 80 ? text : text.substring(0, 80) + "...";
  }
}
