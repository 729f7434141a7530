package org.netarchive.ee.archive.infrastructure.persistence.jpa;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Local;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.archive.domain.model.repository.ArchivedFile;
import org.netarchive.ee.archive.domain.model.repository.ArchivedFileRepository;

/**
 * A session bean rather than a CDI bean: the archive's persistence unit is in another module than
 * the schema's, and the server resolves a session bean's persistence context when the module
 * starts, where CDI would look for it before that module's unit exists.
 */
@PermitAll
@Stateless
@Local(ArchivedFileRepository.class)
public class JpaArchivedFileRepository implements ArchivedFileRepository {

  @PersistenceContext(unitName = "archive")
  private EntityManager em;

  @Override
  public Optional<ArchivedFile> findForUpdate(String name) {
    return em.createNamedQuery("ArchivedFile.byName", ArchivedFile.class)
        .setParameter("name", name)
        .setLockMode(LockModeType.PESSIMISTIC_WRITE)
        .getResultStream()
        .findFirst();
  }

  @Override
  public Optional<ArchivedFile> find(String name) {
    return em.createNamedQuery("ArchivedFile.byName", ArchivedFile.class)
        .setParameter("name", name)
        .getResultStream()
        .findFirst();
  }

  @Override
  public void add(ArchivedFile file) {
    em.persist(file);
    // Two first stores of one name at once: the unique key refuses the second here, its
    // message is redelivered and then finds the file.
    em.flush();
  }

  @Override
  public List<ArchivedFile> unfinished() {
    return em.createNamedQuery("ArchivedFile.unfinished", ArchivedFile.class).getResultList();
  }

  @Override
  public List<String> silentSince(Collection<String> replicas, Instant cutoff, int max) {
    if (replicas.isEmpty()) {
      return List.of();
    }
    return em.createNamedQuery("ArchivedFile.silentSince", String.class)
        .setParameter("replicas", replicas)
        .setParameter("cutoff", cutoff)
        .setMaxResults(max)
        .getResultList();
  }
}
