package org.netarchive.ee.scheduler.application.trap;

import static org.netarchive.ee.scheduler.application.InMemoryPages.pageOf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.EntityIds;
import org.netarchive.ee.scheduler.domain.model.Globs;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapList;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapListRepository;

/** Global crawler trap lists in a list, for testing the service without a database. */
final class InMemoryTrapListRepository implements GlobalCrawlerTrapListRepository {

  private final List<GlobalCrawlerTrapList> lists = new ArrayList<>();
  private long nextId = 1;

  @Override
  public Optional<GlobalCrawlerTrapList> find(long id) {
    return lists.stream().filter(l -> l.id() == id).findFirst();
  }

  @Override
  public Optional<GlobalCrawlerTrapList> findByName(String name) {
    return lists.stream().filter(l -> l.name().equals(name)).findFirst();
  }

  @Override
  public Page<GlobalCrawlerTrapList> list(String nameGlob, int page, int size) {
    List<GlobalCrawlerTrapList> matching =
        lists.stream()
            .filter(l -> Globs.matches(nameGlob, l.name()))
            .sorted(Comparator.comparing(l -> l.name().toLowerCase(Locale.ROOT)))
            .toList();
    return pageOf(matching, page, size);
  }

  @Override
  public List<String> activeExpressions() {
    return lists.stream()
        .filter(GlobalCrawlerTrapList::isActive)
        .flatMap(l -> l.expressions().stream())
        .distinct()
        .sorted()
        .toList();
  }

  @Override
  public void add(GlobalCrawlerTrapList list) {
    EntityIds.assign(list, nextId++);
    lists.add(list);
  }

  @Override
  public void flush() {}
}
