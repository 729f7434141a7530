package org.netarchive.ee.archive.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.Destination;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the clients waiting for a store answer listen: the reply-to destinations of their requests,
 * by request id.
 *
 * <p>Kept in memory only. A JMS destination has no portable name by which a later transaction could
 * address it again (a client's temporary queue least of all), and a client whose server restarted
 * stops waiting anyway: its store times out and it stores again, which the repository answers at
 * once if the file is complete. The database keeps who waits ({@code archive_store_waiter}), so the
 * outcome is logged for them.
 */
@ApplicationScoped
public class StoreReplyRoutes {

  private final Map<String, Destination> routes = new ConcurrentHashMap<>();

  /** Remembers where to answer a request. */
  public void remember(String requestId, Destination replyTo) {
    if (replyTo != null) {
      routes.put(requestId, replyTo);
    }
  }

  /**
   * Where to answer a request; null if unknown. The route stays until {@link #forget}: an answer
   * sent in a transaction that then rolls back is computed again when its message is redelivered,
   * and must find the route again.
   */
  public Destination find(String requestId) {
    return routes.get(requestId);
  }

  /** Forgets where to answer a request, once its answer is committed. */
  public void forget(String requestId) {
    routes.remove(requestId);
  }
}
