package org.netarchive.ee.agent.report;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One line of Heritrix 3's crawl.log: {@code timestamp status size URI hop-path via mime thread
 * fetch-time digest source-tag annotations [extra]}, fields separated by spaces.
 *
 * @param status the fetch status: an HTTP code, 1 for a DNS lookup, negative for a failure (e.g.
 *     -5003 refused by a quota, -9998 forbidden by robots.txt)
 * @param size the content length, 0 if none
 * @param uri the URI
 * @param annotations the annotations, e.g. {@code Q:groupMaxFetchSuccesses}
 */
public record CrawlLogLine(int status, long size, String uri, List<String> annotations) {

  /** Status of a URI refused by a quota. */
  public static final int QUOTA_REFUSED = -5003;

  public CrawlLogLine {
    annotations = List.copyOf(annotations);
  }

  /**
   * Reads one line.
   *
   * @param line a crawl.log line
   * @return the line, or empty if it is not a crawl.log line (blank, truncated by a crash)
   */
  public static Optional<CrawlLogLine> parse(String line) {
    String[] fields = line.strip().split("\\s+");
    if (fields.length < 4) {
      return Optional.empty();
    }
    int status;
    long size;
    try {
      status = Integer.parseInt(fields[1]);
      size = fields[2].equals("-") ? 0 : Long.parseLong(fields[2]);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    List<String> annotations =
        fields.length > 11 && !fields[11].equals("-") ? List.of(fields[11].split(",")) : List.of();
    return Optional.of(new CrawlLogLine(status, size, fields[3], annotations));
  }

  /** Whether something was fetched (and archived): a DNS answer or any HTTP response. */
  public boolean fetched() {
    return status > 0;
  }

  /**
   * The host of the URI, lower-cased ({@code dns:kb.dk} has the host {@code kb.dk}).
   *
   * @return the host, or empty if the URI has none
   */
  public Optional<String> host() {
    if (uri.startsWith("dns:")) {
      return Optional.of(uri.substring(4).toLowerCase(Locale.ROOT));
    }
    try {
      return Optional.ofNullable(URI.create(uri).getHost()).map(h -> h.toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      int start = uri.indexOf("://");
      if (start < 0) {
        return Optional.empty();
      }
      String rest = uri.substring(start + 3);
      int end = rest.length();
      for (char c : new char[] {'/', ':', '?', '#'}) {
        int at = rest.indexOf(c);
        if (at >= 0 && at < end) {
          end = at;
        }
      }
      return end == 0
          ? Optional.empty()
          : Optional.of(rest.substring(0, end).toLowerCase(Locale.ROOT));
    }
  }
}
