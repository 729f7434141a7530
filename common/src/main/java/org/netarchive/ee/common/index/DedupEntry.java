package org.netarchive.ee.common.index;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One archived object a later crawl may deduplicate against: the URL it was fetched from, the
 * digest of its payload, where its response record lies in the archive and when it was captured.
 *
 * @param url the URL as the crawler fetched it
 * @param digest the payload digest, {@code algorithm:value} as in a WARC-Payload-Digest header and
 *     Heritrix's crawl.log (see {@link #normalizeDigest})
 * @param mimeType the content type the server gave, or empty
 * @param etag the ETag the server gave, or null
 * @param file the name of the archived file holding the response record
 * @param offset the offset of the response record in that file
 * @param date when the object was captured (the WARC-Date of the response record)
 */
public record DedupEntry(
    String url,
    String digest,
    String mimeType,
    String etag,
    String file,
    long offset,
    Instant date) {

  /** Checks the fields and normalizes the digest. */
  public DedupEntry {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("A deduplication entry needs a URL");
    }
    digest = normalizeDigest(digest);
    mimeType = mimeType == null ? "" : mimeType;
    if (file == null || file.isBlank()) {
      throw new IllegalArgumentException("The deduplication entry of " + url + " names no file");
    }
    if (offset < 0) {
      throw new IllegalArgumentException(
          "The deduplication entry of " + url + " has the negative offset " + offset);
    }
    Objects.requireNonNull(date, "date");
  }

  /**
   * A payload digest in one spelling: the algorithm in lower case, a colon, the value in upper
   * case. A value without an algorithm is taken as SHA-1 in Base32, as a CDX file writes it ({@code
   * ABC...} and {@code sha1:abc...} are the same digest).
   *
   * @param digest a digest as a CDX, a crawl.log or a WARC header writes it
   * @return the digest as the index keeps it
   * @throws IllegalArgumentException if the digest is missing or has an empty value
   */
  public static String normalizeDigest(String digest) {
    if (digest == null || digest.isBlank() || "-".equals(digest.strip())) {
      throw new IllegalArgumentException("A deduplication entry needs a payload digest");
    }
    String d = digest.strip();
    int colon = d.indexOf(':');
    String algorithm = colon < 0 ? "sha1" : d.substring(0, colon).toLowerCase(Locale.ROOT);
    String value = (colon < 0 ? d : d.substring(colon + 1)).toUpperCase(Locale.ROOT);
    if (algorithm.isEmpty() || value.isEmpty()) {
      throw new IllegalArgumentException(
          "The payload digest '" + digest + "' is not algorithm:value");
    }
    return algorithm + ":" + value;
  }
}
