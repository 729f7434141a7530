package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersion;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersionInfo;

@ApplicationScoped
public class JpaHarvestTemplateRepository implements HarvestTemplateRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<HarvestTemplate> find(long id) {
    return Optional.ofNullable(em.find(HarvestTemplate.class, id));
  }

  @Override
  public Optional<HarvestTemplate> findByName(String name) {
    return NamedQueries.first(
        em, "HarvestTemplate.findByName", HarvestTemplate.class, "name", name);
  }

  @Override
  public Optional<HarvestTemplate> lockByName(String name) {
    return em.createNamedQuery("HarvestTemplate.findByName", HarvestTemplate.class)
        .setParameter("name", name)
        .setLockMode(LockModeType.PESSIMISTIC_WRITE)
        .getResultStream()
        .findFirst();
  }

  @Override
  public Optional<HarvestTemplateVersion> findVersion(long templateId, int number) {
    return em.createNamedQuery("HarvestTemplateVersion.byNumber", HarvestTemplateVersion.class)
        .setParameter("templateId", templateId)
        .setParameter("number", number)
        .getResultStream()
        .findFirst();
  }

  @Override
  public List<HarvestTemplateVersionInfo> versionInfos(long templateId) {
    return em.createNamedQuery("HarvestTemplateVersion.infoOfTemplate", Object[].class)
        .setParameter("templateId", templateId)
        .getResultStream()
        .map(JpaHarvestTemplateRepository::info)
        .toList();
  }

  @Override
  public Map<Long, HarvestTemplateVersionInfo> currentVersionInfos(Collection<Long> templateIds) {
    if (templateIds.isEmpty()) {
      return Map.of();
    }
    return em.createNamedQuery("HarvestTemplateVersion.newestInfoOfTemplates", Object[].class)
        .setParameter("templateIds", templateIds)
        .getResultStream()
        .map(JpaHarvestTemplateRepository::info)
        .collect(Collectors.toMap(HarvestTemplateVersionInfo::templateId, Function.identity()));
  }

  /** A row of the info queries: template id, number, sha256, uploaded at, uploaded by. */
  private static HarvestTemplateVersionInfo info(Object[] row) {
    return new HarvestTemplateVersionInfo(
        ((Number) row[0]).longValue(),
        ((Number) row[1]).intValue(),
        (String) row[2],
        (Instant) row[3],
        (String) row[4]);
  }

  @Override
  public Optional<HarvestTemplateVersion> findVersion(long versionId) {
    return Optional.ofNullable(em.find(HarvestTemplateVersion.class, versionId));
  }

  @Override
  public Optional<HarvestTemplateVersion> currentVersion(long templateId) {
    return em.createNamedQuery(
            "HarvestTemplateVersion.newestOfTemplate", HarvestTemplateVersion.class)
        .setParameter("templateId", templateId)
        .setMaxResults(1)
        .getResultStream()
        .findFirst();
  }

  @Override
  public List<HarvestTemplate> list(String nameGlob, int first, int max) {
    if (first < 0 || max < 1 || max > MAX_PAGE_SIZE) {
      throw new IllegalArgumentException(
          "Cannot list harvest templates from "
              + first
              + ", "
              + max
              + " at a time: the first must be 0 or more, and 1 to "
              + MAX_PAGE_SIZE
              + " at a time");
    }
    return NamedQueries.sliceByName(
        em, "HarvestTemplate", HarvestTemplate.class, nameGlob, first, max);
  }

  @Override
  public long count(String nameGlob) {
    return NamedQueries.countByName(em, "HarvestTemplate", nameGlob);
  }

  @Override
  public void add(HarvestTemplate template) {
    em.persist(template);
  }
}
