package org.netarchive.ee.scheduler.domain.model.job;

import java.util.List;
import java.util.Objects;

/**
 * One domain of a job, with everything the crawl needs of it, frozen when the job is made.
 *
 * @param domainId the domain's id
 * @param configurationId the configuration harvested
 * @param domainName the domain's (ASCII) name
 * @param configurationName the configuration's name
 * @param maxObjects the object limit the crawl applies (the tighter of configuration and harvest),
 *     -1 for none
 * @param maxBytes the byte limit the crawl applies, -1 for none
 * @param configMaxObjects the configuration's own object limit, -1 for none
 * @param configMaxBytes the configuration's own byte limit, -1 for none
 * @param expectedObjects the objects the split expected the domain to have
 * @param seeds the seeds of the configuration's seed lists
 * @param crawlerTraps the domain's crawler traps
 */
public record JobDomain(
    long domainId,
    long configurationId,
    String domainName,
    String configurationName,
    long maxObjects,
    long maxBytes,
    long configMaxObjects,
    long configMaxBytes,
    long expectedObjects,
    List<String> seeds,
    List<String> crawlerTraps) {

  public JobDomain {
    Objects.requireNonNull(domainName, "domainName");
    Objects.requireNonNull(configurationName, "configurationName");
    seeds = List.copyOf(seeds);
    crawlerTraps = List.copyOf(crawlerTraps);
  }

  /** The tighter of two limits where -1 means none. */
  public static long tighter(long a, long b) {
    if (a == -1) {
      return b;
    }
    if (b == -1) {
      return a;
    }
    return Math.min(a, b);
  }
}
