package org.netarchive.ee.agent.store;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;
import org.netarchive.ee.agent.messaging.BrokerUrl;
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.archive.TlsTrust;

/**
 * The settings of the archive client the agent stores through: the {@code archive.} keys of the
 * agent's configuration file (see the commented {@code conf/harvester-agent.properties}).
 *
 * <p>The server's address ({@value #SERVER_URL}, or the environment variable {@value
 * #SERVER_URL_VARIABLE} when the key is empty) has no default: the agent uploads each crawled file
 * there, over a connection it opens itself, and listens on no port. Every other key has a default:
 * the archive is reached over the agent's own broker connection settings. Every problem is reported
 * at once, naming its key and value; unknown {@code archive.} keys are refused, the file server
 * keys of earlier versions ({@code archive.fileServer.*}) are accepted and ignored.
 *
 * @param brokerUrl the broker the archive's repository listens on
 * @param brokerUser its account
 * @param brokerPassword its password
 * @param serverUrl the server's root, e.g. {@code http://127.0.0.1:8080}, the files are uploaded to
 * @param storeTimeout how long to wait for the archive's answer to one store request
 * @param storeRetries how often to ask again after NOT OK or no answer
 * @param trustedCertificates for an {@code https} server: the PEM file of the certificates the
 *     agent trusts for it (the installation's CA), or {@code null} for the JVM's default
 *     authorities
 * @param uploadMinKilobytesPerSecond the slowest upload to the server waited for: an upload of a
 *     file of n kB that has not finished after 60 s + n / this seconds is abandoned
 * @param uploadSourceAddress the local address the uploads come from ({@value #SOURCE_ADDRESS}), or
 *     {@code null} for the one the system chooses
 */
public record ArchiveSettings(
    String brokerUrl,
    String brokerUser,
    String brokerPassword,
    URI serverUrl,
    Duration storeTimeout,
    int storeRetries,
    Path trustedCertificates,
    int uploadMinKilobytesPerSecond,
    InetAddress uploadSourceAddress) {

  static final String BROKER_URL = "archive.broker.url";
  static final String BROKER_USER = "archive.broker.user";
  static final String BROKER_PASSWORD = "archive.broker.password";

  /** The server's address the files are uploaded to. */
  public static final String SERVER_URL = "archive.server.url";

  /** The environment variable giving the server's address when {@value #SERVER_URL} is empty. */
  public static final String SERVER_URL_VARIABLE = "NAS_SERVER_URL";

  /** The PEM file of the certificates trusted for an {@code https} server. */
  public static final String TRUSTED_CERTIFICATES = ServerUploads.TRUSTED_CERTIFICATES;

  static final String STORE_TIMEOUT = "archive.storeTimeoutSeconds";
  static final String STORE_RETRIES = "archive.storeRetries";
  static final String UPLOAD_MIN_RATE = "archive.uploadMinKilobytesPerSecond";

  /**
   * The local address the uploads' connections come from: on a host with several, the one the
   * server (or a firewall between) expects; like the broker URL's {@code localAddress} parameter.
   */
  public static final String SOURCE_ADDRESS = "archive.server.sourceAddress";

  /** An IPv4 or IPv6 address literal: a name would need a lookup at every start. */
  private static final Pattern ADDRESS_LITERAL =
      Pattern.compile(
          "((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}"
              + "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  private static final Set<String> KEYS =
      Set.of(
          BROKER_URL,
          BROKER_USER,
          BROKER_PASSWORD,
          SERVER_URL,
          TRUSTED_CERTIFICATES,
          STORE_TIMEOUT,
          STORE_RETRIES,
          UPLOAD_MIN_RATE,
          SOURCE_ADDRESS);

  /** Keys of the file server the agent had before it uploaded its files; ignored. */
  static final Set<String> OBSOLETE =
      Set.of(
          "archive.fileServer.address",
          "archive.fileServer.port",
          "archive.fileServer.offerLocalPaths");

  /** The store timeout when none is given: a WARC of 1 GB copied by two replicas, with margin. */
  static final long DEFAULT_TIMEOUT_SECONDS = 600;

  static final int DEFAULT_RETRIES = 2;

  /** The slowest upload waited for when none is given: 1 GB in under 17 minutes (plus 60 s). */
  static final long DEFAULT_UPLOAD_MIN_KILOBYTES_PER_SECOND = 1000;

  /**
   * The URL the archive's broker client connects with: {@link #brokerUrl()} and, for TLS, the
   * certificates of {@value #TRUSTED_CERTIFICATES}.
   *
   * @return the URL (it holds no password)
   */
  public String brokerConnectionUrl() {
    return BrokerUrl.connecting(brokerUrl, trustedCertificates);
  }

  @Override
  public String toString() {
    // Never the password.
    return "ArchiveSettings[broker="
        + brokerUrl
        + " as "
        + brokerUser
        + ", server="
        + serverUrl
        + (trustedCertificates == null ? "" : " trusting " + trustedCertificates)
        + ", timeout="
        + storeTimeout.toSeconds()
        + " s, retries="
        + storeRetries
        + ", upload at least "
        + uploadMinKilobytesPerSecond
        + " kB/s"
        + (uploadSourceAddress == null ? "" : ", from " + uploadSourceAddress.getHostAddress())
        + "]";
  }

  /**
   * Reads the archive settings of an agent's configuration.
   *
   * @param configuration the agent's configuration
   * @return the settings, defaults filled in
   * @throws ConfigurationException naming every key and value at fault
   */
  public static ArchiveSettings of(AgentConfiguration configuration) {
    return of(configuration, System.getenv());
  }

  /**
   * Reads the archive settings of an agent's configuration.
   *
   * @param configuration the agent's configuration
   * @param environment the process environment, for {@value #SERVER_URL_VARIABLE}
   * @return the settings, defaults filled in
   * @throws ConfigurationException naming every key and value at fault
   */
  public static ArchiveSettings of(
      AgentConfiguration configuration, Map<String, String> environment) {
    Map<String, String> values = configuration.archiveSettings();
    List<String> problems = new ArrayList<>();
    for (String key : new TreeSet<>(values.keySet())) {
      if (!KEYS.contains(key) && !OBSOLETE.contains(key)) {
        problems.add(
            "unknown key '"
                + key
                + "' (value '"
                + values.get(key)
                + "'); the archive client knows "
                + new TreeSet<>(KEYS));
      }
    }
    String url = value(values, BROKER_URL, configuration.brokerUrl());
    boolean brokerTls = false;
    Optional<String> urlProblem = BrokerUrl.problem(BROKER_URL, url);
    if (urlProblem.isPresent()) {
      problems.add(urlProblem.get() + " (or leave it empty for broker.url)");
    } else {
      brokerTls = BrokerUrl.tls(url);
    }
    String user = value(values, BROKER_USER, configuration.brokerUser());
    String password = value(values, BROKER_PASSWORD, configuration.brokerPassword());

    String serverText = value(values, SERVER_URL, null);
    String serverSetting = SERVER_URL;
    if (serverText == null) {
      serverText = environment.get(SERVER_URL_VARIABLE);
      serverSetting =
          SERVER_URL + " (empty, so the environment variable " + SERVER_URL_VARIABLE + ")";
    }
    URI server = null;
    try {
      server = ServerUploads.serverRoot(serverSetting, serverText);
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage() + " (the agent uploads the files it crawled there)");
    }
    Path trusted = null;
    String trustedText = value(values, TRUSTED_CERTIFICATES, null);
    if (trustedText != null) {
      if (server != null && !"https".equals(server.getScheme()) && !brokerTls) {
        problems.add(
            TRUSTED_CERTIFICATES
                + " = '"
                + trustedText
                + "' is given, but neither is the server's address "
                + server
                + " https nor does the broker URL "
                + url
                + " ask for TLS (?sslEnabled=true): give their TLS forms, or leave "
                + TRUSTED_CERTIFICATES
                + " empty");
      } else {
        try {
          trusted = Path.of(trustedText).toAbsolutePath().normalize();
          TlsTrust.certificates(TRUSTED_CERTIFICATES, trusted);
        } catch (IllegalArgumentException e) {
          problems.add(e.getMessage());
          trusted = null;
        }
      }
    }
    Integer timeout =
        number(
            values,
            STORE_TIMEOUT,
            DEFAULT_TIMEOUT_SECONDS,
            1,
            Integer.MAX_VALUE,
            "a whole number of seconds, at least 1",
            problems);
    Integer retries =
        number(
            values,
            STORE_RETRIES,
            DEFAULT_RETRIES,
            0,
            100,
            "a whole number from 0 to 100",
            problems);
    Integer uploadRate =
        number(
            values,
            UPLOAD_MIN_RATE,
            DEFAULT_UPLOAD_MIN_KILOBYTES_PER_SECOND,
            1,
            Integer.MAX_VALUE,
            "a whole number of kilobytes per second, at least 1",
            problems);
    InetAddress source = sourceAddress(value(values, SOURCE_ADDRESS, null), problems);
    if (!problems.isEmpty()) {
      throw new ConfigurationException(
          "The archive settings (archive.*) have "
              + problems.size()
              + (problems.size() == 1 ? " problem" : " problems"),
          problems);
    }
    return new ArchiveSettings(
        url,
        user,
        password,
        server,
        Duration.ofSeconds(timeout),
        retries,
        trusted,
        uploadRate,
        source);
  }

  /** The source address given, checked to be an address literal this machine can send from. */
  private static InetAddress sourceAddress(String text, List<String> problems) {
    if (text == null) {
      return null;
    }
    if (!ADDRESS_LITERAL.matcher(text).matches()) {
      problems.add(
          SOURCE_ADDRESS
              + " = '"
              + text
              + "' is not valid: give an IP address of this machine, such as 127.0.0.2 or"
              + " 10.0.0.7, or leave it empty");
      return null;
    }
    try {
      InetAddress address = InetAddress.getByName(text);
      try (Socket socket = new Socket()) {
        socket.bind(new InetSocketAddress(address, 0));
      }
      return address;
    } catch (IOException e) {
      problems.add(
          SOURCE_ADDRESS
              + " = '"
              + text
              + "' is no address this machine can send from ("
              + e.getMessage()
              + "): give one of its IP addresses, or leave it empty");
      return null;
    }
  }

  private static String value(Map<String, String> values, String key, String fallback) {
    String value = values.get(key);
    return value == null || value.isBlank() ? fallback : value.strip();
  }

  private static Integer number(
      Map<String, String> values,
      String key,
      long fallback,
      long min,
      long max,
      String expected,
      List<String> problems) {
    String text = value(values, key, Long.toString(fallback));
    try {
      long n = Long.parseLong(text);
      if (n >= min && n <= max) {
        return (int) n;
      }
    } catch (NumberFormatException e) {
      // told below
    }
    problems.add(key + " = '" + text + "' is not valid: give " + expected);
    return null;
  }
}
