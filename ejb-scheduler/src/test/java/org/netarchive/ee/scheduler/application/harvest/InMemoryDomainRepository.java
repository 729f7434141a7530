package org.netarchive.ee.scheduler.application.harvest;

import static org.netarchive.ee.scheduler.application.InMemoryPages.matchingByName;
import static org.netarchive.ee.scheduler.application.InMemoryPages.pageOf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.domain.model.EntityIds;
import org.netarchive.ee.scheduler.domain.model.Globs;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainAlias;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.domain.model.domain.DomainSummary;
import org.netarchive.ee.scheduler.domain.model.domain.SeedList;

/**
 * Domains in a list, for testing services without a database. Ids are given as the database would:
 * to a domain and its parts when it is added, to parts added later when it is flushed.
 */
public final class InMemoryDomainRepository implements DomainRepository {

  private final List<Domain> domains = new ArrayList<>();
  private long nextId = 1;
  int flushes;

  @Override
  public Optional<Domain> findByName(DomainName name) {
    return domains.stream().filter(d -> d.name().equals(name.ascii())).findFirst();
  }

  /** The domain with this id. */
  public Optional<Domain> find(long id) {
    return domains.stream().filter(d -> d.id() == id).findFirst();
  }

  @Override
  public void add(Domain domain) {
    EntityIds.assign(domain, nextId++);
    domains.add(domain);
    assignIds();
    domain.markDefault(domain.defaultConfiguration());
  }

  @Override
  public void flush() {
    flushes++;
    assignIds();
  }

  private void assignIds() {
    for (Domain domain : domains) {
      for (DomainConfiguration configuration : domain.configurations()) {
        if (configuration.id() == null) {
          EntityIds.assign(configuration, nextId++);
        }
      }
      for (SeedList list : domain.seedLists()) {
        if (list.id() == null) {
          EntityIds.assign(list, nextId++);
        }
      }
    }
  }

  @Override
  public Page<DomainSummary> list(String nameGlob, int page, int size) {
    List<DomainSummary> matching =
        matchingByName(domains, nameGlob, Domain::unicodeName)
            .map(
                d ->
                    new DomainSummary(
                        d.id(),
                        d.name(),
                        d.unicodeName(),
                        d.topLevelDomain(),
                        d.aliasOf().map(Domain::name).orElse(null),
                        d.createdAt()))
            .toList();
    return pageOf(matching, page, size);
  }

  @Override
  public long count() {
    return domains.size();
  }

  @Override
  public Map<String, Long> countByTopLevelDomain() {
    return domains.stream()
        .collect(
            Collectors.groupingBy(
                Domain::topLevelDomain, LinkedHashMap::new, Collectors.counting()));
  }

  @Override
  public Page<DomainAlias> listAliases(String nameGlob, int page, int size) {
    List<DomainAlias> matching =
        domains.stream()
            .filter(d -> d.aliasOf().isPresent())
            .filter(
                d ->
                    Globs.matches(nameGlob, d.unicodeName())
                        || Globs.matches(nameGlob, d.aliasOf().get().unicodeName()))
            .sorted(Comparator.comparing(Domain::unicodeName))
            .map(InMemoryDomainRepository::alias)
            .toList();
    return pageOf(matching, page, size);
  }

  @Override
  public boolean hasAliases(Domain domain) {
    return domains.stream().anyMatch(d -> d.aliasOf().orElse(null) == domain);
  }

  @Override
  public List<Domain> findByNames(Collection<String> asciiNames) {
    return domains.stream().filter(d -> asciiNames.contains(d.name())).toList();
  }

  @Override
  public Set<String> existingNames(Collection<String> asciiNames) {
    return domains.stream()
        .map(Domain::name)
        .filter(asciiNames::contains)
        .collect(Collectors.toSet());
  }

  @Override
  public List<DomainAlias> aliasesOf(Collection<Long> domainIds) {
    return domains.stream()
        .filter(d -> d.aliasOf().isPresent() && domainIds.contains(d.aliasOf().get().id()))
        .sorted(Comparator.comparing(Domain::name))
        .map(InMemoryDomainRepository::alias)
        .toList();
  }

  @Override
  public List<DomainConfiguration> configurationsWithPasswords(Collection<Long> configurationIds) {
    return domains.stream()
        .flatMap(d -> d.configurations().stream())
        .filter(c -> configurationIds.contains(c.id()))
        .toList();
  }

  private static DomainAlias alias(Domain d) {
    return new DomainAlias(
        d.name(),
        d.unicodeName(),
        d.aliasOf().get().name(),
        d.aliasOf().get().unicodeName(),
        d.aliasSetAt().orElse(null));
  }
}
