package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapListView;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapService;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/crawler-trap-lists.xhtml: the global crawler trap lists whose names match a
 * glob, a page at a time, with whether each is active and how many traps it has.
 */
@Named
@ViewScoped
public class CrawlerTrapLists extends GlobList<CrawlerTrapListView> {
  private static final long serialVersionUID = 1L;

  @EJB private CrawlerTrapService traps;

  public CrawlerTrapLists() {
    super("crawler-trap-lists");
  }

  @Override
  protected PagedList<CrawlerTrapListView> list(String glob) {
    CrawlerTrapService service = traps;
    return new PagedList<>(
        Domains.PAGE_SIZE, CrawlerTrapListView::name, (p, s) -> service.list(glob, p, s));
  }
}
