package org.netarchive.ee.agent.store;

import org.netarchive.ee.agent.config.AgentConfiguration;

/**
 * The archive client installed with the agent by default (registered in {@code
 * META-INF/services/org.netarchive.ee.agent.store.ArchiveStoreFactory} of the agent's jar): the
 * archive's own client over the server's broker, see {@link ArchiveClientStore} and {@link
 * ArchiveSettings} for its {@code archive.} keys.
 */
public final class ArchiveClientStoreFactory implements ArchiveStoreFactory {

  @Override
  public ArchiveStore open(AgentConfiguration configuration) {
    return ArchiveClientStore.open(ArchiveSettings.of(configuration), configuration.channels());
  }

  @Override
  public void check(AgentConfiguration configuration) {
    ArchiveSettings.of(configuration);
  }
}
