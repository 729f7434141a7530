package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapList;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapListRepository;

/**
 * Global crawler trap lists in {@code global_crawler_trap_list}, their expressions in {@code
 * global_crawler_trap}.
 */
@ApplicationScoped
public class JpaGlobalCrawlerTrapListRepository implements GlobalCrawlerTrapListRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<GlobalCrawlerTrapList> find(long id) {
    return Optional.ofNullable(em.find(GlobalCrawlerTrapList.class, id));
  }

  @Override
  public Optional<GlobalCrawlerTrapList> findByName(String name) {
    return NamedQueries.first(
        em, "GlobalCrawlerTrapList.findByName", GlobalCrawlerTrapList.class, "name", name);
  }

  @Override
  public Page<GlobalCrawlerTrapList> list(String nameGlob, int page, int size) {
    return NamedQueries.pageByName(
        em, "GlobalCrawlerTrapList", GlobalCrawlerTrapList.class, nameGlob, page, size);
  }

  @Override
  public List<String> activeExpressions() {
    return em.createNamedQuery("GlobalCrawlerTrapList.activeExpressions", String.class)
        .getResultList();
  }

  @Override
  public void add(GlobalCrawlerTrapList list) {
    em.persist(list);
  }

  @Override
  public void flush() {
    em.flush();
  }
}
