package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistoryRepository;

/**
 * The harvest history in {@code harvest_history}. Imports of many entries go through {@link
 * org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.HarvestHistoryImports} instead.
 */
@ApplicationScoped
public class JpaHarvestHistoryRepository implements HarvestHistoryRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public void add(HarvestHistory entry) {
    em.persist(entry);
  }

  @Override
  public List<HarvestHistory> forConfiguration(long configurationId) {
    return NamedQueries.list(
        em,
        "HarvestHistory.forConfiguration",
        HarvestHistory.class,
        "configurationId",
        configurationId);
  }

  @Override
  public Page<HarvestHistory> forDomain(long domainId, int page, int size) {
    return NamedQueries.page(
        em,
        "HarvestHistory.forDomain",
        "HarvestHistory.countForDomain",
        HarvestHistory.class,
        "domainId",
        domainId,
        page,
        size);
  }

  @Override
  public List<HarvestHistory> forJob(long jobId) {
    return NamedQueries.list(em, "HarvestHistory.forJob", HarvestHistory.class, "job", jobId);
  }

  @Override
  public List<Long> latestJobPerDomain(Collection<Long> domainIds, long exceptJobId) {
    List<Long> ids = List.copyOf(domainIds);
    List<Long> jobs = new ArrayList<>();
    // In slices: an IN list of a snapshot job's thousands of domains would be one huge statement.
    for (int from = 0; from < ids.size(); from += 500) {
      jobs.addAll(
          NamedQueries.list(
              em,
              "HarvestHistory.latestJobPerDomain",
              Long.class,
              "domains",
              ids.subList(from, Math.min(ids.size(), from + 500)),
              "except",
              exceptJobId));
    }
    return jobs;
  }
}
