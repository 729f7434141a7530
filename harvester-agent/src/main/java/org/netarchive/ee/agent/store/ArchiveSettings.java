package org.netarchive.ee.agent.store;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;

/**
 * The settings of the archive client the agent stores through: the {@code archive.} keys of the
 * agent's configuration file (see the commented {@code conf/harvester-agent.properties}).
 *
 * <p>Every key has a default: the archive is reached over the agent's own broker connection
 * settings, and the crawled files are offered to the server's bitarchives from a file server on
 * 127.0.0.1 (right when the agent runs on the server's machine; an agent on another machine gives
 * the address the server reaches it at). Every problem is reported at once, naming its key and
 * value; unknown {@code archive.} keys are refused.
 *
 * @param brokerUrl the broker the archive's repository listens on
 * @param brokerUser its account
 * @param brokerPassword its password
 * @param fileServerAddress where the file server listens; the replicas fetch the files there
 * @param fileServerPort its port, 0 for any free one
 * @param offerLocalPaths whether a bitarchive on this machine may read the files directly
 * @param storeTimeout how long to wait for the archive's answer to one store request
 * @param storeRetries how often to ask again after NOT OK or no answer
 */
public record ArchiveSettings(
    String brokerUrl,
    String brokerUser,
    String brokerPassword,
    InetAddress fileServerAddress,
    int fileServerPort,
    boolean offerLocalPaths,
    Duration storeTimeout,
    int storeRetries) {

  static final String BROKER_URL = "archive.broker.url";
  static final String BROKER_USER = "archive.broker.user";
  static final String BROKER_PASSWORD = "archive.broker.password";
  static final String FILE_SERVER_ADDRESS = "archive.fileServer.address";
  static final String FILE_SERVER_PORT = "archive.fileServer.port";
  static final String OFFER_LOCAL_PATHS = "archive.fileServer.offerLocalPaths";
  static final String STORE_TIMEOUT = "archive.storeTimeoutSeconds";
  static final String STORE_RETRIES = "archive.storeRetries";

  private static final Set<String> KEYS =
      Set.of(
          BROKER_URL,
          BROKER_USER,
          BROKER_PASSWORD,
          FILE_SERVER_ADDRESS,
          FILE_SERVER_PORT,
          OFFER_LOCAL_PATHS,
          STORE_TIMEOUT,
          STORE_RETRIES);

  /** The store timeout when none is given: a WARC of 1 GB copied by two replicas, with margin. */
  static final long DEFAULT_TIMEOUT_SECONDS = 600;

  static final int DEFAULT_RETRIES = 2;

  private static final Pattern BROKER_URL_FORM = Pattern.compile("(tcp|ssl)://[^\\s/]+(\\?\\S*)?");

  @Override
  public String toString() {
    // Never the password.
    return "ArchiveSettings[broker="
        + brokerUrl
        + " as "
        + brokerUser
        + ", fileServer="
        + fileServerAddress.getHostAddress()
        + ":"
        + (fileServerPort == 0 ? "any" : fileServerPort)
        + (offerLocalPaths ? " (local paths offered)" : "")
        + ", timeout="
        + storeTimeout.toSeconds()
        + " s, retries="
        + storeRetries
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
    Map<String, String> values = configuration.archiveSettings();
    List<String> problems = new ArrayList<>();
    for (String key : new TreeSet<>(values.keySet())) {
      if (!KEYS.contains(key)) {
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
    if (!BROKER_URL_FORM.matcher(url).matches()) {
      problems.add(
          BROKER_URL
              + " = '"
              + url
              + "' is not valid: give an Artemis URL such as tcp://netarchive.example.org:61616"
              + " (or leave it empty for broker.url)");
    }
    String user = value(values, BROKER_USER, configuration.brokerUser());
    String password = value(values, BROKER_PASSWORD, configuration.brokerPassword());

    String addressText = value(values, FILE_SERVER_ADDRESS, "127.0.0.1");
    InetAddress address = null;
    try {
      address = InetAddress.getByName(addressText);
      if (address.isAnyLocalAddress()) {
        problems.add(
            FILE_SERVER_ADDRESS
                + " = '"
                + addressText
                + "' is a wildcard address: the archive's replicas fetch the files from the"
                + " address given here, so give the one they reach this machine at (127.0.0.1"
                + " when the server runs on this machine)");
        address = null;
      }
    } catch (UnknownHostException | SecurityException e) {
      problems.add(
          FILE_SERVER_ADDRESS
              + " = '"
              + addressText
              + "' is not an address of this machine that can be resolved ("
              + e.getMessage()
              + "): give an IP address such as 127.0.0.1");
    }
    Integer port =
        number(values, FILE_SERVER_PORT, 0, 0, 65535, "a port from 1 to 65535, or 0", problems);
    String local = value(values, OFFER_LOCAL_PATHS, "false").toLowerCase(Locale.ROOT);
    if (!local.equals("true") && !local.equals("false")) {
      problems.add(
          OFFER_LOCAL_PATHS
              + " = '"
              + values.get(OFFER_LOCAL_PATHS)
              + "' is not valid: give true or false");
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
        address,
        port,
        local.equals("true"),
        Duration.ofSeconds(timeout),
        retries);
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
