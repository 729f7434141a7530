package org.netarchive.ee.agent.report;

import java.net.URI;
import java.util.ArrayList;
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
 * @param annotations the annotations, e.g. {@code Q:groupMaxFetchSuccesses}; commas inside double
 *     quotes belong to one annotation ({@code duplicate:"file,offset,timestamp"})
 */
public record CrawlLogLine(int status, long size, String uri, List<String> annotations) {

  /** The annotation of a URI archived as a revisit of an earlier capture. */
  private static final String DUPLICATE = "duplicate:\"";

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
        fields.length > 11 && !fields[11].equals("-") ? annotations(fields[11]) : List.of();
    return Optional.of(new CrawlLogLine(status, size, fields[3], annotations));
  }

  /** The comma-separated annotations of a line, a quoted part kept whole. */
  private static List<String> annotations(String field) {
    List<String> out = new ArrayList<>();
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        out.add(field.substring(start, i));
        start = i + 1;
      }
    }
    out.add(field.substring(start));
    out.removeIf(String::isEmpty);
    return out;
  }

  /**
   * The archived file holding the original of a URI that was archived as a revisit record: the file
   * named by its {@code duplicate:"file,offset[,timestamp]"} annotation (NetarchiveSuite's form,
   * written by the deduplication processor).
   *
   * @return the original's file, or empty if the URI was not deduplicated
   */
  public Optional<String> duplicateOf() {
    for (String annotation : annotations) {
      if (annotation.startsWith(DUPLICATE)) {
        int end = annotation.indexOf(',', DUPLICATE.length());
        if (end > DUPLICATE.length()) {
          return Optional.of(annotation.substring(DUPLICATE.length(), end));
        }
      }
    }
    return Optional.empty();
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
