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

  /** The kind of harvest as texts name it, e.g. "selective harvest 'x'" for {@code name} x. */
  public Text harvestNamed(String name) {
    return switch (this) {
      case SELECTIVE -> Text.of("owner.selectiveHarvest", name);
      case SNAPSHOT -> Text.of("owner.snapshotHarvest", name);
    };
  }

  /** As {@link #harvestNamed(String)}, at the start of a sentence: "Selective harvest 'x'". */
  public Text harvestSubject(String name) {
    return switch (this) {
      case SELECTIVE -> Text.of("subject.selectiveHarvest", name);
      case SNAPSHOT -> Text.of("subject.snapshotHarvest", name);
    };
  }

  /** Channels of this kind, as texts name them: "selective channels". */
  public Text channels() {
    return switch (this) {
      case SELECTIVE -> Text.of("kind.selectiveChannels");
      case SNAPSHOT -> Text.of("kind.snapshotChannels");
    };
  }

  /** Harvests of this kind, as texts name them: "selective harvests". */
  public Text harvests() {
    return switch (this) {
      case SELECTIVE -> Text.of("kind.selectiveHarvests");
      case SNAPSHOT -> Text.of("kind.snapshotHarvests");
    };
  }

  /** A channel of this kind, as texts name it: "selective channel". */
  public Text channel() {
    return switch (this) {
      case SELECTIVE -> Text.of("kind.selectiveChannel");
      case SNAPSHOT -> Text.of("kind.snapshotChannel");
    };
  }

  /** The word people read, e.g. "selective". */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
