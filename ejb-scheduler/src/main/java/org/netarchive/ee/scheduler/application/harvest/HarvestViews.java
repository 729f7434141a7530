package org.netarchive.ee.scheduler.application.harvest;

import java.time.Instant;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.harvest.ChosenConfiguration;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.SelectiveHarvest;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotHarvest;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotLimits;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;

/** Read models of harvest definitions for the UI and the API. */
public final class HarvestViews {

  private HarvestViews() {}

  /**
   * A harvest definition of either kind; the fields of the other kind are {@code null}.
   *
   * @param channel the name of the channel its jobs go to
   * @param runCount how many times jobs were made for it
   * @param schedule selective: the schedule's name, {@code null} until one is chosen
   * @param nextDate selective: when it runs next; {@code null} while inactive
   * @param configurationCount selective: how many domain configurations it harvests
   * @param maxObjectsPerDomain snapshot: most objects per domain, -1 for no limit
   * @param maxBytesPerDomain snapshot: most bytes per domain, -1 for no limit
   * @param maxJobRunningSeconds snapshot: longest a job may run, 0 for no limit
   * @param continueFrom snapshot: the earlier snapshot harvest it continues from
   * @param configurations selective, when one harvest is read or changed: a page of its domain
   *     configurations by domain name; {@code null} in lists
   * @param version the version to send back with a change
   */
  public record HarvestView(
      String name,
      HarvestKind kind,
      String comments,
      String audience,
      boolean active,
      String channel,
      int runCount,
      Instant createdAt,
      String schedule,
      Instant nextDate,
      Long configurationCount,
      Long maxObjectsPerDomain,
      Long maxBytesPerDomain,
      Long maxJobRunningSeconds,
      String continueFrom,
      Page<HarvestConfigurationView> configurations,
      int version) {}

  /**
   * A domain configuration a selective harvest harvests.
   *
   * @param domain the domain's name
   * @param configuration the configuration's name
   */
  public record HarvestConfigurationView(String domain, String configuration) {}

  /**
   * What adding seeds to a selective harvest did.
   *
   * @param configuration the name of the configuration and seed list each domain got for this
   *     harvest
   * @param seedsAccepted the distinct seeds that were not refused
   * @param seedsAdded of those, the seeds that were not in the domains' seed lists yet
   * @param domainsCreated the domains that did not exist and were created
   * @param configurationsAdded the domains whose configuration the harvest harvests from now on
   * @param refusedSeeds lines that are no usable seed, with the reason
   * @param refusedDomains domains whose seeds were not added, with the reason
   * @param harvest the harvest afterwards
   */
  public record SeedsAdded(
      String configuration,
      int seedsAccepted,
      int seedsAdded,
      List<String> domainsCreated,
      List<String> configurationsAdded,
      List<RefusedSeedView> refusedSeeds,
      List<RefusedDomainView> refusedDomains,
      HarvestView harvest) {}

  /**
   * A line of a seed list that was not added.
   *
   * @param line its number, from 1
   * @param seed the line, without surrounding blanks
   * @param reason why
   */
  public record RefusedSeedView(int line, String seed, String reason) {}

  /**
   * A domain whose seeds were not added.
   *
   * @param domain the domain's name
   * @param seeds its seeds that were given
   * @param reason why
   */
  public record RefusedDomainView(String domain, List<String> seeds, String reason) {}

  /** A harvest in a list; its configurations are counted, not listed. */
  static HarvestView summary(HarvestDefinition harvest, Long configurationCount) {
    return of(harvest, configurationCount, null);
  }

  /** A harvest read or changed, with a page of its configurations if it is selective. */
  static HarvestView detail(HarvestDefinition harvest, Page<ChosenConfiguration> configurations) {
    return of(
        harvest,
        configurations == null ? null : configurations.total(),
        configurations == null
            ? null
            : configurations.map(
                c -> new HarvestConfigurationView(c.domainName(), c.configurationName())));
  }

  private static HarvestView of(
      HarvestDefinition harvest,
      Long configurationCount,
      Page<HarvestConfigurationView> configurations) {
    SelectiveHarvest selective = harvest instanceof SelectiveHarvest s ? s : null;
    SnapshotHarvest snapshot = harvest instanceof SnapshotHarvest s ? s : null;
    SnapshotLimits limits = snapshot == null ? null : snapshot.limits();
    return new HarvestView(
        harvest.name(),
        harvest.kind(),
        harvest.comments(),
        harvest.audience(),
        harvest.isActive(),
        harvest.channel().name(),
        harvest.runCount(),
        harvest.createdAt(),
        selective == null ? null : selective.schedule().map(Schedule::name).orElse(null),
        selective == null ? null : selective.nextDate().orElse(null),
        selective == null ? null : (configurationCount == null ? 0L : configurationCount),
        limits == null ? null : limits.maxObjectsPerDomain(),
        limits == null ? null : limits.maxBytesPerDomain(),
        limits == null ? null : limits.maxJobRunningTime().getSeconds(),
        snapshot == null
            ? null
            : snapshot.previousSnapshot().map(HarvestDefinition::name).orElse(null),
        configurations,
        harvest.version());
  }
}
