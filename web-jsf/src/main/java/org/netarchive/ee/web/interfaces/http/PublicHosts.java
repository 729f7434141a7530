package org.netarchive.ee.web.interfaces.http;

import jakarta.ejb.EJB;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.netarchive.ee.archive.application.ArchiveTransfers;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * Refuses a request whose Host header is not one of the server's public names. The container makes
 * every absolute address it sends (redirects, the REST API's 201 and 202 Locations) from the Host
 * header, so a forged one would point the client elsewhere; checking it once here covers all of
 * them. The names are the setting {@code nas.public.hosts} ({@code NAS_PUBLIC_HOSTS}, separated by
 * commas), by default the address the server is bound to, {@code localhost}, {@code 127.0.0.1} and
 * {@code ::1}; the host of the transfer endpoint's address ({@code NAS_ARCHIVE_TRANSFERS_URI}, by
 * default the bind address or 127.0.0.1) is always one, since the bitarchives deliver to it. Ports
 * are not compared: the server is reached on several (port offsets, proxies), and a name is what a
 * forged Host changes. A configured entry that is no host name or address (a scheme, port or path
 * in it) stops the start with a message naming it, instead of refusing every request by that name.
 */
public class PublicHosts extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(PublicHosts.class.getName());

  private Set<String> names;

  private static final String SETTING = "nas.public.hosts";

  /** A host name or IPv4 address (letters, digits, hyphens, dots), or an IPv6 address. */
  private static final Pattern NAME =
      Pattern.compile(
          "[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|[0-9a-f.]*:[0-9a-f.]*:[0-9a-f:.]*");

  @EJB private ArchiveTransfers transfers;

  @Override
  public void init(FilterConfig config) throws ServletException {
    super.init(config);
    // jboss.bind.address is WildFly's own property (the -b address), not a setting of ours.
    names =
        names(
            ServerSettings.current().text(SETTING).orElse(null),
            System.getProperty("jboss.bind.address"),
            URI.create(transfers.address()).getHost());
    LOG.info(() -> "Requests are answered for the host names " + names + " (NAS_PUBLIC_HOSTS)");
  }

  /**
   * The configured names, or the defaults when nothing is configured; with the transfer endpoint's
   * host.
   *
   * @param configured the setting, or {@code null}
   * @param bindAddress the server's bind address, or {@code null}
   * @param transfersHost the host of the transfer endpoint's address, or {@code null}
   * @throws IllegalStateException naming the setting and the entry that is no host name
   */
  static Set<String> names(String configured, String bindAddress, String transfersHost) {
    Set<String> names = new LinkedHashSet<>();
    if (transfersHost != null && !transfersHost.isBlank()) {
      names.add(normalize(transfersHost));
    }
    if (configured != null && !configured.isBlank()) {
      for (String entry : configured.split(",")) {
        String name = normalize(entry);
        if (name.isEmpty()) {
          continue;
        }
        if (!NAME.matcher(name).matches()) {
          throw ServerSettings.refusal(
              SETTING,
              "must list host names or IP addresses separated by commas, without scheme, port or"
                  + " path ('"
                  + entry.strip()
                  + "' is none)",
              configured);
        }
        names.add(name);
      }
      return Set.copyOf(names);
    }
    if (bindAddress != null
        && !bindAddress.isBlank()
        && !bindAddress.equals("0.0.0.0")
        && !bindAddress.equals("::")) {
      names.add(normalize(bindAddress));
    }
    names.addAll(Set.of("localhost", "127.0.0.1", "::1"));
    return Set.copyOf(names);
  }

  /** The name of a Host header's value, without its port and IPv6 brackets, in lower case. */
  static String hostName(String hostHeader) {
    String host = hostHeader.strip();
    if (host.startsWith("[")) {
      int end = host.indexOf(']');
      return normalize(end < 0 ? host : host.substring(0, end + 1));
    }
    int colon = host.indexOf(':');
    return normalize(colon < 0 ? host : host.substring(0, colon));
  }

  /** A host name in lower case, without IPv6 brackets or a final dot. */
  static String normalize(String name) {
    String n = name.strip().toLowerCase(Locale.ROOT);
    if (n.startsWith("[") && n.endsWith("]")) {
      n = n.substring(1, n.length() - 1);
    }
    return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
  }

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    // Without a Host header (HTTP/1.0) the container uses the address the request came in on.
    String host = request.getHeader("Host");
    if (host != null && !names.contains(hostName(host))) {
      ProblemResponse.send(
          response,
          HttpServletResponse.SC_BAD_REQUEST,
          "Bad Request",
          "Host '"
              + host
              + "' is not a name of this server; call it by one of "
              + String.join(", ", names.stream().sorted().toList())
              + " (the server's administrator adds names with NAS_PUBLIC_HOSTS)",
          "Host");
      return;
    }
    chain.doFilter(request, response);
  }
}
