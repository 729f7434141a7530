package org.netarchive.ee.common.index;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * One archived capture as a CDX line describes it: the field model every index over the archive
 * shares (the deduplication index takes a subset, the full index and the access indexes all of it).
 * Parsed from and written as CDX11 ({@code N b a m s k r M S V g}), the format jwarc writes and the
 * harvester agent stores in each job's metadata WARC.
 *
 * @param urlKey the SURT form of the URL, the CDX's sort key ({@code N})
 * @param timestamp the capture time as 14 digits, {@code yyyyMMddHHmmss} in UTC ({@code b})
 * @param url the URL as fetched ({@code a})
 * @param mimeType the content type the server gave, {@code warc/revisit} for a revisit record, or
 *     {@code -} ({@code m})
 * @param status the HTTP status, or -1 if there is none ({@code s})
 * @param digest the payload digest as the CDX writes it (Base32 SHA-1), or {@code -} ({@code k})
 * @param redirect the redirect target, or {@code -} ({@code r})
 * @param length the record's length in the file, compressed if the file is ({@code S})
 * @param offset the record's offset in the file ({@code V})
 * @param file the archived file's name ({@code g})
 */
public record Capture(
    String urlKey,
    String timestamp,
    String url,
    String mimeType,
    int status,
    String digest,
    String redirect,
    long length,
    long offset,
    String file) {

  /** Checks the fields that every capture needs. */
  public Capture {
    require(urlKey, "urlKey");
    require(url, "url");
    require(file, "file");
    if (!isTimestamp(timestamp)) {
      throw new IllegalArgumentException(
          "The capture of " + url + " has the timestamp '" + timestamp + "', not 14 digits");
    }
    mimeType = dashIfEmpty(mimeType);
    digest = dashIfEmpty(digest);
    redirect = dashIfEmpty(redirect);
    if (offset < 0 || length < -1) {
      throw new IllegalArgumentException(
          "The capture of " + url + " has offset " + offset + " and length " + length);
    }
  }

  /**
   * Parses a CDX11 line.
   *
   * @param line the line, without its line end
   * @return the capture, or null for the legend line ({@code " CDX ..."}), a comment ({@code #}) or
   *     an empty line
   * @throws IllegalArgumentException naming the line if it is not a CDX11 line
   */
  public static Capture parseCdx11(String line) {
    if (line.isBlank()
        || line.startsWith(" CDX")
        || line.startsWith("CDX ")
        || line.startsWith("#")) {
      return null;
    }
    String[] f = line.split(" ");
    if (f.length != 11) {
      throw new IllegalArgumentException(
          "Not a CDX11 line (" + f.length + " fields, 11 expected): '" + shorten(line) + "'");
    }
    try {
      return new Capture(
          f[0],
          f[1],
          f[2],
          f[3],
          "-".equals(f[4]) ? -1 : Integer.parseInt(f[4]),
          f[5],
          f[6],
          "-".equals(f[8]) ? -1 : Long.parseLong(f[8]),
          Long.parseLong(f[9]),
          f[10]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "A number in the CDX11 line '" + shorten(line) + "' is not one: " + e.getMessage(), e);
    }
  }

  /**
   * The capture as a CDX11 line (robot flags {@code -}), without a line end.
   *
   * @return the line
   */
  public String toCdx11() {
    return String.join(
        " ",
        urlKey,
        timestamp,
        url,
        mimeType,
        status < 0 ? "-" : Integer.toString(status),
        digest,
        redirect,
        "-",
        length < 0 ? "-" : Long.toString(length),
        Long.toString(offset),
        file);
  }

  /**
   * When the capture was made.
   *
   * @return the timestamp as an instant
   */
  public Instant date() {
    // By hand: a DateTimeFormatter costs more than the rest of a CDX line's parsing.
    try {
      return LocalDateTime.of(
              digits(0, 4),
              digits(4, 6),
              digits(6, 8),
              digits(8, 10),
              digits(10, 12),
              digits(12, 14))
          .toInstant(ZoneOffset.UTC);
    } catch (java.time.DateTimeException e) {
      throw new IllegalArgumentException(
          "The capture of " + url + " has the timestamp '" + timestamp + "', not a date", e);
    }
  }

  /**
   * The harvest job that made the capture, from the file's name as NetarchiveSuite names harvested
   * files ({@code <jobId>-<harvestId>-...}).
   *
   * @return the job's ID, or null if the name does not start so
   */
  public Long jobId() {
    return jobIdOf(file);
  }

  /**
   * The harvest job of a file, from its name ({@code <jobId>-<harvestId>-...}).
   *
   * @param fileName the file's name
   * @return the job's ID, or null if the name does not start with two numbers and dashes
   */
  public static Long jobIdOf(String fileName) {
    int dash = fileName.indexOf('-');
    if (dash < 1 || dash > 18) {
      return null;
    }
    int second = fileName.indexOf('-', dash + 1);
    if (second < dash + 2) {
      return null;
    }
    for (int i = 0; i < second; i++) {
      char c = fileName.charAt(i);
      if (i != dash && (c < '0' || c > '9')) {
        return null;
      }
    }
    return Long.parseLong(fileName, 0, dash, 10);
  }

  /**
   * Whether the capture is a revisit record (a deduplicated object), not a response.
   *
   * @return true for a revisit
   */
  public boolean isRevisit() {
    return "warc/revisit".equalsIgnoreCase(mimeType);
  }

  /**
   * Whether the CDX gives a payload digest.
   *
   * @return true if there is one
   */
  public boolean hasDigest() {
    return !"-".equals(digest);
  }

  private int digits(int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      value = value * 10 + (timestamp.charAt(i) - '0');
    }
    return value;
  }

  private static boolean isTimestamp(String value) {
    if (value == null || value.length() != 14) {
      return false;
    }
    for (int i = 0; i < 14; i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static void require(String value, String name) {
    if (value == null || value.isBlank() || "-".equals(value)) {
      throw new IllegalArgumentException("A capture needs its " + name + ", got '" + value + "'");
    }
    if (value.indexOf(' ') >= 0 || value.indexOf('\n') >= 0) {
      throw new IllegalArgumentException(
          "The " + name + " of a capture holds a space or line end: '" + shorten(value) + "'");
    }
  }

  private static String dashIfEmpty(String value) {
    return value == null || value.isBlank() ? "-" : value;
  }

  private static String shorten(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }
}
