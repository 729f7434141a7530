package org.netarchive.ee.archive.application;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.netarchive.ee.archive.domain.model.capture.CaptureQuery;
import org.netarchive.ee.archive.domain.model.capture.MatchType;
import org.netarchive.ee.common.index.Capture;

/**
 * Searches the archive-wide capture index ({@link CaptureIndexing}): the Java API of the CDX server
 * API, for the REST resources, the replay and export pages and other code of the server.
 *
 * <p>A revisit record (a deduplicated capture, {@code warc/revisit}) is resolved at query time to
 * the capture whose payload it refers to: the capture of the same SURT key with the same payload
 * digest that is not a revisit, the latest one made before the revisit (or else the earliest one
 * after). Resolving at query time keeps indexing per file independent of the order files are
 * indexed in, and finds the original whichever source (job CDX or file) the captures came from.
 */
@ApplicationScoped
public class CaptureSearch {

  /** Captures of a key and digest read to find a revisit's original. */
  private static final int ORIGINAL_CANDIDATES = 1000;

  @EJB private CaptureIndexing indexing;

  /**
   * The captures of a URL, in SURT key then time order.
   *
   * @param url the URL (without a scheme, http:// is assumed)
   * @param type how it matches
   * @param limit at most this many (0 for all)
   * @return the captures
   * @throws IllegalArgumentException if the URL is none
   */
  public List<Capture> find(String url, MatchType type, long limit) {
    return find(CaptureQuery.of(url, type, limit));
  }

  /**
   * The captures a query selects, in its order.
   *
   * @param query the query
   * @return the captures
   */
  public List<Capture> find(CaptureQuery query) {
    List<Capture> found = new ArrayList<>();
    run(query, found::add);
    return found;
  }

  /**
   * Runs a query, handing each capture on as it is read.
   *
   * @param query the query
   * @param visitor given each capture; returns false to stop
   */
  public void run(CaptureQuery query, Predicate<Capture> visitor) {
    query.run(indexing.index(), visitor);
  }

  /**
   * A URL's capture nearest in time to a timestamp.
   *
   * @param url the URL
   * @param timestamp 4 to 14 digits
   * @return the capture, if the index holds any of the URL
   */
  public Optional<Capture> closest(String url, String timestamp) {
    return find(CaptureQuery.closest(url, timestamp, 1)).stream().findFirst();
  }

  /**
   * Where a revisit record's payload is: the capture it refers to.
   *
   * @param revisit a capture
   * @return the original, or empty if the capture is no revisit or the index holds no original
   */
  public Optional<Capture> original(Capture revisit) {
    if (!revisit.isRevisit() || !revisit.hasDigest()) {
      return Optional.empty();
    }
    List<Capture> candidates =
        indexing
            .index()
            .capturesWithDigest(revisit.urlKey(), revisit.digest(), ORIGINAL_CANDIDATES)
            .stream()
            .filter(c -> !c.isRevisit())
            .toList();
    Optional<Capture> before =
        candidates.stream()
            .filter(c -> c.timestamp().compareTo(revisit.timestamp()) <= 0)
            .max(Comparator.comparing(Capture::timestamp));
    return before.isPresent() ? before : candidates.stream().findFirst();
  }
}
