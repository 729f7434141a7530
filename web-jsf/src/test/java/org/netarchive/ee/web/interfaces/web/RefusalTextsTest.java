package org.netarchive.ee.web.interfaces.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlerTraps;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.Seeds;

/**
 * The UI's texts of the domain model's refusals: the English ones are exactly the model's messages,
 * the Danish ones are filled in from the same values, and every rule text has a real refusal here.
 */
class RefusalTextsTest {

  private static final ResourceBundle ENGLISH =
      ResourceBundle.getBundle(Texts.BUNDLE, Locale.ENGLISH);
  private static final ResourceBundle DANISH =
      ResourceBundle.getBundle(Texts.BUNDLE, Locale.of("da"));
  private static final String SEEDS = "seed list 'news' of domain 'kb.dk'";

  /** Real refusals of the domain model, by the value the texts must show. */
  private static Map<String, RuleViolation> refusals() {
    Domain kb = Domain.create(DomainName.of("kb.dk"), 1L, CrawlSettings.defaults(), Instant.EPOCH);
    CrawlSettings d = CrawlSettings.defaults();
    List<String> tooMany =
        IntStream.range(0, 70000).mapToObj(i -> "http://kb.dk/page/" + i).toList();
    Map<String, RuleViolation> refusals = new HashMap<>();
    refusals.put("70000", refused(() -> kb.addSeedList("many", tooMany, null)));
    refusals.putAll(
        Map.of(
            "htp://kb.dk",
            refused(() -> Seeds.validate(SEEDS, List.of("htp://kb.dk"))),
            "http://kb dk/",
            refused(() -> Seeds.validate(SEEDS, List.of("http://kb dk/"))),
            "http:///news",
            refused(() -> Seeds.validate(SEEDS, List.of("http:///news"))),
            "news",
            refused(() -> kb.addSeedList("news", List.of("# none"), null)),
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
            refused(() -> CrawlerTraps.validate("domain 'kb.dk'", List.of("(unclosed")))));
    return refusals;
  }

  private static RuleViolation refused(Executable action) {
    RuleViolation violation =
        catchThrowableOfType(
            () -> {
              try {
                action.execute();
              } catch (RuntimeException e) {
                throw e;
              } catch (Throwable t) {
                throw new AssertionError(t);
              }
            },
            RuleViolation.class);
    assertThat(violation).as("refused by a rule").isNotNull();
    return violation;
  }

  @Test
  void givenRefusalsOfTheModel_whenSaidInEnglish_thenTheTextIsTheModelsOwnMessage() {
    refusals()
        .values()
        .forEach(
            v ->
                assertThat(Texts.refusal(v, ENGLISH, Locale.ENGLISH))
                    .as(v.rule())
                    .isEqualTo(v.getMessage()));
  }

  @Test
  void givenRefusalsOfTheModel_whenSaidInDanish_thenTheTextIsDanishWithTheValue() {
    refusals()
        .forEach(
            (value, v) -> {
              String danish = Texts.refusal(v, DANISH, Locale.of("da"));
              assertThat(danish).as(v.rule()).isNotEqualTo(v.getMessage()).doesNotContain("{");
              if (!v.rule().equals("seedList.empty")) {
                assertThat(danish).as(v.rule()).contains(value);
              }
            });
    RuleViolation maxHops = refusals().get("5000");
    assertThat(maxHops.field()).isEqualTo("maxHops");
    assertThat(Texts.refusal(maxHops, DANISH, Locale.of("da")))
        .isEqualTo("Højst antal hop skal være 0 til 1000, ikke 5000");
  }

  @ParameterizedTest
  @ValueSource(strings = {"de", "fr", "it"})
  void givenRefusalsOfTheModel_whenSaidInAnotherLanguage_thenTheTextIsTranslatedWithTheValue(
      String language) {
    Locale locale = Locale.of(language);
    ResourceBundle bundle = ResourceBundle.getBundle(Texts.BUNDLE, locale);
    refusals()
        .forEach(
            (value, v) -> {
              String text = Texts.refusal(v, bundle, locale);
              assertThat(text).as(v.rule()).isNotEqualTo(v.getMessage()).doesNotContain("{");
              if (!v.rule().equals("seedList.empty")) {
                assertThat(text).as(v.rule()).contains(value);
              }
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "da", "de", "fr", "it"})
  void givenAStaleEdit_whenSaid_thenEnglishIsTheServicesMessageAndOthersHaveTheVersions(
      String language) {
    StaleEditException stale = new StaleEditException("Domain 'kb.dk'", 7, 5);
    Locale locale = Locale.of(language);

    String text = Texts.staleEdit(stale, ResourceBundle.getBundle(Texts.BUNDLE, locale), locale);

    if (language.equals("en")) {
      assertThat(text).isEqualTo(stale.getMessage());
    } else {
      assertThat(text).isNotEqualTo(stale.getMessage()).contains("Domain 'kb.dk'", "7", "5");
    }
  }

  @Test
  void givenTheBundle_whenListingRuleTexts_thenEachHasARealRefusalAbove() {
    TreeSet<String> texts =
        ENGLISH.keySet().stream()
            .filter(k -> k.startsWith("rule."))
            .map(k -> k.substring("rule.".length()))
            .collect(Collectors.toCollection(TreeSet::new));

    assertThat(refusals().values().stream().map(RuleViolation::rule).collect(Collectors.toSet()))
        .containsAll(texts);
  }

  @Test
  void givenARuleWithoutAText_whenSaid_thenItsOwnMessageIsShown() {
    RuleViolation unknown = new RuleViolation("x", "no.such.rule", "The model's words", 1);

    assertThat(Texts.refusal(unknown, DANISH, Locale.of("da"))).isEqualTo("The model's words");
  }
}
