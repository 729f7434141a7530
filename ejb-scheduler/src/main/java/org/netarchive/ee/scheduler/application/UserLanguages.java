package org.netarchive.ee.scheduler.application;

import jakarta.annotation.Resource;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.account.Account;
import org.netarchive.ee.scheduler.domain.model.account.AccountRepository;

/**
 * The admin UI's language each person chose, kept with the account so that it holds across logins.
 * Only the caller's own choice is read and changed: the account is the caller's principal, never a
 * name passed in.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class UserLanguages {

  @Inject private AccountRepository accounts;

  @Resource private SessionContext session;

  /** The language the caller chose, by code (one of {@link Account#LANGUAGES}); empty: none. */
  public Optional<String> chosen() {
    return accounts.find(caller()).flatMap(Account::language);
  }

  /**
   * Keeps the caller's choice.
   *
   * @param code one of {@link Account#LANGUAGES}; {@code null} or blank for the browser's language
   * @throws IllegalArgumentException naming the code if the UI does not speak it
   */
  public void choose(String code) {
    String username = caller();
    Account account =
        accounts
            .find(username)
            .orElseThrow(
                () -> new IllegalArgumentException("There is no account '" + username + "'"));
    account.chooseLanguage(code);
  }

  private String caller() {
    return session.getCallerPrincipal().getName();
  }
}
