package org.netarchive.ee.common.index;

import java.util.Arrays;
import java.util.Locale;

/**
 * The kinds of index the index server builds over a set of jobs (reference/004, "The index
 * server").
 */
public enum IndexKind {
  /** Non-text objects fetched with a 2xx status: what a later crawl deduplicates against. */
  DEDUP,
  /** Every capture, all CDX fields: for quality assurance and access. */
  FULL,
  /** The jobs' CDX lines merged into one sorted CDX file. */
  CDX;

  /**
   * The kind of a name, in any case.
   *
   * @param name the name, e.g. {@code dedup}
   * @return the kind
   * @throws IllegalArgumentException naming the value and the kinds if it is none
   */
  public static IndexKind parse(String name) {
    if (name != null) {
      for (IndexKind kind : values()) {
        if (kind.name().equals(name.strip().toUpperCase(Locale.ROOT))) {
          return kind;
        }
      }
    }
    throw new IllegalArgumentException(
        "Unknown index kind '" + name + "'; the kinds are " + Arrays.toString(values()));
  }
}
