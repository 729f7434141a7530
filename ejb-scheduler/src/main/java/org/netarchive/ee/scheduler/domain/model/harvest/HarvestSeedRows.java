package org.netarchive.ee.scheduler.domain.model.harvest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

/**
 * Writes what seeds added to a selective harvest make, for many domains at once: the rows that
 * {@code Domain.create}, {@code addSeedList}, {@code addConfiguration} and {@link
 * SelectiveHarvest#addConfiguration} would make one entity at a time. A curator's event harvest
 * brings 100,000 new domains; made as entities, each flushed and dirty-checked against all before
 * it, they took minutes and ran into the transaction timeout. Runs in the caller's transaction.
 */
public interface HarvestSeedRows {

  /**
   * Where the seeds go.
   *
   * @param harvestId the selective harvest
   * @param name the name of the seed list and configuration each domain gets for the harvest
   * @param templateId the crawl template of those configurations
   * @param settings their limits and crawl settings
   * @param defaultTemplateId the crawl template of a new domain's default configuration
   * @param seedListComments comments of the seed lists made
   * @param configurationComments comments of the configurations made
   */
  record Target(
      long harvestId,
      String name,
      long templateId,
      CrawlSettings settings,
      long defaultTemplateId,
      String seedListComments,
      String configurationComments) {}

  /**
   * A domain that does not exist yet, and its seeds for the harvest.
   *
   * @param seeds checked, in their stored (ASCII) form, distinct, fitting in one seed list
   */
  record NewDomain(DomainName name, List<String> seeds) {}

  /**
   * Creates the domains, each with its default seed list and configuration (as {@code
   * Domain.create}) and the target's seed list and configuration, which the harvest then harvests.
   */
  void createDomains(Target target, List<NewDomain> domains, Instant now);

  /**
   * Makes the harvest harvest these configurations of domains it has none of yet, and counts a
   * change of the harvest (its version), so that a form showing it as it was refuses to save.
   *
   * @param configurationByDomain domain id → configuration id
   */
  void choose(long harvestId, Map<Long, Long> configurationByDomain);
}
