package org.netarchive.ee.scheduler.application;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.domain.model.account.Account;
import org.netarchive.ee.scheduler.domain.model.account.AccountRepository;
import org.netarchive.ee.scheduler.domain.model.account.PasswordDigest;
import org.netarchive.ee.scheduler.domain.model.account.Role;

/** Accounts of people and agents; only administrators manage them. */
@Stateless
@RolesAllowed("admin")
public class Accounts {

  /** Shortest password accepted. */
  public static final int MIN_PASSWORD_LENGTH = 10;

  @Inject private AccountRepository accounts;

  private final Clock clock = Clock.systemUTC();

  /**
   * An account as shown: never the password.
   *
   * @param username the user name
   * @param roles its role names
   * @param enabled whether it may log in
   */
  public record AccountView(String username, List<String> roles, boolean enabled) {}

  /** Creates an account; its roles by name (admin, curator, viewer, agent). */
  public AccountView create(String username, String password, List<String> roleNames) {
    if (accounts.find(username).isPresent()) {
      throw new IllegalArgumentException("An account named '" + username + "' exists already");
    }
    if (password == null || password.length() < MIN_PASSWORD_LENGTH) {
      throw new IllegalArgumentException(
          "The password of account '"
              + username
              + "' must have at least "
              + MIN_PASSWORD_LENGTH
              + " characters");
    }
    Set<Role> roles = roleNames.stream().map(Role::fromRoleName).collect(Collectors.toSet());
    Account account =
        new Account(username, PasswordDigest.of(password.toCharArray()), roles, clock.instant());
    accounts.add(account);
    return view(account);
  }

  private static AccountView view(Account account) {
    return new AccountView(
        account.username(),
        account.roles().stream().map(Role::roleName).sorted().toList(),
        account.enabled());
  }
}
