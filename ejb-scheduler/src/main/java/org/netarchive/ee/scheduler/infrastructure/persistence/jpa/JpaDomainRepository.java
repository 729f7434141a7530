package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.netarchive.ee.scheduler.domain.model.NameGlob;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainAlias;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.domain.model.domain.DomainSummary;

@ApplicationScoped
public class JpaDomainRepository implements DomainRepository {

  private static final int IN_LIST_SIZE = 500;

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<Domain> findByName(DomainName name) {
    return NamedQueries.first(em, "Domain.findByName", Domain.class, "name", name.ascii());
  }

  @Override
  public void add(Domain domain) {
    em.persist(domain);
    em.flush();
    domain.markDefault(domain.defaultConfiguration());
  }

  @Override
  public void flush() {
    em.flush();
  }

  @Override
  public Page<DomainSummary> list(String nameGlob, int page, int size) {
    Page.checkRequest(page, size);
    String pattern = NameGlob.toLikePattern(nameGlob);
    boolean all = pattern.equals("%");
    String where = all ? "" : " WHERE d.unicodeName LIKE :pattern ESCAPE '!'";
    return page(
        "SELECT new org.netarchive.ee.scheduler.domain.model.domain.DomainSummary("
            + "d.id, d.name, d.unicodeName, d.topLevelDomain, a.name, d.createdAt)"
            + " FROM Domain d LEFT JOIN d.aliasOf a"
            + where
            + " ORDER BY d.unicodeName",
        "SELECT COUNT(d) FROM Domain d" + where,
        DomainSummary.class,
        all ? null : pattern,
        page,
        size);
  }

  @Override
  public long count() {
    return em.createNamedQuery("Domain.count", Long.class).getSingleResult();
  }

  @Override
  public Map<String, Long> countByTopLevelDomain() {
    Map<String, Long> counts = new LinkedHashMap<>();
    em.createQuery(
            "SELECT d.topLevelDomain, COUNT(d) FROM Domain d GROUP BY d.topLevelDomain"
                + " ORDER BY COUNT(d) DESC, d.topLevelDomain",
            Object[].class)
        .getResultList()
        .forEach(row -> counts.put((String) row[0], (Long) row[1]));
    return counts;
  }

  @Override
  public Page<DomainAlias> listAliases(String nameGlob, int page, int size) {
    Page.checkRequest(page, size);
    String pattern = NameGlob.toLikePattern(nameGlob);
    boolean all = pattern.equals("%");
    String from =
        " FROM Domain d JOIN d.aliasOf a"
            + (all
                ? ""
                : " WHERE d.unicodeName LIKE :pattern ESCAPE '!'"
                    + " OR a.unicodeName LIKE :pattern ESCAPE '!'");
    return page(
        "SELECT new org.netarchive.ee.scheduler.domain.model.domain.DomainAlias("
            + "d.name, d.unicodeName, a.name, a.unicodeName, d.aliasSetAt)"
            + from
            + " ORDER BY a.unicodeName, d.unicodeName",
        "SELECT COUNT(d)" + from,
        DomainAlias.class,
        all ? null : pattern,
        page,
        size);
  }

  /**
   * A page of a JPQL list query and the total of its count query, both with the LIKE pattern as
   * parameter {@code pattern} unless it is {@code null} (all domains: the queries have no WHERE).
   */
  private <T> Page<T> page(
      String listJpql, String countJpql, Class<T> type, String pattern, int page, int size) {
    TypedQuery<T> items =
        em.createQuery(listJpql, type).setFirstResult(page * size).setMaxResults(size);
    TypedQuery<Long> count = em.createQuery(countJpql, Long.class);
    if (pattern != null) {
      items.setParameter("pattern", pattern);
      count.setParameter("pattern", pattern);
    }
    return new Page<>(items.getResultList(), count.getSingleResult(), page, size);
  }

  @Override
  public boolean hasAliases(Domain domain) {
    return !em.createQuery("SELECT d.id FROM Domain d WHERE d.aliasOf = :domain", Long.class)
        .setParameter("domain", domain)
        .setMaxResults(1)
        .getResultList()
        .isEmpty();
  }

  @Override
  public List<Domain> findByNames(Collection<String> asciiNames) {
    return inSlices(
        asciiNames,
        names -> NamedQueries.list(em, "Domain.findByNames", Domain.class, "names", names));
  }

  @Override
  public Set<String> existingNames(Collection<String> asciiNames) {
    return new HashSet<>(
        inSlices(
            asciiNames,
            names ->
                em.createQuery("SELECT d.name FROM Domain d WHERE d.name IN :names", String.class)
                    .setParameter("names", names)
                    .getResultList()));
  }

  @Override
  public List<DomainAlias> aliasesOf(Collection<Long> domainIds) {
    List<DomainAlias> aliases =
        inSlices(
            domainIds,
            ids ->
                em.createQuery(
                        "SELECT new org.netarchive.ee.scheduler.domain.model.domain.DomainAlias("
                            + "a.name, a.unicodeName, d.name, d.unicodeName, a.aliasSetAt)"
                            + " FROM Domain a JOIN a.aliasOf d WHERE d.id IN :ids",
                        DomainAlias.class)
                    .setParameter("ids", ids)
                    .getResultList());
    aliases.sort(Comparator.comparing(DomainAlias::name));
    return aliases;
  }

  @Override
  public List<DomainConfiguration> configurationsWithPasswords(Collection<Long> configurationIds) {
    return inSlices(
        configurationIds,
        ids ->
            em.createQuery(
                    "SELECT DISTINCT c FROM DomainConfiguration c LEFT JOIN FETCH c.passwords"
                        + " WHERE c.id IN :ids",
                    DomainConfiguration.class)
                .setParameter("ids", ids)
                .getResultList());
  }

  /**
   * Runs a query with an IN list once per slice of {@value #IN_LIST_SIZE} keys, so that a snapshot
   * job's thousands of domains are not one huge statement, and gathers the answers.
   */
  private static <K, V> List<V> inSlices(Collection<K> keys, Function<List<K>, List<V>> query) {
    List<K> all = List.copyOf(keys);
    List<V> found = new ArrayList<>();
    for (int from = 0; from < all.size(); from += IN_LIST_SIZE) {
      found.addAll(query.apply(all.subList(from, Math.min(all.size(), from + IN_LIST_SIZE))));
    }
    return found;
  }
}
