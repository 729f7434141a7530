package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.harvest.ChosenConfiguration;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.SelectiveHarvest;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotHarvest;

/**
 * Harvest definitions in the {@code harvest_definition} table (both kinds) and the selective
 * harvests' configurations in {@code harvest_configuration}.
 */
@ApplicationScoped
public class JpaHarvestDefinitionRepository implements HarvestDefinitionRepository {

  private static final int IN_LIST_SIZE = 500;

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<HarvestDefinition> find(long id) {
    return Optional.ofNullable(em.find(HarvestDefinition.class, id));
  }

  @Override
  public Optional<HarvestDefinition> findByName(String name) {
    return NamedQueries.first(
        em, "HarvestDefinition.findByName", HarvestDefinition.class, "name", name);
  }

  @Override
  public Page<HarvestDefinition> list(HarvestKind kind, String nameGlob, int page, int size) {
    return NamedQueries.pageByName(
        em, entityName(kind), HarvestDefinition.class, nameGlob, page, size);
  }

  private static String entityName(HarvestKind kind) {
    if (kind == null) {
      return HarvestDefinition.class.getSimpleName();
    }
    return switch (kind) {
      case SELECTIVE -> SelectiveHarvest.class.getSimpleName();
      case SNAPSHOT -> SnapshotHarvest.class.getSimpleName();
    };
  }

  @Override
  public List<HarvestDefinition> findDue(Instant now) {
    List<HarvestDefinition> due = new ArrayList<>();
    due.addAll(
        NamedQueries.list(em, "SelectiveHarvest.findDue", SelectiveHarvest.class, "now", now));
    due.addAll(
        em.createNamedQuery("SnapshotHarvest.findDue", SnapshotHarvest.class).getResultList());
    return due;
  }

  @Override
  public Page<ChosenConfiguration> configurations(long selectiveHarvestId, int page, int size) {
    return NamedQueries.page(
        em,
        "SelectiveHarvest.configurations",
        "SelectiveHarvest.countConfigurations",
        ChosenConfiguration.class,
        "harvestId",
        selectiveHarvestId,
        page,
        size);
  }

  @Override
  public Map<Long, Long> configurationCounts(Collection<Long> selectiveHarvestIds) {
    Map<Long, Long> counts = new HashMap<>();
    if (selectiveHarvestIds.isEmpty()) {
      return counts;
    }
    em.createQuery(
            "SELECT h.id, COUNT(k) FROM SelectiveHarvest h JOIN h.configurations k"
                + " WHERE h.id IN :ids GROUP BY h.id",
            Object[].class)
        .setParameter("ids", List.copyOf(selectiveHarvestIds))
        .getResultList()
        .forEach(row -> counts.put((Long) row[0], (Long) row[1]));
    return counts;
  }

  @Override
  public void add(HarvestDefinition harvest) {
    em.persist(harvest);
  }

  @Override
  public void flush() {
    em.flush();
  }

  @Override
  public Map<Long, Long> chosenConfigurations(long selectiveHarvestId, Collection<Long> domainIds) {
    Map<Long, Long> chosen = new HashMap<>();
    List<Long> ids = new ArrayList<>(domainIds);
    for (int from = 0; from < ids.size(); from += IN_LIST_SIZE) {
      em.createNamedQuery("SelectiveHarvest.chosenConfigurations", Object[].class)
          .setParameter("harvestId", selectiveHarvestId)
          .setParameter("domainIds", ids.subList(from, Math.min(ids.size(), from + IN_LIST_SIZE)))
          .getResultList()
          .forEach(row -> chosen.put((Long) row[0], (Long) row[1]));
    }
    return chosen;
  }

  @Override
  public void refresh(HarvestDefinition harvest) {
    em.refresh(harvest);
  }
}
