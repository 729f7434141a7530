package org.netarchive.ee.scheduler.domain.model;

import java.util.Locale;

/**
 * The two kinds of harvest. A harvest channel carries the jobs of one kind, and a harvest
 * definition is of one kind; both store it by name in a {@code kind} column.
 */
public enum HarvestKind {
  /**
   * A selective (event) harvest: chosen domain configurations, run by a schedule. Its jobs go to
   * the default channel {@code HIGHPRIORITY} unless another selective channel is chosen.
   */
  SELECTIVE,

  /**
   * A snapshot (broad) harvest of every domain, run once, with per-domain limits. Its jobs go to
   * the default channel {@code LOWPRIORITY} unless another snapshot channel is chosen.
   */
  SNAPSHOT;

  /** The word people read, e.g. "selective". */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
