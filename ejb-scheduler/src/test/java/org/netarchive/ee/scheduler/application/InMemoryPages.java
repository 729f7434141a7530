package org.netarchive.ee.scheduler.application;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.netarchive.ee.scheduler.domain.model.Globs;
import org.netarchive.ee.scheduler.domain.model.Page;

/** Paging for the in-memory repositories of the tests, as the JDBC stores page their queries. */
public final class InMemoryPages {

  private InMemoryPages() {}

  /**
   * The {@code items} whose {@code name} matches {@code nameGlob}, in the order of their names, as
   * the JDBC stores list them before paging.
   */
  public static <T> Stream<T> matchingByName(
      Collection<T> items, String nameGlob, Function<T, String> name) {
    return items.stream()
        .filter(item -> Globs.matches(nameGlob, name.apply(item)))
        .sorted(Comparator.comparing(name));
  }

  /** Page {@code page} (from 0) of {@code size} items of everything {@code matching}, in order. */
  public static <T> Page<T> pageOf(List<T> matching, int page, int size) {
    return new Page<>(
        matching.stream().skip((long) page * size).limit(size).toList(),
        matching.size(),
        page,
        size);
  }
}
