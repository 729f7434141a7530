package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.web.interfaces.web.PagedList;

/** The harvests of one kind whose names match a glob, paged; backs the two harvest list pages. */
abstract class HarvestList implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private HarvestService harvests;

  private final HarvestKind kind;
  private final String page;
  private String glob;
  private PagedList<HarvestView> list;

  /**
   * @param kind the harvests listed
   * @param page the list page's view id, to which a search returns
   */
  HarvestList(HarvestKind kind, String page) {
    this.kind = kind;
    this.page = page;
  }

  public void load() {
    String pattern = glob;
    HarvestService service = harvests;
    HarvestKind listed = kind;
    list =
        new PagedList<>(
            Domains.PAGE_SIZE, HarvestView::name, (p, s) -> service.list(listed, pattern, p, s));
  }

  public String search() {
    return page + "?faces-redirect=true&includeViewParams=true";
  }

  public PagedList<HarvestView> getList() {
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
