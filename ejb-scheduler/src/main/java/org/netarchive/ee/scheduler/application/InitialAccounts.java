package org.netarchive.ee.scheduler.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.domain.model.account.Account;
import org.netarchive.ee.scheduler.domain.model.account.AccountRepository;
import org.netarchive.ee.scheduler.domain.model.account.PasswordDigest;
import org.netarchive.ee.scheduler.domain.model.account.Role;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * Creates the first accounts when an installation starts for the first time, so there is never a
 * fixed default password:
 *
 * <ul>
 *   <li>{@code admin}, when no enabled admin exists: its password is NAS_ADMIN_PASSWORD (or the
 *       system property {@code netarchive.admin.password}) if set, otherwise a random one written
 *       to a file only the server's user may read (NAS_ADMIN_PASSWORD_FILE, default {@code
 *       admin-password} in the server's data directory), never to the log: a log line would also
 *       reach the console output, the log files and the system page's recent warnings. The run
 *       script shows it on the terminal and deletes the file;
 *   <li>{@code agent}, the harvester agents' broker account, only when NAS_AGENT_PASSWORD (or
 *       {@code netarchive.agent.password}) is set and no enabled agent account exists.
 * </ul>
 *
 * <p>The settings are read through MicroProfile Config ({@link ServerSettings}): {@code
 * netarchive.admin.password} first, then {@code nas.admin.password}, which is also the environment
 * variable NAS_ADMIN_PASSWORD; likewise for the others.
 */
@PermitAll
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class InitialAccounts {

  static final String ADMIN = "admin";
  static final String AGENT = "agent";

  private static final Logger LOG = Logger.getLogger(InitialAccounts.class.getName());
  private static final String ALPHABET =
      "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

  @Inject AccountRepository accounts;

  /** Read when the accounts are made (a test sets its own). */
  ServerSettings settings;

  private final Clock clock = Clock.systemUTC();

  @PostConstruct
  void createMissingAccounts() {
    if (settings == null) {
      settings = ServerSettings.current();
    }
    if (accounts.countEnabledWithRole(Role.ADMIN) == 0 && accounts.find(ADMIN).isEmpty()) {
      Optional<String> configured = secret("netarchive.admin.password", "nas.admin.password");
      String password = configured.orElseGet(InitialAccounts::randomPassword);
      accounts.add(
          new Account(
              ADMIN,
              PasswordDigest.of(password.toCharArray()),
              Set.of(Role.ADMIN, Role.CURATOR, Role.VIEWER),
              clock.instant()));
      if (configured.isPresent()) {
        LOG.warning(
            "Created the first administrator account 'admin' (password from NAS_ADMIN_PASSWORD).");
      } else {
        Path file = writeOwnerOnly(adminPasswordFile(), password);
        LOG.warning(
            "Created the first administrator account 'admin'; its password is in "
                + file
                + " (readable by this server's user only): read it, keep it safe, delete the file.");
      }
    }
    Optional<String> agentPassword = secret("netarchive.agent.password", "nas.agent.password");
    if (agentPassword.isPresent()
        && accounts.countEnabledWithRole(Role.AGENT) == 0
        && accounts.find(AGENT).isEmpty()) {
      accounts.add(
          new Account(
              AGENT,
              PasswordDigest.of(agentPassword.get().toCharArray()),
              Set.of(Role.AGENT),
              clock.instant()));
      LOG.info(
          "Created the harvester agents' broker account 'agent' (password from NAS_AGENT_PASSWORD).");
    }
  }

  /** The first of the two names that is set: the system property's, then the NAS_ one. */
  private Optional<String> secret(String systemProperty, String setting) {
    return settings.secret(systemProperty).or(() -> settings.secret(setting));
  }

  private Path adminPasswordFile() {
    return settings
        .text("netarchive.admin.password.file")
        .or(() -> settings.text("nas.admin.password.file"))
        .map(Path::of)
        .orElseGet(
            () -> Path.of(System.getProperty("jboss.server.data.dir", "."), "admin-password"));
  }

  /** Creates the file with owner-only permissions from the start (never readable by others). */
  private static Path writeOwnerOnly(Path file, String text) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.deleteIfExists(file);
      if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
        Files.createFile(
            file,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      } else {
        Files.createFile(file);
      }
      Files.writeString(file, text + "\n", StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write the first administrator's password to "
              + file
              + "; set NAS_ADMIN_PASSWORD_FILE to a writable path, or NAS_ADMIN_PASSWORD",
          e);
    }
  }

  private static String randomPassword() {
    SecureRandom random = new SecureRandom();
    StringBuilder password = new StringBuilder(20);
    for (int i = 0; i < 20; i++) {
      password.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return password.toString();
  }
}
