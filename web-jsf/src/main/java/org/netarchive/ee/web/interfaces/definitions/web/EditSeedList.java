package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.SeedListView;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * Backs definitions/edit-seed-list.xhtml?domain=kb.dk&amp;name=news: changes a seed list, or
 * without a name creates one. Seeds are one per line; the service checks each (absolute http or
 * https URLs) and its refusal names the seed. Saved, it returns to the domain.
 */
@Named
@ViewScoped
public class EditSeedList extends DomainPartEdit {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "seedList";

  private String listName;
  private String seeds;
  private String comments;
  private int version;

  public EditSeedList() {
    super("editSeedList.noSuchList", "editSeedList.saved");
  }

  @Override
  protected void startNew(DomainView domain) {}

  @Override
  protected boolean loadPart(DomainView domain, String name) {
    SeedListView list =
        domain.seedLists().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
    if (list == null) {
      return false;
    }
    listName = list.name();
    seeds = String.join("\n", list.seeds());
    comments = list.comments();
    version = list.version();
    return true;
  }

  /** Creates or changes the seed list; saved, returns to the domain. */
  public String save() {
    String owner = getDomain().name();
    boolean done =
        isCreating()
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
    return done ? backToDomain(listName) : null;
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
