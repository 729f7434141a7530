package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Named;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.domain.DomainService;

/** Backs definitions/domain-statistics.xhtml: how many domains there are, per top-level domain. */
@Named
@RequestScoped
public class DomainStatistics {

  /** One top-level domain's count and its share of all domains, in percent. */
  public record TopLevelDomain(String name, long domains, double percent) {}

  @EJB private DomainService domains;

  private List<TopLevelDomain> topLevelDomains;
  private long total;

  public void load() {
    Map<String, Long> counts = domains.countByTopLevelDomain();
    total = counts.values().stream().mapToLong(Long::longValue).sum();
    topLevelDomains =
        counts.entrySet().stream()
            .map(
                e ->
                    new TopLevelDomain(
                        e.getKey(), e.getValue(), total == 0 ? 0 : 100.0 * e.getValue() / total))
            .toList();
  }

  public long getTotal() {
    if (topLevelDomains == null) {
      load();
    }
    return total;
  }

  public List<TopLevelDomain> getTopLevelDomains() {
    if (topLevelDomains == null) {
      load();
    }
    return topLevelDomains;
  }
}
