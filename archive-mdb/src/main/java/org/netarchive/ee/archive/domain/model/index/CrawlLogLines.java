package org.netarchive.ee.archive.domain.model.index;

/**
 * Reads what the index server needs from a Heritrix crawl.log line (fields separated by runs of
 * spaces: time, status, size, URL, hop path, via, content type, thread, fetch time + duration,
 * digest, source, annotations). A line is kept in a job's cache behind its key, the URL and the
 * fetch time to the second, which is how a CDX line (URL, WARC-Date) finds it.
 */
public final class CrawlLogLines {

  private CrawlLogLines() {}

  /** The fields a line must have: up to its digest. */
  private static final int FIELDS = 10;

  /** The field of the fetch time ({@code yyyyMMddHHmmssSSS+duration}). */
  private static final int FETCH_TIME = 8;

  /**
   * The key of a line: {@code <URL> <yyyyMMddHHmmss>}.
   *
   * @param line a crawl.log line
   * @return its key, or null if it is not a crawl.log line with a URL and a fetch time
   */
  public static String keyOf(String line) {
    int[] f = fields(line);
    if (f == null || f[2 * FETCH_TIME + 1] - f[2 * FETCH_TIME] < 14) {
      return null;
    }
    int time = f[2 * FETCH_TIME];
    for (int i = time; i < time + 14; i++) {
      if (!Character.isDigit(line.charAt(i))) {
        return null;
      }
    }
    return line.substring(f[6], f[7]) + " " + line.substring(time, time + 14);
  }

  /**
   * The payload digest of a line.
   *
   * @param line a crawl.log line
   * @return its digest ({@code sha1:...}), or null if it has none
   */
  public static String digestOf(String line) {
    int[] f = fields(line);
    if (f == null) {
      return null;
    }
    String digest = line.substring(f[18], f[19]);
    return "-".equals(digest) || digest.isBlank() ? null : digest;
  }

  /**
   * Where the first {@value #FIELDS} fields of a line start and end, as {@code line.strip().split("
   * +")} would cut them but without a regular expression or a copy (this runs for each of a job's
   * crawl.log lines, millions of them).
   *
   * @param line the line
   * @return start and end index of field i at 2i and 2i + 1, or null if it has fewer fields
   */
  private static int[] fields(String line) {
    int end = line.length();
    while (end > 0 && Character.isWhitespace(line.charAt(end - 1))) {
      end--;
    }
    int i = 0;
    while (i < end && Character.isWhitespace(line.charAt(i))) {
      i++;
    }
    int[] bounds = new int[2 * FIELDS];
    for (int n = 0; n < FIELDS; n++) {
      if (i >= end) {
        return null;
      }
      bounds[2 * n] = i;
      while (i < end && line.charAt(i) != ' ') {
        i++;
      }
      bounds[2 * n + 1] = i;
      while (i < end && line.charAt(i) == ' ') {
        i++;
      }
    }
    return bounds;
  }
}
