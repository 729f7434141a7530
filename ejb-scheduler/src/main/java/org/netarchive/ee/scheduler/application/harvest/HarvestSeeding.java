package org.netarchive.ee.scheduler.application.harvest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.RefusedDomainView;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.domain.model.domain.SeedList;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows.NewDomain;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows.Target;

/**
 * Puts one batch of seeds, sorted by domain, into a selective harvest, in the caller's transaction:
 * {@link HarvestService#addSeeds} for a short list, the add-seeds batch job chunk by chunk for a
 * long one. Linear in the seeds: the batch's domains are looked up with one query per few hundred,
 * new domains are written in JDBC batches ({@link HarvestSeedRows}), and only domains that exist
 * already are changed as entities. Callers check who may add seeds; this does not.
 */
@ApplicationScoped
public class HarvestSeeding {

  @Inject private DomainRepository domains;
  @Inject private HarvestDefinitionRepository harvests;
  @Inject private HarvestSeedRows rows;

  public HarvestSeeding() {}

  /** Seeding outside the container, e.g. in a test. */
  HarvestSeeding(
      DomainRepository domains, HarvestDefinitionRepository harvests, HarvestSeedRows rows) {
    this.domains = domains;
    this.harvests = harvests;
    this.rows = rows;
  }

  /**
   * What one batch did.
   *
   * @param seedsAccepted seeds given, all valid seeds (those of refused domains too)
   * @param seedsAdded of those, the ones that were not in the harvest's seed list of their domain
   * @param domainsCreated domains that did not exist, by name
   * @param configurationsAdded domains whose configuration the harvest harvests from now on
   * @param refusedDomains domains whose seeds were not added, and why
   */
  public record Outcome(
      int seedsAccepted,
      int seedsAdded,
      List<String> domainsCreated,
      List<String> configurationsAdded,
      List<RefusedDomainView> refusedDomains) {}

  /**
   * Adds the seeds.
   *
   * @param target the harvest, the name of its seed lists and configurations, and their settings
   * @param harvestDescription the harvest as refusals name it
   * @param seeds checked seeds in their stored (ASCII) form, distinct, by domain
   */
  public Outcome add(
      Target target, String harvestDescription, Map<DomainName, List<String>> seeds, Instant now) {
    Set<String> existing =
        domains.existingNames(seeds.keySet().stream().map(DomainName::ascii).toList());
    List<RefusedDomainView> refused = new ArrayList<>();
    List<NewDomain> fresh = new ArrayList<>();
    Map<String, List<String>> known = new LinkedHashMap<>();
    int accepted = seeds.values().stream().mapToInt(List::size).sum();
    int added = 0;
    for (Map.Entry<DomainName, List<String>> entry : seeds.entrySet()) {
      DomainName name = entry.getKey();
      List<String> domainSeeds = entry.getValue();
      if (existing.contains(name.ascii())) {
        known.put(name.ascii(), domainSeeds);
        continue;
      }
      try {
        SeedList.text(SeedList.describe(target.name(), name.ascii()), domainSeeds);
      } catch (RuleViolation e) {
        refused.add(new RefusedDomainView(name.ascii(), domainSeeds, e.getMessage()));
        continue;
      }
      fresh.add(new NewDomain(name, domainSeeds));
      added += domainSeeds.size();
    }
    rows.createDomains(target, fresh, now);
    List<String> created = fresh.stream().map(d -> d.name().ascii()).toList();
    Set<String> chosenNow = new HashSet<>(created);

    Map<String, Domain> found = new HashMap<>();
    domains.findByNames(known.keySet()).forEach(d -> found.put(d.name(), d));
    Map<Long, Long> chosen =
        harvests.chosenConfigurations(
            target.harvestId(), found.values().stream().map(Domain::id).toList());
    Map<Domain, DomainConfiguration> toChoose = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> entry : known.entrySet()) {
      Domain domain = found.get(entry.getKey());
      List<String> domainSeeds = entry.getValue();
      Optional<String> conflict = conflict(harvestDescription, chosen, domain, target.name());
      if (conflict.isPresent()) {
        refused.add(new RefusedDomainView(domain.name(), domainSeeds, conflict.get()));
        continue;
      }
      try {
        added += addToSeedList(domain, target, domainSeeds);
      } catch (RuleViolation e) {
        refused.add(new RefusedDomainView(domain.name(), domainSeeds, e.getMessage()));
        continue;
      }
      DomainConfiguration configuration = configuration(domain, target);
      if (!chosen.containsKey(domain.id())) {
        toChoose.put(domain, configuration);
      }
    }
    // New configurations get their ids when they are written.
    domains.flush();
    Map<Long, Long> choices = new LinkedHashMap<>();
    toChoose.forEach(
        (domain, configuration) -> {
          choices.put(domain.id(), configuration.id());
          chosenNow.add(domain.name());
        });
    rows.choose(target.harvestId(), choices);
    List<String> configurationsAdded =
        seeds.keySet().stream().map(DomainName::ascii).filter(chosenNow::contains).toList();
    return new Outcome(accepted, added, created, configurationsAdded, refused);
  }

  /** Why a domain's seeds cannot go into the harvest, if the harvest has another configuration. */
  private static Optional<String> conflict(
      String harvestDescription, Map<Long, Long> chosen, Domain domain, String configurationName) {
    Long present = chosen.get(domain.id());
    if (present == null) {
      return Optional.empty();
    }
    DomainConfiguration other =
        domain.configurations().stream()
            .filter(c -> present.equals(c.id()))
            .findFirst()
            .orElse(null);
    if (other == null || other.name().equals(configurationName)) {
      return Optional.empty();
    }
    return Optional.of(
        harvestDescription
            + " harvests domain '"
            + domain.name()
            + "' with its configuration '"
            + other.name()
            + "'; a harvest uses one configuration per domain, so its seeds were not added."
            + " Add them to that configuration's seed lists, or remove the domain from the"
            + " harvest first");
  }

  /** Adds the seeds to the harvest's seed list of the domain; returns how many were new. */
  private static int addToSeedList(Domain domain, Target target, List<String> seeds) {
    Optional<SeedList> existing = domain.findSeedList(target.name());
    if (existing.isEmpty()) {
      domain.addSeedList(target.name(), seeds, target.seedListComments());
      return seeds.size();
    }
    SeedList list = existing.get();
    Set<String> merged = new LinkedHashSet<>(list.seeds());
    int before = merged.size();
    merged.addAll(seeds);
    if (merged.size() > before) {
      list.changeSeeds(List.copyOf(merged));
    }
    return merged.size() - before;
  }

  /** The harvest's configuration of the domain, made if it does not exist, using its seed list. */
  private static DomainConfiguration configuration(Domain domain, Target target) {
    SeedList list = domain.findSeedList(target.name()).orElseThrow();
    Optional<DomainConfiguration> existing = domain.findConfiguration(target.name());
    if (existing.isPresent()) {
      DomainConfiguration configuration = existing.get();
      if (!configuration.seedLists().contains(list)) {
        List<SeedList> lists = new ArrayList<>(configuration.seedLists());
        lists.add(list);
        configuration.useSeedLists(lists);
      }
      return configuration;
    }
    DomainConfiguration configuration =
        domain.addConfiguration(target.name(), target.templateId(), target.settings());
    configuration.useSeedLists(List.of(list));
    configuration.changeComments(target.configurationComments());
    return configuration;
  }
}
