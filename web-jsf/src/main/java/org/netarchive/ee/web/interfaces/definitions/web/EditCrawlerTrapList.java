package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.util.List;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapListView;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapService;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-crawler-trap-list.xhtml?name=Calendars: a global crawler trap list's name,
 * description, regular expressions (one per line) and whether new jobs get them; without a name it
 * creates one. An expression that is not a valid regular expression is refused next to the
 * expressions, by the service, naming it. Only admins change the lists.
 */
@Named
@ViewScoped
public class EditCrawlerTrapList extends NamedDefinitionEdit<CrawlerTrapListView> {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "traps";

  @EJB private CrawlerTrapService traps;

  private String listName;
  private String description;
  private boolean active = true;
  private String expressions;
  private int version;

  @Override
  protected CrawlerTrapListView find(String name) {
    return traps.get(name);
  }

  /**
   * Creates or changes the list, then activates or deactivates it as the page says; saved, it is
   * shown again.
   */
  public String save() {
    String wantedName = listName;
    String wantedDescription = description;
    List<String> wantedExpressions = EditDomain.lines(expressions);
    CrawlerTrapListView saved =
        Refusals.attempt(
                FORM,
                "expressions",
                () ->
                    isCreating()
                        ? traps.create(wantedName, wantedDescription, wantedExpressions)
                        : traps.update(
                            getName(), version, wantedName, wantedDescription, wantedExpressions))
            .orElse(null);
    if (saved == null) {
      return null;
    }
    if (saved.active() != active) {
      String savedName = saved.name();
      saved =
          Refusals.attempt(
                  FORM,
                  "active",
                  () -> active ? traps.activate(savedName) : traps.deactivate(savedName))
              .orElse(null);
      if (saved == null) {
        return null;
      }
    }
    Refusals.infoAfterRedirect(
        Texts.text(
            saved.active()
                ? "editCrawlerTrapList.savedActive"
                : "editCrawlerTrapList.savedInactive",
            saved.name(),
            saved.expressions().size()));
    return showAgain("edit-crawler-trap-list", saved.name());
  }

  @Override
  protected void fill(CrawlerTrapListView view) {
    listName = view.name();
    description = view.description();
    active = view.active();
    expressions = String.join("\n", view.expressions());
    version = view.version();
  }

  public CrawlerTrapListView getList() {
    return shown();
  }

  public String getListName() {
    return listName;
  }

  public void setListName(String listName) {
    this.listName = listName;
  }

  public String getDescription() {
    return description;
  }

  public void setDescription(String description) {
    this.description = description;
  }

  public boolean isActive() {
    return active;
  }

  public void setActive(boolean active) {
    this.active = active;
  }

  public String getExpressions() {
    return expressions;
  }

  public void setExpressions(String expressions) {
    this.expressions = expressions;
  }

  public int getVersion() {
    return version;
  }
}
