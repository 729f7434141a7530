package org.netarchive.ee.scheduler.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.scheduler.domain.model.account.Account;
import org.netarchive.ee.scheduler.domain.model.account.AccountRepository;
import org.netarchive.ee.scheduler.domain.model.account.Role;
import org.netarchive.ee.scheduler.infrastructure.config.TestSettings;

class InitialAccountsTest {

  private final List<String> logged = new ArrayList<>();
  private final Logger logger = Logger.getLogger(InitialAccounts.class.getName());
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          logged.add(record.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @AfterEach
  void tearDown() {
    logger.removeHandler(capture);
  }

  @Test
  void givenFirstStartWithoutAPassword_whenCreatingTheAdmin_thenThePasswordIsInAnOwnerOnlyFile(
      @TempDir Path home) throws Exception {
    Path file = home.resolve("secrets/admin-password");
    logger.addHandler(capture);
    InitialAccounts initial = new InitialAccounts();
    Accounts accounts = new Accounts();
    initial.accounts = accounts;
    initial.settings =
        TestSettings.of(Map.of("NAS_ADMIN_PASSWORD_FILE", file.toString()), Map.of());

    initial.createMissingAccounts();

    String password = Files.readString(file).strip();
    assertThat(password).hasSize(20);
    assertThat(accounts.byName.get("admin").password().matches(password.toCharArray())).isTrue();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(logged).isNotEmpty().noneMatch(line -> line.contains(password));
    assertThat(logged).anyMatch(line -> line.contains(file.toString()));
  }

  @Test
  void givenPasswordsInTheEnvironmentAndAsSystemProperties_whenCreating_thenThePropertyWins(
      @TempDir Path home) {
    logger.addHandler(capture);
    InitialAccounts initial = new InitialAccounts();
    Accounts accounts = new Accounts();
    initial.accounts = accounts;
    initial.settings =
        TestSettings.of(
            Map.of(
                "NAS_ADMIN_PASSWORD", "from-the-environment",
                "NAS_AGENT_PASSWORD", "agent-$$-${x}",
                "NAS_ADMIN_PASSWORD_FILE", home.resolve("admin-password").toString()),
            Map.of("netarchive.admin.password", "from-a-property"));

    initial.createMissingAccounts();

    assertThat(accounts.byName.get("admin").password().matches("from-a-property".toCharArray()))
        .isTrue();
    assertThat(accounts.byName.get("agent").password().matches("agent-$$-${x}".toCharArray()))
        .isTrue();
    assertThat(home.resolve("admin-password")).doesNotExist();
    assertThat(logged).noneMatch(line -> line.contains("from-a-property"));
  }

  private static final class Accounts implements AccountRepository {
    final Map<String, Account> byName = new HashMap<>();

    @Override
    public Optional<Account> find(String username) {
      return Optional.ofNullable(byName.get(username));
    }

    @Override
    public void add(Account account) {
      byName.put(account.username(), account);
    }

    @Override
    public long countEnabledWithRole(Role role) {
      return byName.values().stream().filter(a -> a.roles().contains(role)).count();
    }
  }
}
