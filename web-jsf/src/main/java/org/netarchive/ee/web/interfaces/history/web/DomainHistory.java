package org.netarchive.ee.web.interfaces.history.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.history.HistoryEntryView;
import org.netarchive.ee.scheduler.application.history.HistoryService;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * Backs history/domain-history.xhtml?domain=kb.dk: what each job harvested of the domain's
 * configurations, newest first, a page at a time; entries imported from an earlier system are
 * marked as such. Without a domain the page only asks for one.
 */
@Named
@ViewScoped
public class DomainHistory implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Entries a page of the table shows. */
  public static final int PAGE_SIZE = 50;

  @EJB private HistoryService history;

  private String domain;
  private PagedList<HistoryEntryView> list;

  /** Shows the history of the domain of the address, if it names one that exists. */
  public void load() {
    list = null;
    if (domain == null || domain.isBlank()) {
      return;
    }
    String name = domain.strip();
    HistoryService service = history;
    // The first page answers whether the domain exists; the table then asks for it again.
    if (Refusals.attempt("search", "domain", () -> service.forDomain(name, 0, 1)).isPresent()) {
      list =
          new PagedList<>(PAGE_SIZE, DomainHistory::key, (p, s) -> service.forDomain(name, p, s));
    }
  }

  public String search() {
    return "domain-history?faces-redirect=true&includeViewParams=true";
  }

  private static String key(HistoryEntryView entry) {
    return String.join(
        "/",
        entry.imported() ? "imported" : "job",
        entry.configuration(),
        entry.harvest(),
        Long.toString(entry.job()));
  }

  /** The domain's history, or null while no existing domain is asked for. */
  public PagedList<HistoryEntryView> getList() {
    return list;
  }

  public String getDomain() {
    return domain;
  }

  public void setDomain(String domain) {
    this.domain = domain;
  }
}
