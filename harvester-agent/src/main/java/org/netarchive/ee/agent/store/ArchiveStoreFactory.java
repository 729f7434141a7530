package org.netarchive.ee.agent.store;

import java.util.List;
import java.util.ServiceLoader;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;

/**
 * Makes the agent's {@link ArchiveStore}: the archive's client plugs in here. An implementation is
 * found with {@link ServiceLoader}: a jar in the agent's {@code lib/} with {@code
 * META-INF/services/org.netarchive.ee.agent.store.ArchiveStoreFactory} naming the class. Its
 * settings are the configuration file's keys starting with {@code archive.} ({@link
 * AgentConfiguration#archiveSettings()}).
 */
public interface ArchiveStoreFactory {

  /**
   * Opens the archive client.
   *
   * @param configuration the agent's configuration, with the archive settings
   * @return the store
   * @throws ConfigurationException if the archive settings are unusable; name the key and value
   */
  ArchiveStore open(AgentConfiguration configuration);

  /**
   * Checks the archive settings without opening anything (for {@code --check}).
   *
   * @param configuration the agent's configuration, with the archive settings
   * @throws ConfigurationException if the archive settings are unusable; name the key and value
   */
  default void check(AgentConfiguration configuration) {}

  /**
   * The one archive client installed with the agent.
   *
   * @param configuration the agent's configuration
   * @return its store
   * @throws ConfigurationException if there is none or more than one
   */
  static ArchiveStore installed(AgentConfiguration configuration) {
    return installed(ArchiveStoreFactory.class.getClassLoader()).open(configuration);
  }

  /**
   * The one archive client's factory found by a class loader.
   *
   * @param loader where to look for {@code META-INF/services} registrations
   * @return the factory
   * @throws ConfigurationException if there is none or more than one
   */
  static ArchiveStoreFactory installed(ClassLoader loader) {
    List<ArchiveStoreFactory> factories =
        ServiceLoader.load(ArchiveStoreFactory.class, loader).stream()
            .map(ServiceLoader.Provider::get)
            .toList();
    if (factories.size() != 1) {
      throw new ConfigurationException(
          (factories.isEmpty() ? "No archive client is" : factories.size() + " archive clients are")
              + " installed in the agent's lib directory: exactly one jar must provide "
              + ArchiveStoreFactory.class.getName()
              + " (META-INF/services), so that crawled files can be stored; without it the agent"
              + " does not take jobs"
              + (factories.isEmpty()
                  ? ""
                  : " (found: "
                      + factories.stream().map(f -> f.getClass().getName()).toList()
                      + ")"));
    }
    return factories.getFirst();
  }
}
