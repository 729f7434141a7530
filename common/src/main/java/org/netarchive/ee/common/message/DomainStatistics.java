package org.netarchive.ee.common.message;

/**
 * What a crawl got from one domain (part of {@link JobFinished}).
 *
 * @param domain the domain's name as in the {@link CrawlRequest}
 * @param objects objects fetched
 * @param bytes bytes fetched
 * @param stopReason why the crawl of the domain ended, as the crawler saw it
 * @param duplicateObjects of the objects fetched, those found unchanged in the deduplication index
 *     and archived as revisit records (absent: 0)
 * @param duplicateBytes the content bytes of those objects, not archived again (absent: 0)
 */
public record DomainStatistics(
    String domain,
    long objects,
    long bytes,
    CrawlStopReason stopReason,
    @OptionalField Long duplicateObjects,
    @OptionalField Long duplicateBytes) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code domain} is blank, a count is negative or {@code
   *     stopReason} is {@code null}, or more objects or bytes are duplicates than were fetched
   */
  public DomainStatistics {
    Fields.requireNonBlank(domain, "domain");
    Fields.requireAtLeast(objects, 0, "objects of domain " + domain);
    Fields.requireAtLeast(bytes, 0, "bytes of domain " + domain);
    Fields.requireNonNull(stopReason, "stopReason of domain " + domain);
    duplicateObjects = duplicateObjects == null ? 0L : duplicateObjects;
    duplicateBytes = duplicateBytes == null ? 0L : duplicateBytes;
    Fields.requireAtLeast(duplicateObjects, 0, "duplicateObjects of domain " + domain);
    Fields.requireAtLeast(duplicateBytes, 0, "duplicateBytes of domain " + domain);
    if (duplicateObjects > objects || duplicateBytes > bytes) {
      throw new IllegalArgumentException(
          "Domain "
              + domain
              + " has more duplicates ("
              + duplicateObjects
              + " objects, "
              + duplicateBytes
              + " bytes) than it fetched ("
              + objects
              + " objects, "
              + bytes
              + " bytes)");
    }
  }

  /**
   * Statistics of a crawl without deduplication.
   *
   * @param domain the domain's name
   * @param objects objects fetched
   * @param bytes bytes fetched
   * @param stopReason why the crawl of the domain ended
   */
  public DomainStatistics(String domain, long objects, long bytes, CrawlStopReason stopReason) {
    this(domain, objects, bytes, stopReason, 0L, 0L);
  }
}
