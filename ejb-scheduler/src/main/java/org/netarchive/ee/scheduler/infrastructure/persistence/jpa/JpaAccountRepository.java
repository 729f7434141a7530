package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.account.Account;
import org.netarchive.ee.scheduler.domain.model.account.AccountRepository;
import org.netarchive.ee.scheduler.domain.model.account.Role;

@ApplicationScoped
public class JpaAccountRepository implements AccountRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<Account> find(String username) {
    return Optional.ofNullable(em.find(Account.class, username));
  }

  @Override
  public void add(Account account) {
    em.persist(account);
  }

  @Override
  public long countEnabledWithRole(Role role) {
    return NamedQueries.count(em, "Account.countWithRole", "role", role);
  }
}
