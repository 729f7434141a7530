package org.netarchive.ee.scheduler.application.trap;

import static org.netarchive.ee.scheduler.application.Fields.check;
import static org.netarchive.ee.scheduler.application.Fields.checked;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Consumer;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.PageRequest;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapList;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapListRepository;

/**
 * Global crawler trap lists. Everyone reads them; only admins create, change, activate and
 * deactivate them, since their traps apply to every harvest. An expression that is not a valid
 * regular expression is refused as a problem of the field {@code expressions}, naming it and the
 * syntax error.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class CrawlerTrapService {

  @Inject private GlobalCrawlerTrapListRepository lists;

  public CrawlerTrapService() {}

  /** A service outside the container, e.g. in a test. */
  CrawlerTrapService(GlobalCrawlerTrapListRepository lists) {
    this.lists = lists;
  }

  /** One page of the lists whose names match a glob ({@code *}, {@code ?}), by name. */
  public Page<CrawlerTrapListView> list(String nameGlob, int page, int size) {
    PageRequest request = new PageRequest(page, size);
    return lists.list(nameGlob, request.page(), request.size()).map(CrawlerTrapListView::of);
  }

  public CrawlerTrapListView get(String name) {
    return CrawlerTrapListView.of(find(name));
  }

  /** The expressions of all active lists, each once, sorted: what a new job gets. */
  public List<String> activeExpressions() {
    return lists.activeExpressions();
  }

  /**
   * Creates an active list.
   *
   * @param expressions one regular expression each; blank ones and repetitions are dropped, at
   *     least one must remain
   * @throws InvalidFieldException for {@code name} if it is not valid or taken, {@code expressions}
   *     naming the one that does not compile or if there are none, {@code description} if it is too
   *     long
   */
  @RolesAllowed("admin")
  public CrawlerTrapListView create(String name, String description, List<String> expressions) {
    String wanted = checked("name", () -> GlobalCrawlerTrapList.validName(name));
    checkNameFree(wanted);
    GlobalCrawlerTrapList list =
        checked(
            "expressions",
            () ->
                new GlobalCrawlerTrapList(
                    wanted, null, expressions == null ? List.of() : expressions));
    check("description", () -> list.describe(description));
    lists.add(list);
    lists.flush();
    return CrawlerTrapListView.of(list);
  }

  /**
   * Replaces a list's name, description and expressions; whether it is active does not change.
   *
   * @param version the version the change was made on
   * @param newName the new name; {@code null} or blank keeps the name
   */
  @RolesAllowed("admin")
  public CrawlerTrapListView update(
      String name, int version, String newName, String description, List<String> expressions) {
    GlobalCrawlerTrapList list = find(name);
    if (list.version() != version) {
      throw new StaleEditException(
          Text.of("subject.trapList", list.name()), list.version(), version);
    }
    if (newName != null && !newName.isBlank()) {
      String wanted = checked("name", () -> GlobalCrawlerTrapList.validName(newName));
      if (!wanted.equals(list.name())) {
        checkNameFree(wanted);
        list.rename(wanted);
      }
    }
    check("description", () -> list.describe(description));
    check(
        "expressions", () -> list.changeExpressions(expressions == null ? List.of() : expressions));
    lists.flush();
    return CrawlerTrapListView.of(list);
  }

  /** New jobs get the list's traps. */
  @RolesAllowed("admin")
  public CrawlerTrapListView activate(String name) {
    return change(name, GlobalCrawlerTrapList::activate);
  }

  /** New jobs no longer get the list's traps; the list is kept. */
  @RolesAllowed("admin")
  public CrawlerTrapListView deactivate(String name) {
    return change(name, GlobalCrawlerTrapList::deactivate);
  }

  /** Changes the named list, stores the change and answers the list as it is now. */
  private CrawlerTrapListView change(String name, Consumer<GlobalCrawlerTrapList> change) {
    GlobalCrawlerTrapList list = find(name);
    change.accept(list);
    lists.flush();
    return CrawlerTrapListView.of(list);
  }

  private void checkNameFree(String name) {
    if (lists.findByName(name).isPresent()) {
      throw new InvalidFieldException("name", Text.of("trapList.exists", name));
    }
  }

  private GlobalCrawlerTrapList find(String name) {
    return lists
        .findByName(name)
        .orElseThrow(() -> new NotFoundException(Text.of("trapList.notFound", name)));
  }
}
