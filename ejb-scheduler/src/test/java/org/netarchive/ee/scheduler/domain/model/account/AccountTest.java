package org.netarchive.ee.scheduler.domain.model.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AccountTest {

  private static final PasswordDigest PASSWORD = new PasswordDigest("aGFzaA==", "c2FsdA==", 4096);

  @Test
  void givenValidName_whenCreating_thenEnabledWithItsRoles() {
    Account account = new Account("curator.one", PASSWORD, Set.of(Role.CURATOR), Instant.EPOCH);

    assertThat(account.enabled()).isTrue();
    assertThat(account.roles()).containsExactly(Role.CURATOR);
    assertThat(account.password()).isEqualTo(PASSWORD);
  }

  @Test
  void givenInvalidName_whenCreating_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Account("Bad Name", PASSWORD, Set.of(Role.VIEWER), Instant.EPOCH))
        .withMessageContaining("'Bad Name'");
  }

  @Test
  void givenNoRole_whenCreating_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Account("someone", PASSWORD, Set.of(), Instant.EPOCH))
        .withMessageContaining("someone");
  }

  @Test
  void givenRoleNames_whenParsing_thenKnownOnesMapAndUnknownOnesListTheChoices() {
    assertThat(Role.fromRoleName("admin")).isEqualTo(Role.ADMIN);
    assertThat(Role.AGENT.roleName()).isEqualTo("agent");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Role.fromRoleName("root"))
        .withMessageContaining("'root'")
        .withMessageContaining("admin, curator, viewer, agent");
  }

  @Test
  void givenANewAccount_whenChoosingLanguages_thenTheChoiceIsKeptAndBlankMeansTheBrowsers() {
    Account account = new Account("curator.two", PASSWORD, Set.of(Role.CURATOR), Instant.EPOCH);
    assertThat(account.language()).isEmpty();

    account.chooseLanguage("fr");
    assertThat(account.language()).contains("fr");

    account.chooseLanguage(" ");
    assertThat(account.language()).isEmpty();
  }

  @Test
  void givenALanguageTheUiDoesNotSpeak_whenChosen_thenRefusedNamingItAndTheChoices() {
    Account account = new Account("curator.three", PASSWORD, Set.of(Role.CURATOR), Instant.EPOCH);
    account.chooseLanguage("de");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> account.chooseLanguage("xx"))
        .withMessageContaining("'xx'")
        .withMessageContaining("en, da, de, fr, it");
    assertThat(account.language()).contains("de");
  }
}
