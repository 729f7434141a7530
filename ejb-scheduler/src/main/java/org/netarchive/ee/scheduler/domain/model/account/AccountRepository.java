package org.netarchive.ee.scheduler.domain.model.account;

import java.util.Optional;

/** Where accounts are kept. */
public interface AccountRepository {
  Optional<Account> find(String username);

  void add(Account account);

  /** How many enabled accounts have {@code role}. */
  long countEnabledWithRole(Role role);
}
