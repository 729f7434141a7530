package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.domain.model.domain.DomainAlias;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/aliases.xhtml: the domains that are aliases of another, grouped by the domain
 * they are an alias of, a page at a time; a glob narrows them to those where either name matches.
 */
@Named
@ViewScoped
public class Aliases extends GlobList<DomainAlias> {
  private static final long serialVersionUID = 1L;

  @EJB private DomainService domains;

  public Aliases() {
    super("aliases");
  }

  @Override
  protected PagedList<DomainAlias> list(String glob) {
    DomainService service = domains;
    return new PagedList<>(
        Domains.PAGE_SIZE, DomainAlias::name, (p, s) -> service.aliases(glob, p, s));
  }
}
