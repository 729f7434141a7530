package org.netarchive.ee.scheduler.application.history;

import static org.netarchive.ee.scheduler.application.InMemoryPages.pageOf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.application.harvest.InMemoryDomainRepository;
import org.netarchive.ee.scheduler.domain.model.EntityIds;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistoryRepository;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport;

/**
 * The harvest history in a list, both as the repository and as the import's target, for testing the
 * service without a database.
 */
final class InMemoryHistory implements HarvestHistoryRepository, HistoryImport.Target {

  private final List<HarvestHistory> entries = new ArrayList<>();
  private final InMemoryDomainRepository domains;
  private long nextId = 1;

  InMemoryHistory(InMemoryDomainRepository domains) {
    this.domains = domains;
  }

  @Override
  public void add(HarvestHistory entry) {
    EntityIds.assign(entry, nextId++);
    entries.add(entry);
  }

  @Override
  public List<HarvestHistory> forConfiguration(long configurationId) {
    return entries.stream().filter(e -> e.configurationId() == configurationId).toList();
  }

  @Override
  public Page<HarvestHistory> forDomain(long domainId, int page, int size) {
    List<HarvestHistory> matching =
        entries.stream()
            .filter(e -> e.domainId() == domainId)
            .sorted(Comparator.comparing(HarvestHistory::startedAt).reversed())
            .toList();
    return pageOf(matching, page, size);
  }

  @Override
  public Map<String, HistoryImport.KnownDomain> findDomains(Collection<String> asciiNames) {
    Map<String, HistoryImport.KnownDomain> known = new HashMap<>();
    for (String name : asciiNames) {
      domains
          .findByName(DomainName.of(name))
          .ifPresent(
              d ->
                  known.put(
                      name,
                      new HistoryImport.KnownDomain(
                          d.id(),
                          d.configurations().stream()
                              .collect(
                                  Collectors.toMap(
                                      DomainConfiguration::name, DomainConfiguration::id)))));
    }
    return known;
  }

  @Override
  public Set<HistoryImport.ImportedKey> alreadyImported(
      Collection<HistoryImport.ImportedKey> keys) {
    Set<HistoryImport.ImportedKey> stored =
        entries.stream()
            .filter(HarvestHistory::isImported)
            .map(
                e ->
                    new HistoryImport.ImportedKey(
                        e.domainId(),
                        e.importedHarvestName().orElseThrow(),
                        e.importedJobId().orElseThrow()))
            .collect(Collectors.toSet());
    return keys.stream().filter(stored::contains).collect(Collectors.toSet());
  }

  @Override
  public void add(List<HarvestHistory> imported) {
    imported.forEach(this::add);
  }

  @Override
  public List<HarvestHistory> forJob(long jobId) {
    return entries.stream()
        .filter(e -> e.jobId().isPresent() && e.jobId().getAsLong() == jobId)
        .toList();
  }

  @Override
  public List<Long> latestJobPerDomain(Collection<Long> domainIds, long exceptJobId) {
    Map<Long, Long> latest = new HashMap<>();
    for (HarvestHistory e : entries) {
      if (domainIds.contains(e.domainId())
          && e.jobId().isPresent()
          && e.jobId().getAsLong() != exceptJobId) {
        latest.merge(e.domainId(), e.jobId().getAsLong(), Math::max);
      }
    }
    return List.copyOf(latest.values());
  }
}
