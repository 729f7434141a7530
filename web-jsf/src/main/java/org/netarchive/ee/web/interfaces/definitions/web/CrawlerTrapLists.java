package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapListView;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapService;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/crawler-trap-lists.xhtml: the global crawler trap lists whose names match a
 * glob, a page at a time, with whether each is active and how many traps it has.
 */
@Named
@ViewScoped
public class CrawlerTrapLists implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private CrawlerTrapService traps;

  private String glob;
  private PagedList<CrawlerTrapListView> list;

  public void load() {
    String pattern = glob;
    CrawlerTrapService service = traps;
    list =
        new PagedList<>(
            Domains.PAGE_SIZE, CrawlerTrapListView::name, (p, s) -> service.list(pattern, p, s));
  }

  public String search() {
    return "crawler-trap-lists?faces-redirect=true&includeViewParams=true";
  }

  public PagedList<CrawlerTrapListView> getList() {
    if (list == null) {
      load();
    }
    return list;
  }

  public String getGlob() {
    return glob;
  }

  public void setGlob(String glob) {
    this.glob = glob;
  }
}
