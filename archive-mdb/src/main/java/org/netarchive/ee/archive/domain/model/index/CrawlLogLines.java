package org.netarchive.ee.archive.domain.model.index;

/**
 * Reads what the index server needs from a Heritrix crawl.log line (fields separated by runs of
 * spaces: time, status, size, URL, hop path, via, content type, thread, fetch time + duration,
 * digest, source, annotations). A line is kept in a job's cache behind its key, the URL and the
 * fetch time to the second, which is how a CDX line (URL, WARC-Date) finds it.
 */
public final class CrawlLogLines {

  private CrawlLogLines() {}

  /**
   * The key of a line: {@code <URL> <yyyyMMddHHmmss>}.
   *
   * @param line a crawl.log line
   * @return its key, or null if it is not a crawl.log line with a URL and a fetch time
   */
  public static String keyOf(String line) {
    String[] f = line.strip().split(" +");
    if (f.length < 10
        || f[8].length() < 14
        || !f[8].substring(0, 14).chars().allMatch(Character::isDigit)) {
      return null;
    }
    return f[3] + " " + f[8].substring(0, 14);
  }

  /**
   * The payload digest of a line.
   *
   * @param line a crawl.log line
   * @return its digest ({@code sha1:...}), or null if it has none
   */
  public static String digestOf(String line) {
    String[] f = line.strip().split(" +");
    return f.length < 10 || "-".equals(f[9]) || f[9].isBlank() ? null : f[9];
  }
}
