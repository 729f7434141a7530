package org.netarchive.ee.scheduler.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.domain.model.account.Account;
import org.netarchive.ee.scheduler.domain.model.account.AccountRepository;
import org.netarchive.ee.scheduler.domain.model.account.PasswordDigest;
import org.netarchive.ee.scheduler.domain.model.account.Role;

/**
 * Creates the first accounts when an installation starts for the first time, so there is never a
 * fixed default password:
 *
 * <ul>
 *   <li>{@code admin}, when no enabled admin exists: its password is NAS_ADMIN_PASSWORD (or the
 *       system property {@code netarchive.admin.password}) if set, otherwise a random one that is
 *       printed once, in the server log;
 *   <li>{@code agent}, the harvester agents' broker account, only when NAS_AGENT_PASSWORD (or
 *       {@code netarchive.agent.password}) is set and no enabled agent account exists.
 * </ul>
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

  @Inject private AccountRepository accounts;

  private final Clock clock = Clock.systemUTC();

  @PostConstruct
  void createMissingAccounts() {
    if (accounts.countEnabledWithRole(Role.ADMIN) == 0 && accounts.find(ADMIN).isEmpty()) {
      Optional<String> configured = setting("NAS_ADMIN_PASSWORD", "netarchive.admin.password");
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
        LOG.warning(
            "\n*** Created the first administrator account ***"
                + "\n***   user:     admin"
                + "\n***   password: "
                + password
                + "\n*** This password is shown only once. Log in and keep it safe. ***");
      }
    }
    Optional<String> agentPassword = setting("NAS_AGENT_PASSWORD", "netarchive.agent.password");
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

  private static Optional<String> setting(String environmentVariable, String systemProperty) {
    String value = System.getProperty(systemProperty);
    if (value == null || value.isBlank()) {
      value = System.getenv(environmentVariable);
    }
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
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
