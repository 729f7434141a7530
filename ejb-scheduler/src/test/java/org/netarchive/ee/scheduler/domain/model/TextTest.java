package org.netarchive.ee.scheduler.domain.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.application.Fields;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.InvalidScheduleException;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;

/**
 * What the services and the model say by key: their English is the message the REST API and the
 * logs show, unchanged; in another language the same refusal is said with the same values, and the
 * things it names (a configuration of a domain, a harvest) in that language too.
 */
class TextTest {

  private static final Locale DANISH = Locale.of("da");

  private static RuleViolation maxHops() {
    Domain kb = Domain.create(DomainName.of("kb.dk"), 1L, CrawlSettings.defaults(), Instant.EPOCH);
    return catchThrowableOfType(
        RuleViolation.class,
        () -> kb.addConfiguration("deep", 1L, new CrawlSettings(-1, -1, 60, 5000, true, true)));
  }

  @Test
  void givenARefusalOfTheModel_whenReadInEnglish_thenItIsTheMessageAsItWasWritten() {
    RuleViolation refused = maxHops();

    assertThat(refused.getMessage())
        .isEqualTo(
            "Max hops of configuration 'deep' of domain 'kb.dk' must be 0 to 1000, not 5000");
    assertThat(refused.text().english()).isEqualTo(refused.getMessage());
    assertThat(refused.text().in(Locale.ENGLISH)).isEqualTo(refused.getMessage());
    assertThat(refused.rule()).isEqualTo("configuration.maxHops");
    assertThat(refused.values()).containsExactly("configuration 'deep' of domain 'kb.dk'", "5000");
    assertThat(refused.field()).isEqualTo("maxHops");
  }

  @Test
  void givenARefusalNamingAThing_whenSaidInDanish_thenTheThingIsNamedInDanishToo() {
    assertThat(maxHops().text().in(DANISH))
        .isEqualTo(
            "Højst antal hop for konfigurationen 'deep' af domænet 'kb.dk' skal være 0 til 1000,"
                + " ikke 5000");
  }

  @ParameterizedTest
  @ValueSource(strings = {"da", "de", "fr", "it"})
  void givenARefusal_whenSaidInAnotherLanguage_thenItDiffersFromEnglishAndKeepsTheValues(
      String language) {
    String said = maxHops().text().in(Locale.of(language));

    assertThat(said).isNotEqualTo(maxHops().getMessage()).contains("deep", "kb.dk", "5000");
    assertThat(said).doesNotContain("configuration 'deep'", "{");
  }

  @Test
  void givenTheServerInGerman_whenSaidInEnglishOrAnUnknownLanguage_thenTheBaseFileIsUsed() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMAN);
      Text text = Text.of("domain.notFound", "kb.dk");

      assertThat(text.in(Locale.ENGLISH)).isEqualTo("No domain named 'kb.dk'");
      assertThat(text.in(Locale.JAPANESE)).isEqualTo("No domain named 'kb.dk'");
      assertThat(text.in(Locale.GERMAN)).isEqualTo("Es gibt keine Domäne namens 'kb.dk'");
    } finally {
      Locale.setDefault(before);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "da", "de", "fr", "it"})
  void givenANumberArgument_whenSaid_thenItIsWrittenAsGivenWithoutGrouping(String language) {
    assertThat(Text.of("job.notFound", 1234567L).in(Locale.of(language))).contains("1234567");
  }

  @Test
  void givenVerbatimAndJoinedTexts_whenSaid_thenVerbatimIsAsGivenAndPartsAreSaidInTheLanguage() {
    Text owner = Text.verbatim("line 7");
    Text joined = Text.joined(List.of(Text.of("anchor.weekday"), Text.of("anchor.hourOfDay")));

    assertThat(Text.of("seed.notHttp", owner, "ftp://x").in(DANISH))
        .isEqualTo("Seedet 'ftp://x' i line 7 er ikke en http(s)-adresse");
    assertThat(joined.english()).isEqualTo("weekday, hour of day");
    assertThat(joined.in(DANISH)).isEqualTo("ugedag, time");
  }

  @Test
  void givenAStaleEdit_whenSaid_thenTheEnglishIsAsBeforeAndTheDanishNamesTheThingInDanish() {
    StaleEditException stale = new StaleEditException(Text.of("subject.domain", "kb.dk"), 7, 5);

    assertThat(stale.getMessage())
        .isEqualTo(
            "Domain 'kb.dk' was changed by someone else meanwhile (now version 7, the edit was made"
                + " on version 5); reload it and make the change again");
    assertThat(stale.what()).isEqualTo("Domain 'kb.dk'");
    assertThat(stale.text().in(DANISH)).startsWith("Domænet 'kb.dk' er imens blevet ændret");
  }

  @Test
  void givenARefusalTiedToAField_whenChecked_thenTheFieldsRefusalCarriesTheText() {
    InvalidFieldException refused =
        catchThrowableOfType(
            InvalidFieldException.class,
            () ->
                Fields.check(
                    "seeds",
                    () -> {
                      throw new RuleViolation(null, Text.of("domain.exists", "kb.dk"));
                    }));

    assertThat(refused.field()).isEqualTo("seeds");
    assertThat(refused.getMessage()).isEqualTo("Domain 'kb.dk' exists already");
    assertThat(refused.text().in(Locale.FRENCH)).isEqualTo("Le domaine « kb.dk » existe déjà");
  }

  @Test
  void
      givenAScheduleRefusedInsideItsFrequency_whenSaidInFrench_thenTheScheduleAndTheRuleAreFrench() {
    InvalidScheduleException refused =
        catchThrowableOfType(
            InvalidScheduleException.class,
            () -> Schedule.builder("Nightly").every(0, FrequencyUnit.DAYS).build());

    assertThat(refused.getMessage())
        .isEqualTo("Schedule 'Nightly': number of days between runs must be 1-1000, not 0");
    assertThat(refused.text().in(Locale.FRENCH))
        .isEqualTo(
            "Calendrier « Nightly » : le nombre de jours entre les exécutions doit être de 1 à"
                + " 1000, pas 0");
  }
}
