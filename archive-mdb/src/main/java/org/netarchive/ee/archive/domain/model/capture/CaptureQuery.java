package org.netarchive.ee.archive.domain.model.capture;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.CaptureIndex;
import org.netpreserve.jwarc.URIs;

/**
 * A query of the capture index with the CDX server API's parameters: the URL and how it matches
 * ({@code url}, {@code matchType}, or a URL written {@code example.com/*} for a prefix and {@code
 * *.example.com} for a domain), the time range ({@code from}, {@code to}: 4 to 14 digits, padded to
 * the first or last moment they name), the order ({@code sort}: SURT key then time, {@code
 * reverse}, or {@code closest} to a {@code closest} timestamp), the {@code filter}s and at most
 * {@code limit} captures.
 *
 * @param url the URL as given
 * @param matchType how it matches
 * @param from the earliest timestamp (14 digits), or null
 * @param to the latest timestamp (14 digits), or null
 * @param sort the order
 * @param closest with {@link Sort#CLOSEST}, the timestamp (14 digits) to be near
 * @param limit at most this many captures (0 for no limit)
 * @param filters captures must pass each
 */
public record CaptureQuery(
    String url,
    MatchType matchType,
    String from,
    String to,
    Sort sort,
    String closest,
    long limit,
    List<CaptureFilter> filters) {

  /** Captures a closest sort reads at most (its matches are ordered in memory). */
  public static final int CLOSEST_MAX = 100_000;

  /** The order of results. */
  public enum Sort {
    /** SURT key, then time, oldest first (the CDX order). */
    DEFAULT,
    /** The CDX order reversed: last key first, newest first. */
    REVERSE,
    /** Nearest in time to {@code closest} first. */
    CLOSEST;

    /**
     * Reads a sort by name.
     *
     * @param value {@code default}, {@code reverse} or {@code closest}; null or blank for default
     * @return the sort
     * @throws IllegalArgumentException naming the value
     */
    public static Sort parse(String value) {
      if (value == null || value.isBlank()) {
        return DEFAULT;
      }
      return switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "default", "asc" -> DEFAULT;
        case "reverse", "desc" -> REVERSE;
        case "closest" -> CLOSEST;
        default ->
            throw new IllegalArgumentException(
                "Unknown sort '" + value + "'; the sorts are default, reverse, closest");
      };
    }
  }

  /** Checks the query. */
  public CaptureQuery {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("A query needs a url");
    }
    filters = List.copyOf(filters);
    if (limit < 0) {
      throw new IllegalArgumentException("The limit is " + limit + ", not 1 or more");
    }
    if (sort == Sort.CLOSEST && closest == null) {
      throw new IllegalArgumentException("sort=closest needs closest=<timestamp>");
    }
    if (from != null && to != null && from.compareTo(to) > 0) {
      throw new IllegalArgumentException("from " + from + " is after to " + to);
    }
  }

  /**
   * A query of a URL's captures, in CDX order.
   *
   * @param url the URL
   * @param matchType how it matches
   * @param limit at most this many (0 for all)
   * @return the query
   */
  public static CaptureQuery of(String url, MatchType matchType, long limit) {
    return new CaptureQuery(url, matchType, null, null, Sort.DEFAULT, null, limit, List.of());
  }

  /**
   * A URL's captures nearest to a time first.
   *
   * @param url the URL
   * @param timestamp 4 to 14 digits
   * @param limit at most this many (0 for all)
   * @return the query
   */
  public static CaptureQuery closest(String url, String timestamp, long limit) {
    return new CaptureQuery(
        url, MatchType.EXACT, null, null, Sort.CLOSEST, lowerBound(timestamp), limit, List.of());
  }

  /**
   * Reads the match type of a query: the parameter if given, else from the URL's form.
   *
   * @param url the URL as given
   * @param matchType the {@code matchType} parameter, or null
   * @return the match type
   */
  public static MatchType matchTypeOf(String url, String matchType) {
    if (matchType != null && !matchType.isBlank()) {
      return MatchType.parse(matchType);
    }
    if (url != null && url.startsWith("*.")) {
      return MatchType.DOMAIN;
    }
    if (url != null && url.endsWith("*")) {
      return MatchType.PREFIX;
    }
    return MatchType.EXACT;
  }

  /**
   * The SURT key of a URL as the index holds it (jwarc's normalized SURT, as its CDX writes it); a
   * URL without a scheme is taken as {@code http://}.
   *
   * @param url the URL
   * @return the key
   * @throws IllegalArgumentException naming the URL if it is none
   */
  public static String surt(String url) {
    String u = url.strip();
    if (!u.contains("://")) {
      u = "http://" + u;
    }
    try {
      String key = URIs.toNormalizedSurt(u);
      if (key == null || key.isBlank()) {
        throw new IllegalArgumentException("no SURT");
      }
      return key;
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("'" + url + "' is not a URL: " + e.getMessage(), e);
    }
  }

  /**
   * The SURT keys (whole or prefixes) the query selects.
   *
   * @return the keys
   */
  public List<String> keys() {
    String u = url.strip();
    if (u.startsWith("*.")) {
      u = u.substring(2);
    }
    if (u.endsWith("*")) {
      u = u.substring(0, u.length() - 1);
    }
    String key = surt(u);
    if (matchType == MatchType.EXACT) {
      return List.of(key);
    }
    if (matchType == MatchType.PREFIX) {
      // "http://example.com/dir" is keyed "com,example)/dir": a prefix of its URLs' keys. A bare
      // host's key ends in ")/", which every key of the host has.
      return List.of(key);
    }
    int close = key.indexOf(')');
    if (close < 0) {
      throw new IllegalArgumentException("'" + url + "' has no host");
    }
    if (matchType == MatchType.HOST) {
      return List.of(key.substring(0, close + 1));
    }
    String host = key.substring(0, close);
    int port = host.indexOf(':');
    if (port >= 0) {
      host = host.substring(0, port);
    }
    return List.of(host + ")", host + ":", host + ",");
  }

  /**
   * The selection in the index.
   *
   * @return the selection
   */
  public CaptureIndex.Selection selection() {
    return new CaptureIndex.Selection(
        keys(),
        matchType != MatchType.EXACT,
        from == null ? Long.MIN_VALUE : millis(from),
        to == null ? Long.MAX_VALUE : millis(to) + 999,
        sort == Sort.REVERSE);
  }

  /**
   * Runs the query: the matching captures that pass every filter, in its order, at most its limit.
   *
   * @param index the index
   * @param visitor given each capture; returns false to stop
   */
  public void run(CaptureIndex index, Predicate<Capture> visitor) {
    long[] sent = {0};
    if (sort != Sort.CLOSEST) {
      index.scan(
          selection(),
          c -> {
            if (!passes(c)) {
              return true;
            }
            sent[0]++;
            return visitor.test(c) && (limit == 0 || sent[0] < limit);
          });
      return;
    }
    List<Capture> found = new ArrayList<>();
    index.scan(
        selection(),
        c -> {
          if (passes(c)) {
            found.add(c);
          }
          return found.size() < CLOSEST_MAX;
        });
    long target = millis(closest);
    found.sort(
        Comparator.comparingLong((Capture c) -> Math.abs(c.date().toEpochMilli() - target))
            .thenComparing(Capture::timestamp));
    for (Capture c : found) {
      if (!visitor.test(c) || (limit > 0 && ++sent[0] >= limit)) {
        return;
      }
    }
  }

  private boolean passes(Capture capture) {
    for (CaptureFilter filter : filters) {
      if (!filter.test(capture)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Pads a timestamp of 4 to 14 digits to the first moment it names ({@code 2014} is {@code
   * 20140101000000}).
   *
   * @param timestamp the digits
   * @return 14 digits
   * @throws IllegalArgumentException naming the value if it is not a timestamp
   */
  public static String lowerBound(String timestamp) {
    return bound(timestamp, false);
  }

  /**
   * Pads a timestamp of 4 to 14 digits to the last moment it names ({@code 201402} is {@code
   * 20140228235959}).
   *
   * @param timestamp the digits
   * @return 14 digits
   * @throws IllegalArgumentException naming the value if it is not a timestamp
   */
  public static String upperBound(String timestamp) {
    return bound(timestamp, true);
  }

  private static String bound(String timestamp, boolean upper) {
    String t = timestamp == null ? "" : timestamp.strip();
    if (t.length() < 4
        || t.length() > 14
        || t.length() % 2 != 0
        || !t.chars().allMatch(Character::isDigit)) {
      throw new IllegalArgumentException(
          "'"
              + timestamp
              + "' is not a timestamp: 4 to 14 digits yyyy[MM[dd[HH[mm[ss]]]]], e.g. 20250131");
    }
    try {
      int year = Integer.parseInt(t.substring(0, 4));
      int month = field(t, 4, upper ? 12 : 1);
      int day =
          t.length() >= 8
              ? Integer.parseInt(t.substring(6, 8))
              : (upper ? YearMonth.of(year, month).lengthOfMonth() : 1);
      int hour = field(t, 8, upper ? 23 : 0);
      int minute = field(t, 10, upper ? 59 : 0);
      int second = field(t, 12, upper ? 59 : 0);
      LocalDateTime at = LocalDateTime.of(year, month, day, hour, minute, second);
      return String.format(
          Locale.ROOT,
          "%04d%02d%02d%02d%02d%02d",
          at.getYear(),
          at.getMonthValue(),
          at.getDayOfMonth(),
          at.getHour(),
          at.getMinute(),
          at.getSecond());
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("'" + timestamp + "' is not a date: " + e.getMessage(), e);
    }
  }

  private static int field(String t, int at, int otherwise) {
    return t.length() >= at + 2 ? Integer.parseInt(t.substring(at, at + 2)) : otherwise;
  }

  private static long millis(String timestamp14) {
    return LocalDateTime.of(
            Integer.parseInt(timestamp14.substring(0, 4)),
            Integer.parseInt(timestamp14.substring(4, 6)),
            Integer.parseInt(timestamp14.substring(6, 8)),
            Integer.parseInt(timestamp14.substring(8, 10)),
            Integer.parseInt(timestamp14.substring(10, 12)),
            Integer.parseInt(timestamp14.substring(12, 14)))
        .toInstant(ZoneOffset.UTC)
        .toEpochMilli();
  }
}
