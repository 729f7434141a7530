package org.netarchive.ee.scheduler.domain.model.harvest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedsByDomain.RefusedSeed;

class SeedsByDomainTest {

  @Test
  void givenSeedsOfSeveralHosts_whenSorted_thenGroupedByDomainInOrderOfFirstAppearance() {
    SeedsByDomain sorted =
        SeedsByDomain.of(
            """
            http://www.kb.dk/
            https://news.bbc.co.uk/world
            https://kb.dk/english
            http://bbc.co.uk/
            """);

    assertThat(sorted.domains())
        .containsExactly(DomainName.of("kb.dk"), DomainName.of("bbc.co.uk"));
    assertThat(sorted.seeds().get(DomainName.of("kb.dk")))
        .containsExactly("http://www.kb.dk/", "https://kb.dk/english");
    assertThat(sorted.seeds().get(DomainName.of("bbc.co.uk")))
        .containsExactly("https://news.bbc.co.uk/world", "http://bbc.co.uk/");
    assertThat(sorted.allAccepted()).isTrue();
  }

  @Test
  void givenAnInternationalisedHost_whenSorted_thenItsDomainAndSeedAreInTheAsciiForm() {
    DomainName domain = DomainName.of("kø.dk");

    SeedsByDomain sorted =
        SeedsByDomain.of(
            List.of("http://www.kø.dk/æble", "http://www." + domain.ascii() + "/%C3%A6ble"));

    assertThat(sorted.refused()).isEmpty();
    assertThat(sorted.domains()).containsExactly(domain);
    assertThat(sorted.seeds().get(domain))
        .containsExactly("http://www." + domain.ascii() + "/%C3%A6ble");
  }

  @Test
  void givenIpAddressHosts_whenSorted_thenEachAddressIsItsOwnDomain() {
    SeedsByDomain sorted = SeedsByDomain.of(List.of("http://192.0.2.7:8080/a", "http://[::1]/"));

    assertThat(sorted.domains()).containsExactly(DomainName.of("192.0.2.7"), DomainName.of("::1"));
  }

  @Test
  void givenBlankLinesCommentsAndRepeats_whenSorted_thenSkippedAndKeptOnce() {
    SeedsByDomain sorted =
        SeedsByDomain.of(
            List.of("", "# election sites", " http://www.kb.dk/ ", "http://www.kb.dk/", "  "));

    assertThat(sorted.seeds().get(DomainName.of("kb.dk"))).containsExactly("http://www.kb.dk/");
    assertThat(sorted.refused()).isEmpty();
  }

  @Test
  void givenLinesOfALongerList_whenSorted_thenRefusalsNameTheirLineInTheWholeList() {
    SeedsByDomain sorted = SeedsByDomain.of(List.of("http://www.kb.dk/", "htp://kb.dk/"), 5001);

    assertThat(sorted.refused())
        .containsExactly(
            new RefusedSeed(
                5002, "htp://kb.dk/", "Seed 'htp://kb.dk/' in line 5002 is not an http(s) URL"));
  }

  @Test
  void givenBadLines_whenSorted_thenEachIsRefusedWithItsLineNumberAndTheOthersAreKept() {
    SeedsByDomain sorted =
        SeedsByDomain.of(
            List.of(
                "http://www.kb.dk/",
                "ftp://kb.dk/files",
                "http://co.uk/",
                "http://intranet/",
                "www.netarkivet.dk",
                "https://netarkivet.dk/"));

    assertThat(sorted.domains())
        .containsExactly(DomainName.of("kb.dk"), DomainName.of("netarkivet.dk"));
    assertThat(sorted.allAccepted()).isFalse();
    assertThat(sorted.refused()).extracting(RefusedSeed::lineNumber).containsExactly(2, 3, 4, 5);
    assertThat(sorted.refused().get(0))
        .isEqualTo(
            new RefusedSeed(
                2,
                "ftp://kb.dk/files",
                "Seed 'ftp://kb.dk/files' in line 2 is not an http(s) URL"));
    assertThat(sorted.refused().get(1).reason())
        .startsWith("its host has no valid domain: it is a public suffix");
    assertThat(sorted.refused().get(2).reason())
        .isEqualTo(
            "its host has no valid domain: it does not end in a known public suffix (top-level"
                + " domain)");
    assertThat(sorted.refused().get(3).reason()).contains("is not an http(s) URL");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Election 2026 | Election 2026",
        "Election: 2026/Parliament | Election_ 2026_Parliament",
        "#1 Covid-19 | 1 Covid-19",
        "*** | harvest",
        "Valg.2026_DK | Valg.2026_DK",
        "Kommunalvalg i København | Kommunalvalg i København",
      })
  void givenAHarvestName_whenNamingItsConfigurations_thenAValidConfigurationName(
      String harvestName, String expected) {
    String name = SeedsByDomain.configurationName(harvestName);

    assertThat(name).isEqualTo(expected);
    Domain domain =
        Domain.create(DomainName.of("kb.dk"), 1L, CrawlSettings.defaults(), Instant.EPOCH);
    domain.addSeedList(name, List.of("http://www.kb.dk/"), null);
    assertThat(domain.addConfiguration(name, 1L, CrawlSettings.defaults()).name()).isEqualTo(name);
  }

  @Test
  void givenAnInvalidHarvestName_whenNamingItsConfigurations_thenRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> SeedsByDomain.configurationName(" "));
  }
}
