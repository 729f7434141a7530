package org.netarchive.ee.scheduler.application;

import java.util.List;
import org.netarchive.ee.scheduler.domain.model.Page;

/** Paging for the in-memory repositories of the tests, as the JDBC stores page their queries. */
public final class InMemoryPages {

  private InMemoryPages() {}

  /** Page {@code page} (from 0) of {@code size} items of everything {@code matching}, in order. */
  public static <T> Page<T> pageOf(List<T> matching, int page, int size) {
    return new Page<>(
        matching.stream().skip((long) page * size).limit(size).toList(),
        matching.size(),
        page,
        size);
  }
}
