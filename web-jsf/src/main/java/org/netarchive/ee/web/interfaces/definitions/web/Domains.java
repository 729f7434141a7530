package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.domain.model.domain.DomainSummary;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/domains.xhtml: finds domains by a name glob ({@code *}, {@code ?}) and lists
 * them a page at a time, so that millions of domains stay quick. The glob is part of the address
 * ({@code ?name=kb*}), so a search can be bookmarked.
 */
@Named
@ViewScoped
public class Domains implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Domains on a page. */
  public static final int PAGE_SIZE = 50;

  @EJB private DomainService domains;

  private String glob;
  private PagedList<DomainSummary> list;

  /** Loads the list for the glob of the address. */
  public void load() {
    String pattern = glob;
    DomainService service = domains;
    list = new PagedList<>(PAGE_SIZE, DomainSummary::name, (p, s) -> service.list(pattern, p, s));
  }

  /** Shows the domains matching the glob typed in, at an address that says which. */
  public String search() {
    return "domains?faces-redirect=true&includeViewParams=true";
  }

  public PagedList<DomainSummary> getList() {
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
