package org.netarchive.ee.web.interfaces.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlerTraps;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.Seeds;

/**
 * What the UI shows of the services' and the model's refusals ({@link Texts#failure}): in English
 * exactly their messages (as the REST API says them), in the other languages the same refusal with
 * the same values, and the English message where a refusal has no text by key.
 */
class RefusalTextsTest {

  private static final Text SEEDS = Text.of("owner.seedList", "news", "kb.dk");

  /** Real refusals of the domain model, by the value the texts must show. */
  private static Map<String, RuntimeException> refusals() {
    Domain kb = Domain.create(DomainName.of("kb.dk"), 1L, CrawlSettings.defaults(), Instant.EPOCH);
    CrawlSettings d = CrawlSettings.defaults();
    List<String> tooMany =
        IntStream.range(0, 70000).mapToObj(i -> "http://kb.dk/page/" + i).toList();
    kb.addSeedList("taken", List.of("http://kb.dk/"), null);
    Map<String, RuntimeException> refusals = new HashMap<>();
    refusals.put("70000", refused(() -> kb.addSeedList("many", tooMany, null)));
    refusals.put("taken", refused(() -> kb.addSeedList("taken", List.of("http://kb.dk/"), null)));
    refusals.put("kb.dk", refused(() -> kb.makeAliasOf(kb, false, Instant.EPOCH)));
    refusals.putAll(
        Map.of(
            "htp://kb.dk",
            refused(() -> Seeds.validate(SEEDS, List.of("htp://kb.dk"))),
            "http://kb dk/",
            refused(() -> Seeds.validate(SEEDS, List.of("http://kb dk/"))),
            "http:///news",
            refused(() -> Seeds.validate(SEEDS, List.of("http:///news"))),
            "!news",
            refused(() -> kb.addSeedList("!news", List.of("http://kb.dk/"), null)),
            "0",
            refused(() -> kb.addConfiguration("c", 1L, d.withLimits(0, -1))),
            "-7",
            refused(() -> kb.addConfiguration("c", 1L, d.withLimits(-1, -7))),
            "100001",
            refused(
                () ->
                    kb.addConfiguration("c", 1L, new CrawlSettings(-1, -1, 100001, 5, true, true))),
            "5000",
            refused(
                () ->
                    kb.addConfiguration("c", 1L, new CrawlSettings(-1, -1, 60, 5000, true, true))),
            "(unclosed",
            refused(
                () ->
                    CrawlerTraps.validate(
                        Text.of("owner.domain", "kb.dk"), List.of("(unclosed")))));
    return refusals;
  }

  private static RuleViolation refused(Executable action) {
    RuleViolation violation =
        catchThrowableOfType(
            RuleViolation.class,
            () -> {
              try {
                action.execute();
              } catch (RuntimeException e) {
                throw e;
              } catch (Throwable t) {
                throw new AssertionError(t);
              }
            });
    assertThat(violation).as("refused by a rule").isNotNull();
    return violation;
  }

  @Test
  void givenRefusalsOfTheModel_whenSaidInEnglish_thenTheTextIsTheModelsOwnMessage() {
    refusals()
        .forEach(
            (value, e) ->
                assertThat(Texts.failure(e, Locale.ENGLISH)).as(value).isEqualTo(e.getMessage()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"da", "de", "fr", "it"})
  void givenRefusalsOfTheModel_whenSaidInAnotherLanguage_thenTheTextIsTranslatedWithTheValue(
      String language) {
    refusals()
        .forEach(
            (value, e) -> {
              String text = Texts.failure(e, Locale.of(language));
              assertThat(text).as(value).isNotEqualTo(e.getMessage()).doesNotContain("{");
              assertThat(text).as(value).contains(value);
            });
  }

  @Test
  void givenTheDanishView_whenAConfigurationLimitIsRefused_thenTheWholeSentenceIsDanish() {
    assertThat(Texts.failure(refusals().get("5000"), Locale.of("da")))
        .isEqualTo(
            "Højst antal hop for konfigurationen 'c' af domænet 'kb.dk' skal være 0 til 1000, ikke 5000");
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "da", "de", "fr", "it"})
  void givenAStaleEdit_whenSaid_thenEnglishIsTheServicesMessageAndOthersHaveTheVersions(
      String language) {
    StaleEditException stale = new StaleEditException(Text.of("subject.domain", "kb.dk"), 7, 5);

    String text = Texts.failure(stale, Locale.of(language));

    if (language.equals("en")) {
      assertThat(text).isEqualTo(stale.getMessage());
    } else {
      assertThat(text).isNotEqualTo(stale.getMessage()).contains("kb.dk", "7", "5");
    }
  }

  @Test
  void givenAServiceRefusalForAField_whenSaidInGerman_thenItIsGerman() {
    InvalidFieldException refused =
        new InvalidFieldException("name", Text.of("schedule.exists", "Nightly"));
    NotFoundException missing = new NotFoundException(Text.of("harvest.notFound", "Election"));

    assertThat(Texts.failure(refused, Locale.GERMAN))
        .isEqualTo(
            "Der Zeitplan 'Nightly' existiert bereits; wählen Sie einen anderen Namen oder ändern"
                + " Sie jenen");
    assertThat(Texts.failure(missing, Locale.FRENCH))
        .isEqualTo("Aucune collecte ne s’appelle « Election »");
  }

  @Test
  void givenARefusalWithoutAText_whenSaid_thenItsOwnMessageIsShown() {
    RuleViolation unknown = new RuleViolation("x", "no.such.rule", "The model's words", 1);
    InvalidFieldException plain = new InvalidFieldException("x", "Only in English");

    assertThat(Texts.failure(unknown, Locale.of("da"))).isEqualTo("The model's words");
    assertThat(Texts.failure(plain, Locale.of("da"))).isEqualTo("Only in English");
  }

  @Test
  void givenAWrapperThatSaysMoreThanItsCause_whenSaid_thenTheWrappersEnglishIsShownNotLess() {
    RuleViolation cause = new RuleViolation(null, Text.of("domain.exists", "kb.dk"));
    IllegalArgumentException wrapper =
        new IllegalArgumentException("Line 3: " + cause.getMessage(), cause);
    InvalidFieldException same = new InvalidFieldException("domain", cause.getMessage(), cause);

    assertThat(Texts.failure(wrapper, Locale.of("da"))).isEqualTo(wrapper.getMessage());
    assertThat(Texts.failure(same, Locale.of("da"))).isEqualTo("Domænet 'kb.dk' findes allerede");
  }
}
