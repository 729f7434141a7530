package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatus;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatusRepository;

@ApplicationScoped
public class JpaComponentStatusRepository implements ComponentStatusRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<ComponentStatus> find(String component, String instance) {
    return Optional.ofNullable(
        em.find(ComponentStatus.class, new ComponentStatus.Key(component, instance)));
  }

  @Override
  public void add(ComponentStatus status) {
    em.persist(status);
  }

  @Override
  public List<ComponentStatus> all() {
    return em.createNamedQuery("ComponentStatus.all", ComponentStatus.class).getResultList();
  }
}
