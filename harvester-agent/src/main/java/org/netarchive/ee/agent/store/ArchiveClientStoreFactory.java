package org.netarchive.ee.agent.store;

import java.io.IOException;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;

/**
 * The archive client installed with the agent by default (registered in {@code
 * META-INF/services/org.netarchive.ee.agent.store.ArchiveStoreFactory} of the agent's jar): the
 * archive's own client over the server's broker, see {@link ArchiveClientStore} and {@link
 * ArchiveSettings} for its {@code archive.} keys.
 */
public final class ArchiveClientStoreFactory implements ArchiveStoreFactory {

  @Override
  public ArchiveStore open(AgentConfiguration configuration) {
    ArchiveSettings settings = ArchiveSettings.of(configuration);
    try {
      return ArchiveClientStore.open(settings, configuration.channels());
    } catch (IOException e) {
      throw new ConfigurationException(
          "The archive client cannot offer files at "
              + ArchiveSettings.FILE_SERVER_ADDRESS
              + " = '"
              + settings.fileServerAddress().getHostAddress()
              + "', "
              + ArchiveSettings.FILE_SERVER_PORT
              + " = '"
              + settings.fileServerPort()
              + "': "
              + e.getMessage()
              + " (is the address one of this machine's, and the port free?)");
    }
  }

  @Override
  public void check(AgentConfiguration configuration) {
    ArchiveSettings.of(configuration);
  }
}
