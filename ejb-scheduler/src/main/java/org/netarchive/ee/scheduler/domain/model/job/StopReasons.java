package org.netarchive.ee.scheduler.domain.model.job;

import org.netarchive.ee.scheduler.domain.model.history.StopReason;

/**
 * The stop reason recorded in the harvest history for a domain, from the one the harvester
 * reported. The harvester only knows that a domain hit "the" object or byte limit; the history says
 * whether it was the configuration's own, because a snapshot harvest that continues an earlier one
 * leaves out domains stopped by their own configuration's limit (harvesting them again would stop
 * at the same place).
 */
public final class StopReasons {

  private StopReasons() {}

  /**
   * The reason to record. A reported OBJECT_LIMIT becomes CONFIG_OBJECT_LIMIT, and a reported
   * SIZE_LIMIT becomes CONFIG_SIZE_LIMIT, when the configuration has a limit of that kind and
   * either
   *
   * <ul>
   *   <li>it is at most the harvest's (or the harvest has none): the configuration's limit is the
   *       tighter one, and with equal limits the configuration's alone would have stopped the
   *       domain too; or
   *   <li>the domain got at least as many objects (bytes) as the configuration's limit: harvesting
   *       again would stop there anyway.
   * </ul>
   *
   * Every other reported reason is recorded as it is, and so is a limit stop when the configuration
   * has no limit of that kind.
   *
   * @param objects objects harvested of the domain, 0 or more
   * @param bytes bytes harvested of the domain, 0 or more
   */
  public static StopReason recorded(
      StopReason reported,
      long objects,
      long bytes,
      long configMaxObjects,
      long configMaxBytes,
      long harvestMaxObjects,
      long harvestMaxBytes) {
    if (reported == null) {
      throw new IllegalArgumentException("The reported stop reason is missing");
    }
    Limits.requireCount("objects", objects);
    Limits.requireCount("bytes", bytes);
    Limits.require("configMaxObjects", configMaxObjects);
    Limits.require("configMaxBytes", configMaxBytes);
    Limits.require("harvestMaxObjects", harvestMaxObjects);
    Limits.require("harvestMaxBytes", harvestMaxBytes);
    return switch (reported) {
      case OBJECT_LIMIT ->
          configurationStopped(objects, configMaxObjects, harvestMaxObjects)
              ? StopReason.CONFIG_OBJECT_LIMIT
              : reported;
      case SIZE_LIMIT ->
          configurationStopped(bytes, configMaxBytes, harvestMaxBytes)
              ? StopReason.CONFIG_SIZE_LIMIT
              : reported;
      default -> reported;
    };
  }

  private static boolean configurationStopped(long harvested, long configLimit, long harvestLimit) {
    return Limits.isSet(configLimit)
        && (Limits.atMost(configLimit, harvestLimit) || harvested >= configLimit);
  }
}
