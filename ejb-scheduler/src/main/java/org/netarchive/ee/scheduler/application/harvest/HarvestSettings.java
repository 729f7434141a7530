package org.netarchive.ee.scheduler.application.harvest;

/**
 * What a curator sets on a harvest definition, for a new one or a change. The fields of one kind
 * are refused for the other.
 *
 * <p>For a new harvest an absent ({@code null}) field means none, or the default: the default
 * channel of the harvest's kind, the limits of a new snapshot harvest. For a change an absent field
 * keeps the harvest's value, and an empty text removes an optional one (comments, audience,
 * schedule, continueFrom).
 *
 * @param name unique across harvests of both kinds
 * @param channel the name of a channel of the harvest's kind
 * @param comments free text
 * @param audience whom the harvest is for, free text
 * @param schedule selective only: the name of the schedule; required to activate
 * @param maxObjectsPerDomain snapshot only: most objects per domain, -1 for no limit
 * @param maxBytesPerDomain snapshot only: most bytes per domain, -1 for no limit
 * @param maxJobRunningSeconds snapshot only: longest a job may run, 0 for no limit
 * @param continueFrom snapshot only: the name of an earlier snapshot harvest whose completely
 *     harvested domains are left out
 */
public record HarvestSettings(
    String name,
    String channel,
    String comments,
    String audience,
    String schedule,
    Long maxObjectsPerDomain,
    Long maxBytesPerDomain,
    Long maxJobRunningSeconds,
    String continueFrom) {

  /** The settings of a selective harvest. */
  public static HarvestSettings selective(
      String name, String channel, String schedule, String comments, String audience) {
    return new HarvestSettings(name, channel, comments, audience, schedule, null, null, null, null);
  }

  /** The settings of a snapshot harvest. */
  public static HarvestSettings snapshot(
      String name,
      String channel,
      String comments,
      String audience,
      Long maxObjectsPerDomain,
      Long maxBytesPerDomain,
      Long maxJobRunningSeconds,
      String continueFrom) {
    return new HarvestSettings(
        name,
        channel,
        comments,
        audience,
        null,
        maxObjectsPerDomain,
        maxBytesPerDomain,
        maxJobRunningSeconds,
        continueFrom);
  }
}
