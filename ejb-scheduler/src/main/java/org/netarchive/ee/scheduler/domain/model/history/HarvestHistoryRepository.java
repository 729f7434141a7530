package org.netarchive.ee.scheduler.domain.model.history;

import java.util.Collection;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.Page;

/** Where the harvest history is kept. */
public interface HarvestHistoryRepository {

  /** Stores a new entry. */
  void add(HarvestHistory entry);

  /** Every entry of a domain configuration, newest first: what the splitter estimates from. */
  List<HarvestHistory> forConfiguration(long configurationId);

  /**
   * One page of a domain's entries, of all its configurations, newest first.
   *
   * @throws IllegalArgumentException if the page or size is out of range ({@link
   *     Page#checkRequest})
   */
  Page<HarvestHistory> forDomain(long domainId, int page, int size);

  /** The entries a job's final report made, one per domain it harvested. */
  List<HarvestHistory> forJob(long jobId);

  /**
   * For each of these domains that has one, the latest job other than {@code exceptJobId} that
   * harvested it (the highest job id in its history), in no particular order.
   */
  List<Long> latestJobPerDomain(Collection<Long> domainIds, long exceptJobId);
}
