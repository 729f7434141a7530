package org.netarchive.ee.scheduler.domain.model.job;

import java.util.List;

/**
 * A domain configuration a harvest run splits, with what the estimate and the job need of it: the
 * input of the split-harvest job.
 *
 * @param configurationId the configuration's id
 * @param domainId its domain's id
 * @param domainName its domain's name
 * @param configurationName its name
 * @param templateId the harvest template it uses
 * @param maxObjects its own object limit per domain, -1 for none
 * @param maxBytes its own byte limit per domain, -1 for none
 * @param seeds the seeds of its seed lists
 * @param crawlerTraps its domain's crawler traps
 * @param history its earlier harvests
 */
public record SplitConfiguration(
    long configurationId,
    long domainId,
    String domainName,
    String configurationName,
    long templateId,
    long maxObjects,
    long maxBytes,
    List<String> seeds,
    List<String> crawlerTraps,
    List<History> history) {

  /**
   * One earlier harvest of a configuration, and which harvest made it: for an imported entry the
   * harvest here of the name it gives, null if there is none.
   */
  public record History(Long harvestId, PastHarvest harvest) {}

  /**
   * A page of configurations.
   *
   * @param configurations the configurations to split, in id order
   * @param lastScanned the last configuration id the page looked at (the next page starts after
   *     it), also when it was not one to split
   * @param end whether there are no more configurations after this page
   */
  public record Page(List<SplitConfiguration> configurations, long lastScanned, boolean end) {}
}
