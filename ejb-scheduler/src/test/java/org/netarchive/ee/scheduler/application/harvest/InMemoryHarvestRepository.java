package org.netarchive.ee.scheduler.application.harvest;

import static org.netarchive.ee.scheduler.application.InMemoryPages.pageOf;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.EntityIds;
import org.netarchive.ee.scheduler.domain.model.Globs;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.harvest.ChosenConfiguration;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.SelectiveHarvest;

/**
 * Harvests in a list, for testing services without a database; names the configurations of
 * selective harvests from the domains of an {@link InMemoryDomainRepository}.
 */
public final class InMemoryHarvestRepository implements HarvestDefinitionRepository {

  private final List<HarvestDefinition> harvests = new ArrayList<>();
  private final InMemoryDomainRepository domains;
  private long nextId = 1;
  int flushes;

  public InMemoryHarvestRepository(InMemoryDomainRepository domains) {
    this.domains = domains;
  }

  @Override
  public Optional<HarvestDefinition> find(long id) {
    return harvests.stream().filter(h -> h.id() == id).findFirst();
  }

  @Override
  public Optional<HarvestDefinition> findByName(String name) {
    return harvests.stream().filter(h -> h.name().equals(name)).findFirst();
  }

  @Override
  public Page<HarvestDefinition> list(HarvestKind kind, String nameGlob, int page, int size) {
    List<HarvestDefinition> matching =
        harvests.stream()
            .filter(h -> kind == null || h.kind() == kind)
            .filter(h -> Globs.matches(nameGlob, h.name()))
            .sorted(Comparator.comparing(h -> h.name().toLowerCase(Locale.ROOT)))
            .toList();
    return pageOf(matching, page, size);
  }

  @Override
  public List<HarvestDefinition> findDue(Instant now) {
    return harvests.stream().filter(h -> h.isDue(now)).toList();
  }

  @Override
  public Page<ChosenConfiguration> configurations(long selectiveHarvestId, int page, int size) {
    SelectiveHarvest harvest = (SelectiveHarvest) find(selectiveHarvestId).orElseThrow();
    List<ChosenConfiguration> chosen = new ArrayList<>();
    harvest
        .configurations()
        .forEach(
            (domainId, configurationId) -> {
              Domain domain = domains.find(domainId).orElseThrow();
              DomainConfiguration configuration =
                  domain.configurations().stream()
                      .filter(c -> configurationId.equals(c.id()))
                      .findFirst()
                      .orElseThrow();
              chosen.add(ChosenConfiguration.of(configuration));
            });
    chosen.sort(Comparator.comparing(ChosenConfiguration::domainName));
    return new Page<>(
        chosen.stream().skip((long) page * size).limit(size).toList(), chosen.size(), page, size);
  }

  @Override
  public Map<Long, Long> configurationCounts(Collection<Long> selectiveHarvestIds) {
    Map<Long, Long> counts = new HashMap<>();
    for (long id : selectiveHarvestIds) {
      int count = ((SelectiveHarvest) find(id).orElseThrow()).configurationCount();
      if (count > 0) {
        counts.put(id, (long) count);
      }
    }
    return counts;
  }

  @Override
  public void add(HarvestDefinition harvest) {
    EntityIds.assign(harvest, nextId++);
    harvests.add(harvest);
  }

  @Override
  public void flush() {
    flushes++;
  }

  @Override
  public Map<Long, Long> chosenConfigurations(long selectiveHarvestId, Collection<Long> domainIds) {
    Map<Long, Long> chosen = new HashMap<>();
    find(selectiveHarvestId)
        .map(h -> ((SelectiveHarvest) h).configurations())
        .orElse(Map.of())
        .forEach(
            (domain, configuration) -> {
              if (domainIds.contains(domain)) {
                chosen.put(domain, configuration);
              }
            });
    return chosen;
  }

  @Override
  public void refresh(HarvestDefinition harvest) {}
}
