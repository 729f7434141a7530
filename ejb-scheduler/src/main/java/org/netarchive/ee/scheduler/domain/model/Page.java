package org.netarchive.ee.scheduler.domain.model;

import java.util.List;
import java.util.function.Function;

/**
 * One page of a long list.
 *
 * @param items the items on this page
 * @param total how many items the whole list has
 * @param page the page number, from 0
 * @param size the page size
 * @param totalIsLowerBound whether the list was counted only that far: it has at least {@code
 *     total} items (long filtered lists are not counted to their end)
 */
public record Page<T>(List<T> items, long total, int page, int size, boolean totalIsLowerBound) {

  /** Largest page a client may ask for. */
  public static final int MAX_SIZE = 1000;

  public Page {
    items = List.copyOf(items);
  }

  /** A page of a list counted to its end. */
  public Page(List<T> items, long total, int page, int size) {
    this(items, total, page, size, false);
  }

  /** Checks a page request, with messages naming the parameter and the value. */
  public static void checkRequest(int page, int size) {
    if (page < 0) {
      throw new IllegalArgumentException("page must be 0 or more, not " + page);
    }
    if (size < 1 || size > MAX_SIZE) {
      throw new IllegalArgumentException("size must be 1 to " + MAX_SIZE + ", not " + size);
    }
  }

  public <R> Page<R> map(Function<T, R> mapper) {
    return new Page<>(items.stream().map(mapper).toList(), total, page, size, totalIsLowerBound);
  }
}
