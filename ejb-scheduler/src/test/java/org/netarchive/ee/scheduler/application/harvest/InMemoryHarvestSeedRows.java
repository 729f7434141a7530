package org.netarchive.ee.scheduler.application.harvest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.SeedList;
import org.netarchive.ee.scheduler.domain.model.harvest.ChosenConfiguration;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows;
import org.netarchive.ee.scheduler.domain.model.harvest.SelectiveHarvest;

/** {@link HarvestSeedRows} as the entities would make them, over the in-memory repositories. */
final class InMemoryHarvestSeedRows implements HarvestSeedRows {

  private final InMemoryDomainRepository domains;
  private final InMemoryHarvestRepository harvests;

  InMemoryHarvestSeedRows(InMemoryDomainRepository domains, InMemoryHarvestRepository harvests) {
    this.domains = domains;
    this.harvests = harvests;
  }

  @Override
  public void createDomains(Target target, List<NewDomain> newDomains, Instant now) {
    for (NewDomain fresh : newDomains) {
      Domain domain =
          Domain.create(fresh.name(), target.defaultTemplateId(), CrawlSettings.defaults(), now);
      domains.add(domain);
      SeedList list = domain.addSeedList(target.name(), fresh.seeds(), target.seedListComments());
      DomainConfiguration configuration =
          domain.addConfiguration(target.name(), target.templateId(), target.settings());
      configuration.useSeedLists(List.of(list));
      configuration.changeComments(target.configurationComments());
      domains.flush();
      harvest(target.harvestId()).addConfiguration(ChosenConfiguration.of(configuration));
    }
  }

  @Override
  public void choose(long harvestId, Map<Long, Long> configurationByDomain) {
    configurationByDomain.forEach(
        (domainId, configurationId) -> {
          DomainConfiguration configuration =
              domains.find(domainId).orElseThrow().configurations().stream()
                  .filter(c -> c.id().equals(configurationId))
                  .findFirst()
                  .orElseThrow();
          harvest(harvestId).addConfiguration(ChosenConfiguration.of(configuration));
        });
  }

  private SelectiveHarvest harvest(long id) {
    return (SelectiveHarvest) harvests.find(id).orElseThrow();
  }
}
