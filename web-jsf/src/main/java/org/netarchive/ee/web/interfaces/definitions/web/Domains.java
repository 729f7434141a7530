package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
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
public class Domains extends GlobList<DomainSummary> {
  private static final long serialVersionUID = 1L;

  /** Domains on a page. */
  public static final int PAGE_SIZE = 50;

  @EJB private DomainService domains;

  public Domains() {
    super("domains");
  }

  @Override
  protected PagedList<DomainSummary> list(String glob) {
    DomainService service = domains;
    return new PagedList<>(PAGE_SIZE, DomainSummary::name, (p, s) -> service.list(glob, p, s));
  }
}
