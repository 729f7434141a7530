package org.netarchive.ee.agent.messaging;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.netarchive.ee.common.archive.TlsTrust;

/**
 * The forms of the server's broker URL an agent accepts, and what TLS adds to it.
 *
 * <p>Accepted: {@code tcp://host:port} with Artemis options after {@code ?}; with TLS (a server
 * with {@code NAS_TLS=on} takes nothing else on the agents' port) {@code
 * tcp://host:port?sslEnabled=true}; and a list of brokers, a live broker and its backup, in
 * parentheses with the options for all of them after it, {@code
 * (tcp://a:61616,tcp://b:61616)?sslEnabled=true}, to which the connecting URL adds {@code ha=true}
 * and {@code reconnectAttempts=-1} unless given (without {@code ha} the client would not follow the
 * pair's change of live broker). Artemis has no {@code ssl://} URLs (that is ActiveMQ 5's form):
 * such a URL is refused with the form to use instead, not left to fail at every connect; so are
 * brokers listed without parentheses, which the client would take for one host.
 *
 * <p>With TLS the agent checks that the broker's certificate names the URL's host ({@code
 * verifyHost=true}, unless the URL says otherwise), and trusts the certificates of the agent's PEM
 * file ({@value #TRUST_SETTING}, the installation's CA: the same as for HTTPS) unless the URL names
 * a trust store of its own; without that file, the Java runtime's authorities. A connection that
 * fails is explained: an untrusted certificate by a message saying so and naming the setting, a
 * plain URL by the hint that a server with TLS on needs {@code sslEnabled=true}.
 */
public final class BrokerUrl {

  /** The setting naming the PEM file of the certificates the agent trusts, for HTTPS and broker. */
  public static final String TRUST_SETTING = "archive.server.trustedCertificates";

  private static final Pattern FORM =
      Pattern.compile(
          "tcp://(\\[[0-9A-Fa-f:.]+\\]|[^\\s/?:,()\\[\\]]+)(?::([0-9]{1,5}))?(\\?[^\\s()]*)?");
  private static final Pattern LIST_FORM = Pattern.compile("\\(([^()]*)\\)(\\?\\S*)?");
  private static final Pattern ANOTHER_BROKER = Pattern.compile("(?i),\\s*(tcp|ssl)://");
  private static final Pattern SSL_FORM = Pattern.compile("(?i)ssl://([^\\s/?]+)(?:\\?(\\S*))?");
  private static final int DEFAULT_PORT = 61616;
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

  private BrokerUrl() {}

  /**
   * Checks a broker URL's form.
   *
   * @param setting the setting's name, for the message
   * @param url its value
   * @return what is wrong, naming the setting and the value, or empty if the form is accepted
   */
  public static Optional<String> problem(String setting, String url) {
    Parsed parsed = Parsed.of(url);
    if (parsed.list()) {
      return listProblem(setting, url, parsed.brokers());
    }
    if (ANOTHER_BROKER.matcher(url).find()) {
      return Optional.of(
          setting
              + " = '"
              + url
              + "' is not valid: several brokers go in parentheses, the options for all of them"
              + " after it: (tcp://live.example.org:61616,tcp://backup.example.org:61616)?ha=true");
    }
    return memberProblem(setting, url, url);
  }

  /** A list of brokers: each one accepted, and all of them TLS or none. */
  private static Optional<String> listProblem(String setting, String url, List<String> brokers) {
    Boolean tls = null;
    for (String broker : brokers) {
      if (broker.isEmpty()) {
        return Optional.of(
            setting + " = '" + url + "' is not valid: the list in parentheses has an empty entry");
      }
      Optional<String> problem = memberProblem(setting, url, broker);
      if (problem.isPresent()) {
        return problem;
      }
      boolean memberTls = sslEnabled(options(broker));
      if (tls != null && tls != memberTls) {
        return Optional.of(
            setting
                + " = '"
                + url
                + "' is not valid: its brokers disagree on sslEnabled; give it once for all of them"
                + " after the parentheses");
      }
      tls = memberTls;
    }
    return Optional.empty();
  }

  /** One broker's URL: {@code url} is the whole setting, for the message. */
  private static Optional<String> memberProblem(String setting, String url, String broker) {
    Matcher ssl = SSL_FORM.matcher(broker);
    if (ssl.matches()) {
      String options = ssl.group(2) == null || ssl.group(2).isEmpty() ? "" : "&" + ssl.group(2);
      return Optional.of(
          setting
              + " = '"
              + url
              + "' is not valid: the broker's client has no ssl:// URLs; for TLS give tcp://"
              + ssl.group(1)
              + "?sslEnabled=true"
              + options);
    }
    if (!FORM.matcher(broker).matches()) {
      return Optional.of(
          setting
              + " = '"
              + url
              + "' is not valid: give an Artemis URL such as"
              + " tcp://netarchive.example.org:61616, or with TLS on at the server"
              + " tcp://netarchive.example.org:61616?sslEnabled=true");
    }
    String port = matched(broker).group(2);
    if (port != null && (Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535)) {
      return Optional.of(
          setting + " = '" + url + "' is not valid: the port " + port + " is not from 1 to 65535");
    }
    return Optional.empty();
  }

  /**
   * Whether a URL asks for TLS.
   *
   * @param url an accepted URL
   */
  public static boolean tls(String url) {
    return tls(Parsed.of(url));
  }

  private static boolean tls(Parsed parsed) {
    if (parsed.shared().containsKey("sslEnabled")) {
      return sslEnabled(parsed.shared());
    }
    return parsed.brokers().stream().allMatch(b -> sslEnabled(options(b)));
  }

  private static boolean sslEnabled(Map<String, String> options) {
    return "true".equalsIgnoreCase(options.get("sslEnabled"));
  }

  /** The brokers of an accepted URL: the one it names, or those of its list. */
  static List<String> brokers(String url) {
    return Parsed.of(url).brokers();
  }

  /**
   * A URL taken apart: a single broker's (its options in it), or a list's brokers and the options
   * after its parentheses, which apply to all of them.
   *
   * @param list whether the URL is a list in parentheses
   * @param brokers the brokers' URLs, stripped (a malformed list may have empty ones)
   * @param shared a list's options for all brokers; empty for a single URL
   * @param sharedQuery whether a list has a query after its parentheses
   */
  private record Parsed(
      boolean list, List<String> brokers, Map<String, String> shared, boolean sharedQuery) {
    static Parsed of(String url) {
      Matcher m = LIST_FORM.matcher(url);
      if (!m.matches()) {
        return new Parsed(false, List.of(url), Map.of(), false);
      }
      return new Parsed(
          true,
          Arrays.stream(m.group(1).split(",", -1)).map(String::strip).toList(),
          m.group(2) == null ? Map.of() : options(m.group(2)),
          m.group(2) != null);
    }

    /** Whether the URL has a query to add options to. */
    boolean hasQuery(String url) {
      return list ? sharedQuery : url.contains("?");
    }
  }

  /**
   * The URL the client connects with: for TLS, host name verification and the trusted certificates
   * added unless the URL sets them itself; a plain URL as it is.
   *
   * @param url an accepted URL
   * @param trustedCertificates the PEM file of the trusted certificates, or null for the Java
   *     runtime's authorities
   * @return the URL to connect with (it holds no password)
   */
  public static String connecting(String url, Path trustedCertificates) {
    Parsed parsed = Parsed.of(url);
    Map<String, String> options = parsed.list() ? parsed.shared() : options(url);
    StringBuilder added = new StringBuilder();
    if (parsed.list()) {
      if (!options.containsKey("ha")) {
        added.append("&ha=true");
      }
      if (!options.containsKey("reconnectAttempts")) {
        added.append("&reconnectAttempts=-1");
      }
    }
    if (!tls(parsed)) {
      return withOptions(url, parsed, added);
    }
    if (!options.containsKey("verifyHost")) {
      added.append("&verifyHost=true");
    }
    if (trustedCertificates != null && !options.containsKey("trustStorePath")) {
      added
          .append("&trustStoreType=PEM&trustStorePath=")
          .append(URLEncoder.encode(trustedCertificates.toString(), StandardCharsets.UTF_8));
    }
    return withOptions(url, parsed, added);
  }

  /** The URL with options ({@code &name=value...}) added to its query, or as its query. */
  private static String withOptions(String url, Parsed parsed, CharSequence added) {
    if (added.isEmpty()) {
      return url;
    }
    return url + (parsed.hasQuery(url) ? added : "?" + added.subSequence(1, added.length()));
  }

  /**
   * Explains a failed connection, if its cause can be told: a TLS URL whose broker presents a
   * certificate this agent does not trust (found by a TLS handshake with the broker, the broker's
   * client reports only that it could not connect), or a plain URL.
   *
   * @param url the URL as configured
   * @param trustedCertificates the PEM file of the trusted certificates, or null
   * @return the explanation, or empty
   */
  public static Optional<String> explain(String url, Path trustedCertificates) {
    Parsed parsed = Parsed.of(url);
    if (!tls(parsed)) {
      return Optional.of(
          "a server with TLS on (NAS_TLS=on) takes only TLS on the agents' broker port: then give"
              + " the URL with ?sslEnabled=true");
    }
    // A list's backup broker refuses connections while it is passive: only a certificate it
    // does not trust is worth telling, of whichever broker presents one.
    for (String broker : parsed.brokers()) {
      try {
        handshake(broker, parsed.shared(), trustedCertificates);
      } catch (IOException | RuntimeException e) {
        Optional<String> untrusted =
            TlsTrust.untrusted("The broker at " + broker, TRUST_SETTING, e);
        if (untrusted.isPresent()) {
          return untrusted;
        }
      }
    }
    return Optional.empty();
  }

  /**
   * A TLS handshake with one broker of a TLS URL, as the broker's client makes it ({@code shared}:
   * the options of its list for all brokers, which the broker's own override).
   */
  static void handshake(String url, Map<String, String> shared, Path trustedCertificates)
      throws IOException {
    Matcher m = matched(url);
    String host = m.group(1);
    if (host.startsWith("[")) {
      host = host.substring(1, host.length() - 1);
    }
    int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
    SSLContext context;
    try {
      context =
          trustedCertificates == null
              ? SSLContext.getDefault()
              : TlsTrust.trusting(TRUST_SETTING, trustedCertificates);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("No TLS in this Java runtime", e);
    }
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
      socket.connect(new InetSocketAddress(host, port), (int) PROBE_TIMEOUT.toMillis());
      socket.setSoTimeout((int) PROBE_TIMEOUT.toMillis());
      Map<String, String> options = new LinkedHashMap<>(shared);
      options.putAll(options(url));
      if (!"false".equalsIgnoreCase(options.get("verifyHost"))) {
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        socket.setSSLParameters(parameters);
      }
      socket.startHandshake();
    }
  }

  private static Matcher matched(String url) {
    Matcher m = FORM.matcher(url);
    if (!m.matches()) {
      throw new IllegalArgumentException("not an accepted broker URL: " + url);
    }
    return m;
  }

  /** The URL's options by name (the last of a name wins, as for the broker's client). */
  private static Map<String, String> options(String url) {
    Map<String, String> options = new LinkedHashMap<>();
    int query = url.indexOf('?');
    if (query < 0) {
      return options;
    }
    for (String option : url.substring(query + 1).split("&")) {
      int equals = option.indexOf('=');
      if (equals > 0) {
        options.put(option.substring(0, equals), option.substring(equals + 1));
      } else if (!option.isEmpty()) {
        options.put(option, "");
      }
    }
    return options;
  }
}
