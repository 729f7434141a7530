package org.netarchive.ee.web.interfaces.web;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.primefaces.model.FilterMeta;
import org.primefaces.model.LazyDataModel;
import org.primefaces.model.SortMeta;

/**
 * A long list shown a page at a time: each page the table shows is one call of the service, which
 * answers the page and the total together (the table asks for the total first; it gets the one the
 * last page came with, or the first page is fetched then and kept for the table to show).
 */
public class PagedList<T> extends LazyDataModel<T> {
  private static final long serialVersionUID = 1L;

  /** The service call that answers one page. */
  @FunctionalInterface
  public interface Source<T> extends Serializable {
    Page<T> page(int page, int size);
  }

  /** What identifies an item in the list. */
  @FunctionalInterface
  public interface Key<T> extends Serializable {
    String of(T item);
  }

  private final Source<T> source;
  private final Key<T> key;
  private final int size;
  private transient Page<T> fetched;
  private Long total;
  private boolean totalIsLowerBound;

  public PagedList(int size, Key<T> key, Source<T> source) {
    this.size = size;
    this.key = key;
    this.source = source;
  }

  @Override
  public int count(Map<String, FilterMeta> filterBy) {
    if (total == null) {
      fetched = source.page(0, size);
      total = fetched.total();
      totalIsLowerBound = fetched.totalIsLowerBound();
    }
    return (int) Math.min(Integer.MAX_VALUE, total);
  }

  @Override
  public List<T> load(
      int first, int pageSize, Map<String, SortMeta> sortBy, Map<String, FilterMeta> filterBy) {
    int rows = pageSize > 0 ? pageSize : size;
    int page = first / rows;
    Page<T> answer =
        fetched != null && fetched.page() == page && fetched.size() == rows
            ? fetched
            : source.page(page, rows);
    fetched = null;
    total = answer.total();
    totalIsLowerBound = answer.totalIsLowerBound();
    setRowCount((int) Math.min(Integer.MAX_VALUE, answer.total()));
    return answer.items();
  }

  @Override
  public String getRowKey(T item) {
    return key.of(item);
  }

  @Override
  public T getRowData(String rowKey) {
    List<T> shown = getWrappedData();
    return shown == null
        ? null
        : shown.stream().filter(i -> key.of(i).equals(rowKey)).findFirst().orElse(null);
  }

  /** Whether the list was counted only up to {@link #getTotal()}: it has at least that many. */
  public boolean isTotalIsLowerBound() {
    if (total == null) {
      count(Map.of());
    }
    return totalIsLowerBound;
  }

  /** The number of items the list had when it was last shown. */
  public long getTotal() {
    return total == null ? count(Map.of()) : total;
  }
}
