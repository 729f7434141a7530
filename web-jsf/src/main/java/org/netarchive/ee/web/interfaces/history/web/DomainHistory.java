package org.netarchive.ee.web.interfaces.history.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.history.HistoryEntryView;
import org.netarchive.ee.scheduler.application.history.HistoryService;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs history/domain-history.xhtml?domain=kb.dk: what each job harvested of the domain's
 * configurations, newest first, a page at a time, and a chart of the objects and bytes of its
 * newest runs; entries imported from an earlier system are marked as such. Without a domain the
 * page only asks for one.
 */
@Named
@ViewScoped
public class DomainHistory implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Entries a page of the table shows. */
  public static final int PAGE_SIZE = 50;

  /** The newest runs the chart shows. */
  public static final int CHART_RUNS = 100;

  @EJB private HistoryService history;

  private String domain;
  private PagedList<HistoryEntryView> list;
  private String chart;

  /** Shows the history of the domain of the address, if it names one that exists. */
  public void load() {
    list = null;
    chart = null;
    if (domain == null || domain.isBlank()) {
      return;
    }
    String name = domain.strip();
    HistoryService service = history;
    // The chart's runs answer whether the domain exists; the table then asks for its pages.
    Refusals.attempt("search", "domain", () -> service.forDomain(name, 0, CHART_RUNS))
        .ifPresent(
            newest -> {
              list =
                  new PagedList<>(
                      PAGE_SIZE, DomainHistory::key, (p, s) -> service.forDomain(name, p, s));
              if (!newest.items().isEmpty()) {
                chart =
                    HistoryChart.of(
                        newest.items(), Texts.text("history.objects"), Texts.text("history.bytes"));
              }
            });
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

  /** The chart of objects and bytes per run (Chart.js configuration), or null without runs. */
  public String getChart() {
    return chart;
  }

  public String getDomain() {
    return domain;
  }

  public void setDomain(String domain) {
    this.domain = domain;
  }
}
