package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.web.interfaces.web.PagedList;

/** The harvests of one kind whose names match a glob, paged; backs the two harvest list pages. */
abstract class HarvestList extends GlobList<HarvestView> {
  private static final long serialVersionUID = 1L;

  @EJB private HarvestService harvests;

  private final HarvestKind kind;

  /**
   * @param kind the harvests listed
   * @param page the list page's view id, to which a search returns
   */
  HarvestList(HarvestKind kind, String page) {
    super(page);
    this.kind = kind;
  }

  @Override
  protected PagedList<HarvestView> list(String glob) {
    HarvestService service = harvests;
    HarvestKind listed = kind;
    return new PagedList<>(
        Domains.PAGE_SIZE, HarvestView::name, (p, s) -> service.list(listed, glob, p, s));
  }
}
