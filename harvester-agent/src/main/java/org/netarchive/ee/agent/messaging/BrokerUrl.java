package org.netarchive.ee.agent.messaging;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.LinkedHashMap;
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
 * tcp://host:port?sslEnabled=true}. Artemis has no {@code ssl://} URLs (that is ActiveMQ 5's form):
 * such a URL is refused with the form to use instead, not left to fail at every connect.
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
      Pattern.compile("tcp://(\\[[0-9A-Fa-f:.]+\\]|[^\\s/?:\\[\\]]+)(?::([0-9]{1,5}))?(\\?\\S*)?");
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
    Matcher ssl = SSL_FORM.matcher(url);
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
    if (!FORM.matcher(url).matches()) {
      return Optional.of(
          setting
              + " = '"
              + url
              + "' is not valid: give an Artemis URL such as"
              + " tcp://netarchive.example.org:61616, or with TLS on at the server"
              + " tcp://netarchive.example.org:61616?sslEnabled=true");
    }
    String port = matched(url).group(2);
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
    return "true".equalsIgnoreCase(options(url).get("sslEnabled"));
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
    if (!tls(url)) {
      return url;
    }
    Map<String, String> options = options(url);
    StringBuilder added = new StringBuilder();
    if (!options.containsKey("verifyHost")) {
      added.append("&verifyHost=true");
    }
    if (trustedCertificates != null && !options.containsKey("trustStorePath")) {
      added
          .append("&trustStoreType=PEM&trustStorePath=")
          .append(URLEncoder.encode(trustedCertificates.toString(), StandardCharsets.UTF_8));
    }
    return url + added;
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
    if (!tls(url)) {
      return Optional.of(
          "a server with TLS on (NAS_TLS=on) takes only TLS on the agents' broker port: then give"
              + " the URL with ?sslEnabled=true");
    }
    try {
      handshake(url, trustedCertificates);
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      return TlsTrust.untrusted("The broker at " + url, TRUST_SETTING, e);
    }
  }

  /** A TLS handshake with the broker of a TLS URL, as the broker's client makes it. */
  static void handshake(String url, Path trustedCertificates) throws IOException {
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
      if (!"false".equalsIgnoreCase(options(url).get("verifyHost"))) {
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
