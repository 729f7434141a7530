package org.netarchive.ee.archive.domain.model.qa;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * One line of a Heritrix crawl.log (HERITRIX-NOTES.md): fields separated by runs of spaces, the
 * annotations last. A field Heritrix has no value for is {@code -}; here that is kept as written
 * except for the numbers.
 *
 * @param time when the line was written (ISO-8601)
 * @param status the fetch status: an HTTP status code, or a Heritrix code (below 1, see {@link
 *     FetchStatus})
 * @param size the body's length in bytes, or -1 if none
 * @param url the URL
 * @param hopPath the hops from the seed ({@code L} link, {@code E} embed, {@code R} redirect,
 *     {@code P} prerequisite...), {@code -} for a seed
 * @param via the URL it was found on, or {@code -}
 * @param mimeType the content type as Heritrix logged it
 * @param thread the toe thread, e.g. {@code #012}
 * @param fetchTime fetch start and duration, {@code yyyyMMddHHmmssSSS+millis}
 * @param digest the payload digest ({@code sha1:...}) or {@code -}
 * @param seed the seed it was found from (with {@code sourceTagSeeds}), or {@code -}
 * @param annotations Heritrix's annotations, or {@code -}
 */
public record CrawlLogEntry(
    String time,
    int status,
    long size,
    String url,
    String hopPath,
    String via,
    String mimeType,
    String thread,
    String fetchTime,
    String digest,
    String seed,
    String annotations) {

  /** The fields a line has at least: up to the MIME type. */
  private static final int MIN_FIELDS = 7;

  /**
   * Parses a line.
   *
   * @param line a crawl.log line
   * @return the entry, or null if the line is not a crawl.log line (too few fields, a status that
   *     is not a number)
   */
  public static CrawlLogEntry parse(String line) {
    String[] f = line.strip().split(" +", 12);
    if (f.length < MIN_FIELDS) {
      return null;
    }
    int status;
    try {
      status = Integer.parseInt(f[1]);
    } catch (NumberFormatException e) {
      return null;
    }
    long size;
    try {
      size = "-".equals(f[2]) ? -1 : Long.parseLong(f[2]);
    } catch (NumberFormatException e) {
      size = -1;
    }
    return new CrawlLogEntry(
        f[0],
        status,
        size,
        f[3],
        f[4],
        f[5],
        f[6],
        field(f, 7),
        field(f, 8),
        field(f, 9),
        field(f, 10),
        field(f, 11));
  }

  private static String field(String[] f, int i) {
    return i < f.length ? f[i] : "-";
  }

  /**
   * Whether this line is of a seed: nothing led to it.
   *
   * @return true for a seed
   */
  public boolean isSeed() {
    return "-".equals(hopPath) && !url.startsWith("dns:");
  }

  /**
   * The host of the URL, lower-cased: of {@code dns:host} lines too.
   *
   * @return the host, or an empty string if the URL has none
   */
  public String host() {
    return hostOf(url);
  }

  /**
   * The MIME type without parameters, lower-cased: {@code text/html; charset=UTF-8} is {@code
   * text/html}.
   *
   * @return the type
   */
  public String baseMimeType() {
    return baseMimeType(mimeType);
  }

  /**
   * A MIME type without parameters, lower-cased.
   *
   * @param mimeType the type
   * @return the type without parameters
   */
  public static String baseMimeType(String mimeType) {
    int semicolon = mimeType.indexOf(';');
    String base = semicolon < 0 ? mimeType : mimeType.substring(0, semicolon);
    return base.strip().toLowerCase(Locale.ROOT);
  }

  /**
   * The host of a URL as the crawl.log writes it.
   *
   * @param url the URL
   * @return its host lower-cased, or an empty string if it has none
   */
  public static String hostOf(String url) {
    if (url.startsWith("dns:")) {
      return url.substring(4).toLowerCase(Locale.ROOT);
    }
    try {
      String host = new URI(url).getHost();
      if (host != null) {
        return host.toLowerCase(Locale.ROOT);
      }
    } catch (URISyntaxException e) {
      // Heritrix logs URLs as it met them; cut the host by hand below.
    }
    int start = url.indexOf("://");
    if (start < 0) {
      return "";
    }
    int end = start + 3;
    while (end < url.length() && "/?#:".indexOf(url.charAt(end)) < 0) {
      end++;
    }
    String authority = url.substring(start + 3, end);
    return authority.substring(authority.indexOf('@') + 1).toLowerCase(Locale.ROOT);
  }
}
