package org.netarchive.ee.archive.domain.model.qa;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The comparison a curator otherwise does by hand: the URLs of a domain that an earlier harvest
 * captured (a 2xx or 3xx response) and a later one did not, each with what the later harvest got
 * for it instead, if anything.
 */
public final class MissingUrls {

  private MissingUrls() {}

  /**
   * A URL the later harvest lacks.
   *
   * @param url the URL
   * @param previousStatus its status in the earlier harvest
   * @param previousMimeType its MIME type there
   * @param currentStatus its status in the later harvest, or null if the later crawl.log does not
   *     have it at all
   * @param currentMeaning what that status means, or "not in the crawl log"
   */
  public record Missing(
      String url,
      int previousStatus,
      String previousMimeType,
      Integer currentStatus,
      String currentMeaning) {}

  /**
   * A comparison.
   *
   * @param domain the domain
   * @param previousCaptured URLs the earlier harvest captured
   * @param currentCaptured URLs the later harvest captured
   * @param missing the earlier harvest's captured URLs the later one did not capture, by URL
   */
  public record Comparison(
      String domain, long previousCaptured, long currentCaptured, List<Missing> missing) {}

  /**
   * Compares the URLs of a domain in two harvests.
   *
   * @param domain the domain
   * @param previous the earlier harvest's URLs ({@link JobCrawlLog#urlsOf})
   * @param current the later harvest's URLs
   * @return the comparison
   */
  public static Comparison compare(
      String domain, Map<String, CrawlLogEntry> previous, Map<String, CrawlLogEntry> current) {
    List<Missing> missing = new ArrayList<>();
    long previousCaptured = 0;
    for (CrawlLogEntry before : previous.values()) {
      if (!FetchStatus.isCaptured(before.status())) {
        continue;
      }
      previousCaptured++;
      CrawlLogEntry now = current.get(before.url());
      if (now == null) {
        missing.add(
            new Missing(
                before.url(), before.status(), before.mimeType(), null, "not in the crawl log"));
      } else if (!FetchStatus.isCaptured(now.status())) {
        missing.add(
            new Missing(
                before.url(),
                before.status(),
                before.mimeType(),
                now.status(),
                FetchStatus.describe(now.status())));
      }
    }
    long currentCaptured =
        current.values().stream().filter(e -> FetchStatus.isCaptured(e.status())).count();
    return new Comparison(domain, previousCaptured, currentCaptured, List.copyOf(missing));
  }
}
