package org.netarchive.ee.web.interfaces.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * Refuses a request whose Host header is not one of the server's public names. The container makes
 * every absolute address it sends (redirects, the REST API's 201 and 202 Locations) from the Host
 * header, so a forged one would point the client elsewhere; checking it once here covers all of
 * them. The names are the setting {@code nas.public.hosts} ({@code NAS_PUBLIC_HOSTS}, separated by
 * commas), by default the address the server is bound to, {@code localhost}, {@code 127.0.0.1} and
 * {@code ::1}. Ports are not compared: the server is reached on several (port offsets, proxies),
 * and a name is what a forged Host changes.
 */
public class PublicHosts extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(PublicHosts.class.getName());

  private Set<String> names;

  @Override
  public void init(FilterConfig config) throws ServletException {
    super.init(config);
    // jboss.bind.address is WildFly's own property (the -b address), not a setting of ours.
    names =
        names(
            ServerSettings.current().text("nas.public.hosts").orElse(null),
            System.getProperty("jboss.bind.address"));
    LOG.info(() -> "Requests are answered for the host names " + names + " (NAS_PUBLIC_HOSTS)");
  }

  /** The configured names, or the defaults when nothing is configured. */
  static Set<String> names(String configured, String bindAddress) {
    Set<String> names = new LinkedHashSet<>();
    if (configured != null && !configured.isBlank()) {
      Arrays.stream(configured.split(","))
          .map(PublicHosts::normalize)
          .filter(n -> !n.isEmpty())
          .forEach(names::add);
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
