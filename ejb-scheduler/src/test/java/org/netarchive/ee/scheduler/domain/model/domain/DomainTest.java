package org.netarchive.ee.scheduler.domain.model.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.Text;

class DomainTest {

  private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

  private static Domain domain(String name) {
    return Domain.create(DomainName.of(name), 1L, CrawlSettings.defaults(), NOW);
  }

  private static final DomainPassword.Login INTRANET =
      DomainPassword.Login.http("https://kb.dk/intra", "Intra", "crawler");

  @Test
  void givenNewDomain_whenCreated_thenItHasTheDefaultConfigurationAndSeedList() {
    Domain domain = domain("kb.dk");

    DomainConfiguration configuration = domain.defaultConfiguration();
    assertThat(configuration.name()).isEqualTo(Domain.DEFAULT_CONFIGURATION);
    assertThat(configuration.settings().maxBytes()).isEqualTo(CrawlSettings.DEFAULT_MAX_BYTES);
    assertThat(configuration.settings().maxObjects()).isEqualTo(DomainConfiguration.UNLIMITED);
    assertThat(configuration.seedLists())
        .singleElement()
        .satisfies(
            list -> {
              assertThat(list.name()).isEqualTo(Domain.DEFAULT_SEED_LIST);
              assertThat(list.seeds()).containsExactly("http://www.kb.dk");
            });
    assertThat(domain.topLevelDomain()).isEqualTo("dk");
  }

  @Test
  void givenIpDomain_whenCreated_thenTheSeedIsTheAddress() {
    assertThat(domain("127.0.0.1").seedLists().get(0).seeds()).containsExactly("http://127.0.0.1/");
  }

  @Test
  void givenSeeds_whenAddingASeedList_thenBlankLinesCommentsAndDuplicatesAreDropped() {
    Domain domain = domain("kb.dk");

    SeedList list =
        domain.addSeedList(
            "news",
            List.of(
                " https://kb.dk/news ", "", "# comment", "https://kb.dk/news", "http://kb.dk/a"),
            null);

    assertThat(list.seeds()).containsExactly("https://kb.dk/news", "http://kb.dk/a");
  }

  @Test
  void givenSeedThatIsNotHttp_whenAddingASeedList_thenTheErrorNamesSeedListAndDomain() {
    Domain domain = domain("kb.dk");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> domain.addSeedList("default", List.of("htp://x"), null))
        .withMessage(
            "Seed 'htp://x' in seed list 'default' of domain 'kb.dk' is not an http(s) URL");
  }

  @Test
  void givenDuplicateName_whenAddingConfiguration_thenRefused() {
    Domain domain = domain("kb.dk");

    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                domain.addConfiguration(Domain.DEFAULT_CONFIGURATION, 1L, CrawlSettings.defaults()))
        .withMessageContaining("already has a configuration named 'defaultconfig'");
  }

  @Test
  void givenInvalidLimits_whenAddingConfiguration_thenTheErrorNamesFieldAndValue() {
    Domain domain = domain("kb.dk");

    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> domain.addConfiguration("small", 1L, CrawlSettings.defaults().withLimits(0, 100)))
        .withMessageContaining("Max objects of configuration 'small' of domain 'kb.dk'")
        .withMessageContaining("not 0");
  }

  @Test
  void givenInvalidRegex_whenSettingCrawlerTraps_thenTheErrorNamesTheExpression() {
    Domain domain = domain("kb.dk");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> domain.changeCrawlerTraps(List.of(".*calendar.*", "(unclosed")))
        .withMessageStartingWith(
            "Crawler trap '(unclosed' of domain 'kb.dk' is not a valid regular expression");
  }

  @Test
  void givenValidTraps_whenSetting_thenBlankAndDuplicateLinesAreDropped() {
    Domain domain = domain("kb.dk");

    domain.changeCrawlerTraps(List.of(".*calendar.*", " ", ".*calendar.*", ".*\\?sort=.*"));

    assertThat(domain.crawlerTraps()).containsExactly(".*calendar.*", ".*\\?sort=.*");
  }

  @Test
  void givenAliasRules_whenMakingAliases_thenChainsAndSelfAreRefused() {
    Domain kb = domain("kb.dk");
    Domain royal = domain("kongeligebibliotek.dk");
    Domain other = domain("netarkivet.dk");

    royal.makeAliasOf(kb, false, NOW);
    assertThat(royal.aliasOf()).contains(kb);
    assertThat(royal.aliasSetAt()).contains(NOW);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> kb.makeAliasOf(kb, false, NOW))
        .withMessageContaining("itself");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> other.makeAliasOf(royal, false, NOW))
        .withMessageContaining("'kongeligebibliotek.dk' is itself an alias of 'kb.dk'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> kb.makeAliasOf(other, true, NOW))
        .withMessageContaining("has aliases itself");

    royal.makeAliasOf(null, false, NOW);
    assertThat(royal.aliasOf()).isEmpty();
  }

  @Test
  void givenSeedListOfAnotherDomain_whenUsedInConfiguration_thenRefused() {
    Domain kb = domain("kb.dk");
    Domain other = domain("netarkivet.dk");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> kb.defaultConfiguration().useSeedLists(other.seedLists()))
        .withMessageContaining("belongs to domain 'netarkivet.dk'");
  }

  @Test
  void givenPassword_whenAdded_thenValidatedAndKeptForTheCrawlerOnly() {
    Domain kb = domain("kb.dk");

    DomainPassword password =
        kb.addPassword("intranet", INTRANET, owner -> "sealed for " + owner, null);

    assertThat(password.sealedPassword()).isEqualTo("sealed for kb.dk/intranet");
    assertThat(password.legacyClearPassword()).isNull();
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                kb.addPassword(
                    "bad", DomainPassword.Login.http("ftp://kb.dk", "r", "u"), o -> "x", null))
        .withMessageContaining("'ftp://kb.dk'");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                kb.addPassword(
                    "form",
                    new DomainPassword.Login("https://kb.dk/login", null, "u", "user", " "),
                    o -> "x",
                    null))
        .withMessageContaining("login form's password field");
  }

  @Test
  void givenPasswordNoConfigurationUses_whenRemoved_thenItIsGone() {
    Domain kb = domain("kb.dk");
    kb.addPassword("intranet", INTRANET, owner -> "sealed", null);

    kb.removePassword("intranet");

    assertThat(kb.passwords()).isEmpty();
    assertThat(kb.findPassword("intranet")).isEmpty();
  }

  @Test
  void givenPasswordAConfigurationUses_whenRemoved_thenRefusedNamingTheConfiguration() {
    Domain kb = domain("kb.dk");
    DomainPassword password = kb.addPassword("intranet", INTRANET, owner -> "sealed", null);
    kb.defaultConfiguration().usePasswords(List.of(password));

    assertThatIllegalArgumentException()
        .isThrownBy(() -> kb.removePassword("intranet"))
        .withMessage(
            "Password 'intranet' of domain 'kb.dk' is used by the configuration 'defaultconfig';"
                + " take it out of that configuration first");
    assertThat(kb.passwords()).containsExactly(password);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> kb.removePassword("extranet"))
        .withMessageContaining("no password named 'extranet'");
  }

  @Test
  void givenPasswordParts_whenChecked_thenEachRefusalNamesTheEntryAndThePart() {
    String owner = DomainPassword.owner("kb.dk", "intranet");

    assertThat(DomainPassword.validUrl(owner, " https://kb.dk/intra "))
        .isEqualTo("https://kb.dk/intra");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DomainPassword.validUrl(owner, "kb.dk/intra"))
        .withMessage(
            "The URL 'kb.dk/intra' of password 'intranet' of domain 'kb.dk' is not an http(s) URL");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DomainPassword.required(owner, "realm", " "))
        .withMessage("The realm of password 'intranet' of domain 'kb.dk' is required");
  }

  @Test
  void givenALoginFormOnAnotherDomain_whenChecked_thenRefusedNamingTheHost() {
    Text owner = DomainPassword.ownerText("kb.dk", "members");

    assertThat(DomainPassword.validLoginFormUrl("kb.dk", owner, "https://www.KB.dk/login"))
        .isEqualTo("https://www.KB.dk/login");
    assertThat(DomainPassword.validLoginFormUrl("kb.dk", owner, "http://kb.dk:8080/login"))
        .isEqualTo("http://kb.dk:8080/login");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> DomainPassword.validLoginFormUrl("kb.dk", owner, "https://notkb.dk/login"))
        .withMessage(
            "The login form URL 'https://notkb.dk/login' of password 'members' of domain 'kb.dk'"
                + " is on notkb.dk, not on the domain kb.dk: a login form must be on one of the"
                + " domain's own hosts");
  }

  @Test
  void givenInternationalisedSeed_whenAddingASeedList_thenTheCrawlerGetsItsAsciiForm() {
    Domain domain = domain("københavn.dk");

    SeedList list = domain.addSeedList("idn", List.of("http://www.københavn.dk/æble?q=ø"), null);

    assertThat(list.seeds()).containsExactly("http://www.xn--kbenhavn-54a.dk/%C3%A6ble?q=%C3%B8");
  }
}
