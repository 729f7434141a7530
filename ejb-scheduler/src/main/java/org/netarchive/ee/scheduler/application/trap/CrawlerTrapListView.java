package org.netarchive.ee.scheduler.application.trap;

import java.util.List;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapList;

/**
 * A global crawler trap list for the UI and the API.
 *
 * @param name the list's name
 * @param description what the list is for; {@code null} if nobody said
 * @param active whether new jobs get its traps
 * @param expressions the traps, Java regular expressions, in the order given
 * @param version the version to send back with a change
 */
public record CrawlerTrapListView(
    String name, String description, boolean active, List<String> expressions, int version) {

  static CrawlerTrapListView of(GlobalCrawlerTrapList list) {
    return new CrawlerTrapListView(
        list.name(), list.description(), list.isActive(), list.expressions(), list.version());
  }
}
