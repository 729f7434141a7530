package org.netarchive.ee.scheduler.domain.model.harvest;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.NamedQuery;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;

/**
 * A selective (event) harvest: chosen domain configurations, at most one per domain, harvested by a
 * schedule. An active selective harvest has a schedule, at least one configuration and the date of
 * its next run; an inactive one has no next date. After each run the next date follows from the
 * schedule; when the schedule ends, the harvest deactivates itself.
 *
 * <p>The configurations are kept as domain id → configuration id (table {@code
 * harvest_configuration}): ids rather than entities, since a harvest may hold thousands and they
 * belong to the domains' aggregates, and keyed by domain, so that a domain is there at most once.
 */
@Entity
@DiscriminatorValue("SELECTIVE")
@NamedQuery(
    name = "SelectiveHarvest.findDue",
    query =
        "SELECT h FROM SelectiveHarvest h WHERE h.active = TRUE AND h.nextDate <= :now"
            + " ORDER BY h.nextDate, h.id")
@NamedQuery(
    name = "SelectiveHarvest.listByName",
    query =
        "SELECT h FROM SelectiveHarvest h WHERE LOWER(h.name) LIKE :pattern ESCAPE '!'"
            + " ORDER BY LOWER(h.name), h.id")
@NamedQuery(
    name = "SelectiveHarvest.countByName",
    query = "SELECT COUNT(h) FROM SelectiveHarvest h WHERE LOWER(h.name) LIKE :pattern ESCAPE '!'")
@NamedQuery(
    name = "SelectiveHarvest.configurations",
    query =
        "SELECT new org.netarchive.ee.scheduler.domain.model.harvest.ChosenConfiguration("
            + "d.id, d.name, c.id, c.name)"
            + " FROM DomainConfiguration c JOIN c.domain d"
            + " WHERE c.id IN (SELECT VALUE(k) FROM SelectiveHarvest h JOIN h.configurations k"
            + " WHERE h.id = :harvestId)"
            + " ORDER BY d.name")
@NamedQuery(
    name = "SelectiveHarvest.countConfigurations",
    query =
        "SELECT COUNT(k) FROM SelectiveHarvest h JOIN h.configurations k WHERE h.id = :harvestId")
@NamedQuery(
    name = "SelectiveHarvest.chosenConfigurations",
    query =
        "SELECT KEY(k), VALUE(k) FROM SelectiveHarvest h JOIN h.configurations k"
            + " WHERE h.id = :harvestId AND KEY(k) IN :domainIds")
public class SelectiveHarvest extends HarvestDefinition {

  @ManyToOne(fetch = FetchType.LAZY)
  @JoinColumn(name = "schedule_id")
  private Schedule schedule;

  @Column(name = "next_date")
  private Instant nextDate;

  @ElementCollection(fetch = FetchType.LAZY)
  @CollectionTable(name = "harvest_configuration", joinColumns = @JoinColumn(name = "harvest_id"))
  @MapKeyColumn(name = "domain_id")
  @Column(name = "configuration_id", nullable = false)
  private Map<Long, Long> configurations = new HashMap<>();

  protected SelectiveHarvest() {}

  /**
   * A new, inactive selective harvest without schedule and configurations.
   *
   * @param name unique across all harvests (the caller checks)
   * @param channel a selective channel, usually the default one
   * @param createdAt now
   * @throws IllegalArgumentException if the name is not valid or the channel is a snapshot channel
   */
  public SelectiveHarvest(String name, HarvestChannel channel, Instant createdAt) {
    super(name, channel, createdAt);
  }

  @Override
  public HarvestKind kind() {
    return HarvestKind.SELECTIVE;
  }

  /**
   * Uses another schedule. An active harvest's next run is then the new schedule's first run from
   * now.
   *
   * @param newSchedule the schedule; {@code null} removes it, which only an inactive harvest may
   * @param now the time of the change
   * @throws IllegalArgumentException if the harvest is active and the schedule is missing or has no
   *     run left
   */
  public void useSchedule(Schedule newSchedule, Instant now) {
    if (isActive()) {
      if (newSchedule == null) {
        throw new RuleViolation(null, Text.of("harvest.activeNeedsSchedule", named()));
      }
      this.nextDate = firstRun(newSchedule, now);
    }
    this.schedule = newSchedule;
  }

  /**
   * Adds a configuration for a domain the harvest does not have yet. Adding the configuration the
   * harvest already has for the domain changes nothing.
   *
   * @return whether the harvest changed
   * @throws IllegalArgumentException if the harvest has another configuration of the domain
   */
  public boolean addConfiguration(ChosenConfiguration configuration) {
    Long present = configurations.get(configuration.domainId());
    if (present != null) {
      if (present == configuration.configurationId()) {
        return false;
      }
      throw new RuleViolation(
          null,
          Text.of(
              "harvest.domainTaken",
              named(),
              configuration.domainName(),
              configuration.configurationName()));
    }
    configurations.put(configuration.domainId(), configuration.configurationId());
    return true;
  }

  /**
   * Uses exactly these configurations, at most one per domain.
   *
   * @throws IllegalArgumentException if two are of the same domain, or if there are none and the
   *     harvest is active
   */
  public void useConfigurations(Collection<ChosenConfiguration> chosen) {
    Map<Long, ChosenConfiguration> byDomain = new LinkedHashMap<>();
    for (ChosenConfiguration configuration : chosen) {
      ChosenConfiguration other = byDomain.putIfAbsent(configuration.domainId(), configuration);
      if (other != null && other.configurationId() != configuration.configurationId()) {
        throw new RuleViolation(
            null,
            Text.of(
                "harvest.twoConfigurations",
                named(),
                other.configurationName(),
                configuration.configurationName(),
                configuration.domainName()));
      }
    }
    if (byDomain.isEmpty()) {
      checkInactiveToEmpty();
    }
    configurations.clear();
    byDomain.values().forEach(c -> configurations.put(c.domainId(), c.configurationId()));
  }

  /**
   * Stops harvesting a domain.
   *
   * @return whether the harvest had a configuration of the domain
   * @throws IllegalArgumentException if it is the last one and the harvest is active
   */
  public boolean removeDomain(long domainId) {
    if (!configurations.containsKey(domainId)) {
      return false;
    }
    if (configurations.size() == 1) {
      checkInactiveToEmpty();
    }
    configurations.remove(domainId);
    return true;
  }

  private void checkInactiveToEmpty() {
    if (isActive()) {
      throw new RuleViolation(null, Text.of("harvest.activeNeedsConfiguration", named()));
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>A selective harvest needs a schedule with a run left and at least one configuration; its
   * next run is the schedule's first run from now. Activating an active harvest changes nothing.
   */
  @Override
  public void activate(Instant now) {
    if (isActive()) {
      return;
    }
    if (configurations.isEmpty()) {
      throw new RuleViolation(null, Text.of("harvest.noConfigurations", named()));
    }
    if (schedule == null) {
      throw new RuleViolation(null, Text.of("harvest.noSchedule", named()));
    }
    if (schedule.maxRuns().isPresent() && runCount() >= schedule.maxRuns().getAsInt()) {
      throw new RuleViolation(
          null,
          Text.of("harvest.runsUsed", named(), schedule.maxRuns().getAsInt(), schedule.name()));
    }
    this.nextDate = firstRun(schedule, now);
    setActive(true);
  }

  private Instant firstRun(Schedule candidate, Instant now) {
    return candidate
        .firstEvent(now)
        .orElseThrow(
            () ->
                new RuleViolation(
                    null, Text.of("harvest.noRunLeft", candidate.name(), named(), now)));
  }

  @Override
  public void deactivate() {
    super.deactivate();
    this.nextDate = null;
  }

  @Override
  public boolean isDue(Instant now) {
    return isActive() && nextDate != null && !nextDate.isAfter(now);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The next run is the schedule's next one after the run just made that is not before {@code
   * now} (runs missed while the server was down are skipped, not caught up). When the schedule has
   * ended, the harvest is deactivated.
   */
  @Override
  public void recordRun(Instant now) {
    super.recordRun(now);
    Optional<Instant> next = schedule.nextEventAfter(nextDate, runCount(), now);
    if (next.isPresent()) {
      this.nextDate = next.get();
    } else {
      deactivate();
    }
  }

  /** The schedule; empty until one is chosen. */
  public Optional<Schedule> schedule() {
    return Optional.ofNullable(schedule);
  }

  /** When the harvest runs next; empty if it is inactive. */
  public Optional<Instant> nextDate() {
    return Optional.ofNullable(nextDate);
  }

  /** The chosen configurations: domain id → configuration id. */
  public Map<Long, Long> configurations() {
    return Map.copyOf(configurations);
  }

  /** Whether the harvest has a configuration of this domain. */
  public boolean harvestsDomain(long domainId) {
    return configurations.containsKey(domainId);
  }

  public int configurationCount() {
    return configurations.size();
  }
}
