package org.netarchive.ee.common.index;

/** The names of the fields of a deduplication index's Lucene documents. */
final class DedupFields {

  /** The URL, indexed as one term. */
  static final String URL = "url";

  /**
   * The normalized payload digest, indexed as one term; not stored (every lookup names it, so a hit
   * takes it from the query), though an index of an earlier version may hold it stored.
   */
  static final String DIGEST = "digest";

  /** The content type, stored. */
  static final String MIME = "mime";

  /** The ETag, stored when there is one. */
  static final String ETAG = "etag";

  /** The archived file's name, stored. */
  static final String FILE = "file";

  /** The record's offset, stored. */
  static final String OFFSET = "offset";

  /** The capture time in epoch milliseconds, stored and as a sort value. */
  static final String DATE = "date";

  private DedupFields() {}
}
