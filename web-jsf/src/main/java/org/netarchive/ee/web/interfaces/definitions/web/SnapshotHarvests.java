package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.web.interfaces.web.PagedList;

/** Backs definitions/snapshot-harvests.xhtml: the snapshot harvests whose names match a glob. */
@Named
@ViewScoped
public class SnapshotHarvests implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private HarvestService harvests;

  private String glob;
  private PagedList<HarvestView> list;

  public void load() {
    String pattern = glob;
    HarvestService service = harvests;
    list =
        new PagedList<>(
            Domains.PAGE_SIZE,
            HarvestView::name,
            (p, s) -> service.list(HarvestKind.SNAPSHOT, pattern, p, s));
  }

  public String search() {
    return "snapshot-harvests?faces-redirect=true&includeViewParams=true";
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
