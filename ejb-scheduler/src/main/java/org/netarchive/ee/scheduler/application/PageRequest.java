package org.netarchive.ee.scheduler.application;

import org.netarchive.ee.scheduler.domain.model.Page;

/**
 * Which page of a long list a caller asks for, checked: the page from 0, the size 1 to {@link
 * Page#MAX_SIZE}, and the first item within reach.
 *
 * @param page the page number, from 0
 * @param size the number of items a page has
 */
public record PageRequest(int page, int size) {

  public PageRequest {
    if (page < 0) {
      throw new InvalidFieldException("page", "page must be 0 or more, not " + page);
    }
    if (size < 1 || size > Page.MAX_SIZE) {
      throw new InvalidFieldException(
          "size", "size must be 1 to " + Page.MAX_SIZE + ", not " + size);
    }
    if ((long) page * size > Integer.MAX_VALUE) {
      throw new InvalidFieldException(
          "page",
          "page " + page + " of size " + size + " is beyond any list; ask for an earlier one");
    }
  }

  /** The index of the page's first item. */
  public int first() {
    return page * size;
  }
}
