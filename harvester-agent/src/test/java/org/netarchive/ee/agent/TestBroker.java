package org.netarchive.ee.agent;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.security.CheckType;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager;

/**
 * An Artemis broker on 127.0.0.1 standing in for the server's: one account, queues made on first
 * use, and a dead-letter queue after two delivery attempts.
 */
public final class TestBroker implements AutoCloseable {

  public static final String USER = "agent";
  public static final String PASSWORD = "test-agent-password";

  private final int port;
  private final Path data;
  private EmbeddedActiveMQ broker;
  private Path keyStore;
  private String keyStorePassword;
  private final AtomicInteger passwordChecks = new AtomicInteger();

  public TestBroker(Path data) throws Exception {
    this.data = data;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      this.port = socket.getLocalPort();
    }
  }

  public int port() {
    return port;
  }

  /** How often the broker has authenticated: once per connection and per session made. */
  public int passwordChecks() {
    return passwordChecks.get();
  }

  public String url() {
    return "tcp://127.0.0.1:" + port + (keyStore == null ? "" : "?sslEnabled=true");
  }

  /**
   * Makes the broker's acceptor speak TLS only, as the server's with NAS_TLS=on.
   *
   * @param keyStore a PKCS#12 key store with the broker's key and certificate
   * @param password its password
   * @return this
   */
  public TestBroker tls(Path keyStore, String password) {
    this.keyStore = keyStore;
    this.keyStorePassword = password;
    return this;
  }

  public TestBroker start() throws Exception {
    ConfigurationImpl config = new ConfigurationImpl();
    config.setPersistenceEnabled(false);
    config.setSecurityEnabled(true);
    config.setJMXManagementEnabled(false);
    config.setBrokerInstance(data.toFile());
    config.addAcceptorConfiguration(
        "agents",
        keyStore == null
            ? url()
            : url()
                + "&keyStoreType=PKCS12&keyStorePath="
                + keyStore
                + "&keyStorePassword="
                + keyStorePassword);
    config.addAddressSetting(
        "#",
        new AddressSettings()
            .setDeadLetterAddress(
                org.apache.activemq.artemis.api.core.SimpleString.of("DEV_COMMON_DLQ"))
            .setMaxDeliveryAttempts(2)
            .setRedeliveryDelay(100));
    broker = new EmbeddedActiveMQ();
    broker.setConfiguration(config);
    broker.setSecurityManager(
        new ActiveMQSecurityManager() {
          @Override
          public boolean validateUser(String user, String password) {
            passwordChecks.incrementAndGet();
            return USER.equals(user) && PASSWORD.equals(password);
          }

          @Override
          public boolean validateUserAndRole(
              String user, String password, Set<Role> roles, CheckType checkType) {
            // an authorization, not counted among the password checks of new sessions
            return USER.equals(user) && PASSWORD.equals(password);
          }
        });
    broker.start();
    return this;
  }

  public void stop() throws Exception {
    if (broker != null) {
      broker.stop();
      broker = null;
    }
  }

  @Override
  public void close() throws Exception {
    stop();
  }
}
