package org.netarchive.ee.archive.domain.model.index;

import java.util.Optional;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.DedupEntry;

/**
 * What a deduplication index holds: the captures a later crawl may write as revisits of. A CDX line
 * becomes an entry when it is
 *
 * <ul>
 *   <li>an http(s) URL (not {@code dns:}, {@code whois:} or a {@code metadata:} record);
 *   <li>a response, not itself a revisit ({@code warc/revisit}): a revisit must point at the
 *       original response, never at another revisit;
 *   <li>not text: its content type does not start with {@code text/} (text changes with every fetch
 *       and is not deduplicated, as NetarchiveSuite's DeDuplicator's mime filter {@code ^text/.*});
 *       a capture without a content type counts as not text;
 *   <li>a success, HTTP status 200 to 299 (redirects and errors are not worth keeping once);
 *   <li>with a payload digest.
 * </ul>
 *
 * The entry's digest, content type, file, offset and date are the CDX line's. A CDX has no ETag, so
 * entries have none.
 */
public final class DedupRule {

  private DedupRule() {}

  /**
   * The entry of a capture, if the rule takes it.
   *
   * @param capture the capture
   * @return its entry, or empty
   */
  public static Optional<DedupEntry> entryOf(Capture capture) {
    String url = capture.url();
    // regionMatches, not toLowerCase: this runs for each capture of each job of an index.
    if (!(url.regionMatches(true, 0, "http://", 0, 7)
            || url.regionMatches(true, 0, "https://", 0, 8))
        || capture.isRevisit()
        || capture.mimeType().regionMatches(true, 0, "text/", 0, 5)
        || capture.status() < 200
        || capture.status() > 299
        || !capture.hasDigest()) {
      return Optional.empty();
    }
    return Optional.of(
        new DedupEntry(
            capture.url(),
            capture.digest(),
            "-".equals(capture.mimeType()) ? "" : capture.mimeType(),
            null,
            capture.file(),
            capture.offset(),
            capture.date()));
  }
}
