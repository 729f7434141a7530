package org.netarchive.ee.web.interfaces.definitions.web;

import java.io.Serializable;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * The items whose names match a glob ({@code *}, {@code ?}; blank for all), lazily paged: what the
 * list pages of the Definitions section share. The glob is a parameter of the page's address, so a
 * search redirects to an address that says what was searched for.
 *
 * @param <T> what the list shows
 */
abstract class GlobList<T> implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String page;
  private String glob;
  private PagedList<T> list;

  /**
   * @param page the list page's view id, to which a search returns
   */
  GlobList(String page) {
    this.page = page;
  }

  /** The list of the items matching {@code glob}, a page at a time. */
  protected abstract PagedList<T> list(String glob);

  /** Loads the list for the glob of the address. */
  public void load() {
    list = list(glob);
  }

  /** Shows the items matching the glob typed in, at an address that says which. */
  public String search() {
    return page + "?faces-redirect=true&includeViewParams=true";
  }

  public PagedList<T> getList() {
    if (list == null) {
      load();
    }
    return list;
  }

  public String getGlob() {
    return glob;
  }

  public void setGlob(String glob) {
    this.glob = glob;
  }
}
