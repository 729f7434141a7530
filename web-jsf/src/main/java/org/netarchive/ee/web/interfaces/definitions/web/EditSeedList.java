package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.SeedListView;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-seed-list.xhtml?domain=kb.dk&amp;name=news: changes a seed list, or
 * without a name creates one. Seeds are one per line; the service checks each (absolute http or
 * https URLs) and its refusal names the seed. Saved, it returns to the domain.
 */
@Named
@ViewScoped
public class EditSeedList implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "seedList";

  @EJB private DomainService domains;

  private String domainName;
  private String name;
  private DomainView domain;
  private boolean creating;
  private String listName;
  private String seeds;
  private String comments;
  private int version;

  public void load() {
    if (domainName == null || domainName.isBlank()) {
      Refusals.error(null, null, Texts.text("editDomain.noDomain"));
      return;
    }
    domain = Refusals.attempt(null, null, () -> domains.get(domainName)).orElse(null);
    if (domain == null) {
      return;
    }
    creating = name == null || name.isBlank();
    if (creating) {
      return;
    }
    SeedListView list =
        domain.seedLists().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
    if (list == null) {
      Refusals.error(null, null, Texts.text("editSeedList.noSuchList", domain.name(), name));
      domain = null;
      return;
    }
    listName = list.name();
    seeds = String.join("\n", list.seeds());
    comments = list.comments();
    version = list.version();
  }

  /** Creates or changes the seed list; saved, returns to the domain. */
  public String save() {
    String owner = domain.name();
    boolean done =
        creating
            ? Refusals.attempt(
                    FORM,
                    "seeds",
                    () -> domains.addSeedList(owner, listName, EditDomain.lines(seeds), comments))
                .isPresent()
            : Refusals.attempt(
                    FORM,
                    "seeds",
                    () ->
                        domains.updateSeedList(
                            owner, listName, version, EditDomain.lines(seeds), comments))
                .isPresent();
    if (!done) {
      return null;
    }
    Refusals.infoAfterRedirect(
        Texts.text(
            "editSeedList.saved", listName == null ? "" : listName.strip(), domain.unicodeName()));
    return "edit-domain?faces-redirect=true&domain=" + owner;
  }

  public DomainView getDomain() {
    return domain;
  }

  public boolean isCreating() {
    return creating;
  }

  public String getDomainName() {
    return domainName;
  }

  public void setDomainName(String domainName) {
    this.domainName = domainName;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getListName() {
    return listName;
  }

  public void setListName(String listName) {
    this.listName = listName;
  }

  public String getSeeds() {
    return seeds;
  }

  public void setSeeds(String seeds) {
    this.seeds = seeds;
  }

  public String getComments() {
    return comments;
  }

  public void setComments(String comments) {
    this.comments = comments;
  }
}
