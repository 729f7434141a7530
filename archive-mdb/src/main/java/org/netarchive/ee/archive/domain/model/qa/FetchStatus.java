package org.netarchive.ee.archive.domain.model.qa;

import java.util.Map;

/**
 * What a crawl.log status means: HTTP codes by their class, Heritrix's own codes (zero and below,
 * the {@code FetchStatusCodes} of Heritrix 3) by name, so that a seeds report says why a seed
 * failed in words.
 */
public final class FetchStatus {

  private FetchStatus() {}

  private static final Map<Integer, String> HERITRIX =
      Map.ofEntries(
          Map.entry(1, "DNS lookup succeeded"),
          Map.entry(0, "not attempted (the crawl ended first)"),
          Map.entry(-1, "DNS lookup failed"),
          Map.entry(-2, "connection failed"),
          Map.entry(-3, "connection broken"),
          Map.entry(-4, "timed out"),
          Map.entry(-5, "unexpected runtime error"),
          Map.entry(-6, "prerequisite (DNS or robots.txt) failed"),
          Map.entry(-7, "unsupported URI scheme"),
          Map.entry(-8, "retries exhausted"),
          Map.entry(-9, "unfetchable URI"),
          Map.entry(-50, "deferred, to be retried"),
          Map.entry(-60, "deleted from the frontier by an operator"),
          Map.entry(-61, "precluded by robots.txt"),
          Map.entry(-62, "out of scope on reconsideration"),
          Map.entry(-63, "blocked by a DNS or IP rule"),
          Map.entry(-404, "empty HTTP response"),
          Map.entry(-3000, "severe Java error"),
          Map.entry(-4000, "chaff (crawler trap) detected"),
          Map.entry(-4001, "too many link hops"),
          Map.entry(-4002, "too many embed hops"),
          Map.entry(-5000, "blocked by a user setting"),
          Map.entry(-5001, "blocked by a custom processor"),
          Map.entry(-5002, "blocked by a robots.txt or scope rule"),
          Map.entry(-5003, "blocked by a quota (object, byte or time limit)"),
          Map.entry(-5004, "blocked by a time limit"),
          Map.entry(-7000, "removed: already seen"));

  /**
   * The meaning of a status.
   *
   * @param status the status
   * @return words for it, e.g. "404 client error (not found)" or "-6 prerequisite ... failed"
   */
  public static String describe(int status) {
    String heritrix = HERITRIX.get(status);
    if (heritrix != null) {
      return heritrix;
    }
    if (status == 404) {
      return "not found";
    }
    if (status >= 200 && status < 300) {
      return "fetched";
    }
    if (status >= 300 && status < 400) {
      return "redirected";
    }
    if (status >= 400 && status < 500) {
      return "client error";
    }
    if (status >= 500 && status < 600) {
      return "server error";
    }
    return status < 0 ? "Heritrix failure code" : "unusual status";
  }

  /**
   * Whether a status is a successful capture: a 2xx or 3xx response.
   *
   * @param status the status
   * @return true if it is
   */
  public static boolean isCaptured(int status) {
    return status >= 200 && status < 400;
  }

  /**
   * Whether a seed with this final status failed: no response, or a 4xx or 5xx response.
   *
   * @param status the status
   * @return true if it failed
   */
  public static boolean isFailure(int status) {
    return status < 200 || status >= 400;
  }
}
