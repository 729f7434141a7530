package org.netarchive.ee.scheduler.domain.model.trap;

import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.Page;

/** Where global crawler trap lists are kept. */
public interface GlobalCrawlerTrapListRepository {

  Optional<GlobalCrawlerTrapList> find(long id);

  /** The list called exactly {@code name} (names are unique). */
  Optional<GlobalCrawlerTrapList> findByName(String name);

  /**
   * One page of the lists whose names match a glob, ordered by name ignoring case.
   *
   * @param nameGlob {@code *} for any characters, {@code ?} for one, case-insensitive; {@code null}
   *     or blank for all
   * @throws IllegalArgumentException if the page or size is out of range ({@link
   *     Page#checkRequest})
   */
  Page<GlobalCrawlerTrapList> list(String nameGlob, int page, int size);

  /** The expressions of all active lists, each once, sorted: what a new job gets. */
  List<String> activeExpressions();

  /** Stores a new list. */
  void add(GlobalCrawlerTrapList list);

  /** Writes pending changes now, so versions in views made afterwards are the new ones. */
  void flush();
}
