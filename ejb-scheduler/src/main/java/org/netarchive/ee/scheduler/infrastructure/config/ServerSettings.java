package org.netarchive.ee.scheduler.infrastructure.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Typed reads of the server's static settings through MicroProfile Config, the one mechanism for
 * them: a setting such as {@code nas.index.cache.dir} is the system property of that name or, by
 * MicroProfile Config's mapping of names to environment variables (upper case, every character
 * other than a letter or digit made {@code _}), the environment variable {@code
 * NAS_INDEX_CACHE_DIR}; a system property wins. Config sources of the server configuration come on
 * top (configure-messaging.cli writes the installation's names into one). A blank value counts as
 * unset. A bad value is refused naming the setting, both its names and the value, since operators
 * set either.
 */
public final class ServerSettings {

  private final Config config;

  /** Settings read from the given configuration (tests build one of their own). */
  public ServerSettings(Config config) {
    this.config = config;
  }

  /** The settings of the deployment that calls (its class loader's MicroProfile Config). */
  public static ServerSettings current() {
    return new ServerSettings(ConfigProvider.getConfig());
  }

  /** The environment variable a setting is also read from: {@code NAS_X_Y} for {@code nas.x-y}. */
  public static String environmentVariable(String name) {
    return name.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
  }

  /** A setting's text, stripped; empty if unset or blank. */
  public Optional<String> text(String name) {
    return config
        .getOptionalValue(name, String.class)
        .map(String::strip)
        .filter(value -> !value.isEmpty());
  }

  /**
   * A secret (a password, credentials) exactly as given, from the first config source that has a
   * non-blank value. Read from the sources directly because MicroProfile Config expands {@code
   * ${...}} and {@code $$} in values, which would change a password that contains them.
   */
  public Optional<String> secret(String name) {
    for (ConfigSource source : config.getConfigSources()) {
      String value = source.getValue(name);
      if (value != null && !value.isBlank()) {
        return Optional.of(value);
      }
    }
    return Optional.empty();
  }

  /** A whole number of at least 0, or the default when unset. */
  public long wholeNumber(String name, long defaultValue) {
    Optional<String> value = text(name);
    if (value.isEmpty()) {
      return defaultValue;
    }
    try {
      long parsed = Long.parseLong(value.get());
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw refusal(name, "must be a whole number of at least 0", value.get());
  }

  /** {@code true} or {@code false} (any case), or the default when unset. */
  public boolean flag(String name, boolean defaultValue) {
    Optional<String> value = text(name);
    if (value.isEmpty()) {
      return defaultValue;
    }
    return switch (value.get().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw refusal(name, "must be true or false", value.get());
    };
  }

  /** The parts of a list separated by {@code ,}, stripped, blank ones left out. */
  public List<String> list(String name) {
    List<String> parts = new ArrayList<>();
    text(name)
        .ifPresent(
            value -> {
              for (String part : value.split(",")) {
                if (!part.isBlank()) {
                  parts.add(part.strip());
                }
              }
            });
    return parts;
  }

  /** An absolute directory, or empty when unset. */
  public Optional<Path> absoluteDirectory(String name) {
    Optional<String> value = text(name);
    if (value.isEmpty()) {
      return Optional.empty();
    }
    Path dir = Path.of(value.get());
    if (!dir.isAbsolute()) {
      throw refusal(name, "must be an absolute directory", value.get());
    }
    return Optional.of(dir);
  }

  /**
   * The refusal of a setting's value: {@code NAS_X (nas.x) must be ..., was 'value'}. Not for
   * secrets, whose value must never be shown.
   */
  public static IllegalStateException refusal(String name, String requirement, String value) {
    return new IllegalStateException(
        environmentVariable(name) + " (" + name + ") " + requirement + ", was '" + value + "'");
  }
}
