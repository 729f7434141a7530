package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.domain.model.domain.DomainAlias;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/aliases.xhtml: the domains that are aliases of another, grouped by the domain
 * they are an alias of, a page at a time; a glob narrows them to those where either name matches.
 */
@Named
@ViewScoped
public class Aliases implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private DomainService domains;

  private String glob;
  private PagedList<DomainAlias> list;

  public void load() {
    String pattern = glob;
    DomainService service = domains;
    list =
        new PagedList<>(
            Domains.PAGE_SIZE, DomainAlias::name, (p, s) -> service.aliases(pattern, p, s));
  }

  public String search() {
    return "aliases?faces-redirect=true&includeViewParams=true";
  }

  public PagedList<DomainAlias> getList() {
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
