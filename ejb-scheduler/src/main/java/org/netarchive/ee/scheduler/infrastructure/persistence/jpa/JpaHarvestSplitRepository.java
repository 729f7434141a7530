package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.netarchive.ee.scheduler.domain.model.job.HarvestSplit;
import org.netarchive.ee.scheduler.domain.model.job.HarvestSplitRepository;
import org.netarchive.ee.scheduler.domain.model.job.SplitStatus;

/**
 * Splits in {@code harvest_split}, through the named queries declared on {@link HarvestSplit}; the
 * scheduling lock is the {@code scheduling} row of {@code scheduler_lock}.
 */
@ApplicationScoped
public class JpaHarvestSplitRepository implements HarvestSplitRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<HarvestSplit> find(long id) {
    return Optional.ofNullable(em.find(HarvestSplit.class, id));
  }

  @Override
  public void add(HarvestSplit split) {
    em.persist(split);
  }

  @Override
  public void flush() {
    em.flush();
  }

  @Override
  public List<HarvestSplit> withStatus(SplitStatus status) {
    return NamedQueries.list(em, "HarvestSplit.byStatus", HarvestSplit.class, "status", status);
  }

  @Override
  public Set<Long> harvestsBeingSplit() {
    return new HashSet<>(
        NamedQueries.list(
            em, "HarvestSplit.harvestsWithStatus", Long.class, "status", SplitStatus.RUNNING));
  }

  @Override
  public List<HarvestSplit> ofHarvest(long harvestId) {
    return NamedQueries.list(
        em, "HarvestSplit.ofHarvest", HarvestSplit.class, "harvest", harvestId);
  }

  @Override
  public void lockScheduling() {
    em.createNativeQuery("SELECT name FROM scheduler_lock WHERE name = 'scheduling' FOR UPDATE")
        .getResultList();
  }
}
