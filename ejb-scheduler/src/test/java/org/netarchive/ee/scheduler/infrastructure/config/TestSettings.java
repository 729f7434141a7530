package org.netarchive.ee.scheduler.infrastructure.config;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;

/**
 * {@link ServerSettings} for unit tests, read from given maps in the order the server reads its
 * real sources: system properties (ordinal 400) above the environment (300). One place, so that
 * every test reads settings the same way.
 */
public final class TestSettings {

  private TestSettings() {}

  /** Settings of these environment variables and system properties. */
  public static ServerSettings of(Map<String, String> environment, Map<String, String> properties) {
    return new ServerSettings(
        new SmallRyeConfigBuilder()
            .withSources(
                new EnvConfigSource(environment, 300),
                new PropertiesConfigSource(properties, "system properties", 400))
            .build());
  }

  /** Settings of these environment variables alone. */
  public static ServerSettings environment(Map<String, String> environment) {
    return of(environment, Map.of());
  }
}
