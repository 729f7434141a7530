package org.netarchive.ee.scheduler.application.harvest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.channel.InMemoryChannelRepository;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestConfigurationView;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.RefusedSeedView;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.SeedsAdded;
import org.netarchive.ee.scheduler.application.schedule.InMemoryScheduleRepository;
import org.netarchive.ee.scheduler.application.template.DefaultTemplate;
import org.netarchive.ee.scheduler.application.template.InMemoryTemplateRepository;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotLimits;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;

class HarvestServiceTest {

  /** A Friday morning. */
  private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");

  private final InMemoryDomainRepository domains = new InMemoryDomainRepository();
  private final InMemoryHarvestRepository harvests = new InMemoryHarvestRepository(domains);
  private final InMemoryChannelRepository channels = new InMemoryChannelRepository();
  private final InMemoryScheduleRepository schedules = new InMemoryScheduleRepository();
  private final InMemoryTemplateRepository templates = new InMemoryTemplateRepository();
  private final HarvestService service =
      new HarvestService(
          harvests,
          channels,
          schedules,
          domains,
          templates,
          new InMemoryHarvestSeedRows(domains, harvests),
          Clock.fixed(NOW, ZoneOffset.UTC));

  private long defaultTemplateId;

  @BeforeEach
  void installDefaults() {
    HarvestTemplate template =
        new HarvestTemplate(
            DefaultTemplate.NAME, null, CrawlTemplate.defaultTemplate(), "system", NOW);
    templates.add(template);
    defaultTemplateId = template.id();
    schedules.add(Schedule.builder("Daily").every(1, FrequencyUnit.DAYS).at(2, 0).build());
  }

  private HarvestView election() {
    return service.createSelective(
        HarvestSettings.selective("Election 2026", null, null, "the vote", "researchers"));
  }

  /** The election harvest with a seed of kb.dk and the Daily schedule: ready to activate. */
  private void electionOfKbDkDaily() {
    HarvestView created = election();
    service.addSeeds("Election 2026", "http://www.kb.dk/", null, null, null);
    service.update(
        "Election 2026",
        created.version(),
        HarvestSettings.selective(null, null, "Daily", null, null));
  }

  private Domain existingDomain(String name) {
    Domain domain =
        Domain.create(DomainName.of(name), defaultTemplateId, CrawlSettings.defaults(), NOW);
    domains.add(domain);
    return domain;
  }

  private static String fieldOf(Runnable call) {
    return catchThrowableOfType(InvalidFieldException.class, call::run).field();
  }

  @Test
  void givenOnlyAName_whenCreatingSelective_thenInactiveOnTheDefaultSelectiveChannel() {
    HarvestView created = election();

    assertThat(created.kind()).isEqualTo(HarvestKind.SELECTIVE);
    assertThat(created.active()).isFalse();
    assertThat(created.channel()).isEqualTo(HarvestChannel.HIGH_PRIORITY);
    assertThat(created.schedule()).isNull();
    assertThat(created.configurationCount()).isZero();
    assertThat(created.configurations().items()).isEmpty();
    assertThat(created.comments()).isEqualTo("the vote");
    assertThat(created.audience()).isEqualTo("researchers");
    assertThat(created.maxBytesPerDomain()).isNull();
  }

  @Test
  void givenBadReferencesOrFieldsOfTheOtherKind_whenCreatingSelective_thenEachNamesItsField() {
    election();

    assertThat(
            fieldOf(
                () ->
                    service.createSelective(
                        HarvestSettings.selective("Election 2026", null, null, null, null))))
        .isEqualTo("name");
    assertThat(
            fieldOf(
                () ->
                    service.createSelective(
                        HarvestSettings.selective("A", "LOWPRIORITY", null, null, null))))
        .isEqualTo("channel");
    assertThat(
            fieldOf(
                () ->
                    service.createSelective(
                        HarvestSettings.selective("A", "NOSUCH", null, null, null))))
        .isEqualTo("channel");
    assertThat(
            fieldOf(
                () ->
                    service.createSelective(
                        HarvestSettings.selective("A", null, "Fortnightly", null, null))))
        .isEqualTo("schedule");
    assertThat(
            fieldOf(
                () ->
                    service.createSelective(
                        new HarvestSettings("A", null, null, null, null, 10L, null, null, null))))
        .isEqualTo("maxObjectsPerDomain");
    assertThat(
            fieldOf(
                () ->
                    service.createSelective(
                        HarvestSettings.selective("A", null, null, null, "x".repeat(101)))))
        .isEqualTo("audience");
    assertThat(harvests.findByName("A")).isEmpty();
  }

  @Test
  void givenSeedsOfNewAndKnownDomains_whenAdded_thenDomainsAndPerHarvestConfigurationsAreMade() {
    election();
    Domain kb = existingDomain("kb.dk");

    SeedsAdded added =
        service.addSeeds(
            "Election 2026",
            """
            # parties
            http://www.kb.dk/valg
            https://valg.example.dk/
            htp://broken
            https://valg.example.dk/kandidater
            http://www.kb.dk/valg
            """,
            null,
            null,
            50_000_000L);

    assertThat(added.configuration()).isEqualTo("Election 2026");
    assertThat(added.domainsCreated()).containsExactly("example.dk");
    assertThat(added.configurationsAdded()).containsExactly("kb.dk", "example.dk");
    assertThat(added.seedsAccepted()).isEqualTo(3);
    assertThat(added.seedsAdded()).isEqualTo(3);
    assertThat(added.refusedSeeds())
        .extracting(RefusedSeedView::line, RefusedSeedView::seed)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(4, "htp://broken"));
    assertThat(added.refusedSeeds().get(0).reason()).contains("not an http(s) URL");
    assertThat(added.harvest().configurations().items())
        .containsExactly(
            new HarvestConfigurationView("example.dk", "Election 2026"),
            new HarvestConfigurationView("kb.dk", "Election 2026"));

    Domain example = domains.findByName(DomainName.of("example.dk")).orElseThrow();
    assertThat(example.defaultConfiguration().name()).isEqualTo(Domain.DEFAULT_CONFIGURATION);
    DomainConfiguration configuration = example.findConfiguration("Election 2026").orElseThrow();
    assertThat(configuration.settings().maxBytes()).isEqualTo(50_000_000L);
    assertThat(configuration.templateId()).isEqualTo(defaultTemplateId);
    assertThat(configuration.seedLists())
        .singleElement()
        .isSameAs(example.findSeedList("Election 2026").orElseThrow());
    assertThat(example.findSeedList("Election 2026").orElseThrow().seeds())
        .containsExactly("https://valg.example.dk/", "https://valg.example.dk/kandidater");
    assertThat(kb.findSeedList("Election 2026").orElseThrow().seeds())
        .containsExactly("http://www.kb.dk/valg");
    assertThat(kb.defaultConfiguration().name()).isEqualTo(Domain.DEFAULT_CONFIGURATION);
  }

  @Test
  void givenSeedsAddedBefore_whenAddingMore_thenOnlyMissingSeedsAreAddedToTheSameConfiguration() {
    election();
    service.addSeeds("Election 2026", "http://www.kb.dk/valg", null, null, null);

    SeedsAdded again =
        service.addSeeds(
            "Election 2026", "http://www.kb.dk/valg\nhttp://www.kb.dk/debat", null, null, null);

    assertThat(again.domainsCreated()).isEmpty();
    assertThat(again.configurationsAdded()).isEmpty();
    assertThat(again.seedsAccepted()).isEqualTo(2);
    assertThat(again.seedsAdded()).isEqualTo(1);
    Domain kb = domains.findByName(DomainName.of("kb.dk")).orElseThrow();
    assertThat(kb.findSeedList("Election 2026").orElseThrow().seeds())
        .containsExactly("http://www.kb.dk/valg", "http://www.kb.dk/debat");
    assertThat(kb.configurations()).hasSize(2);
    assertThat(again.harvest().configurationCount()).isEqualTo(1);
  }

  @Test
  void givenAnInternationalisedHost_whenAddingSeeds_thenTheDomainIsCreatedInBothForms() {
    election();

    SeedsAdded added = service.addSeeds("Election 2026", "http://www.kø.dk/valg", null, null, null);

    String ascii = DomainName.of("kø.dk").ascii();
    assertThat(ascii).startsWith("xn--");
    assertThat(added.refusedSeeds()).isEmpty();
    assertThat(added.domainsCreated()).containsExactly(ascii);
    Domain domain = domains.findByName(DomainName.of("kø.dk")).orElseThrow();
    assertThat(domain.unicodeName()).isEqualTo("kø.dk");
    assertThat(domain.findSeedList("Election 2026").orElseThrow().seeds())
        .containsExactly("http://www." + ascii + "/valg");
  }

  @Test
  void givenADomainTheHarvestHasAnotherConfigurationOf_whenAddingSeeds_thenItsSeedsAreRefused() {
    election();
    Domain kb = existingDomain("kb.dk");
    service.addConfiguration("Election 2026", "kb.dk", null);

    SeedsAdded added =
        service.addSeeds(
            "Election 2026", "http://www.kb.dk/valg\nhttp://www.bbc.co.uk/", null, null, null);

    assertThat(added.configurationsAdded()).containsExactly("bbc.co.uk");
    assertThat(added.refusedDomains())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.domain()).isEqualTo("kb.dk");
              assertThat(r.seeds()).containsExactly("http://www.kb.dk/valg");
              assertThat(r.reason())
                  .contains("with its configuration 'defaultconfig'", "one configuration per");
            });
    assertThat(kb.findSeedList("Election 2026")).isEmpty();
    assertThat(kb.findConfiguration("Election 2026")).isEmpty();
  }

  @Test
  void givenARequestRate_whenAddingSeeds_thenTheConfigurationsMadeHaveIt() {
    election();

    service.addSeeds(
        service.seedTarget("Election 2026", null, null, null, 6000), "http://www.kb.dk/");

    DomainConfiguration made =
        domains
            .findByName(DomainName.of("kb.dk"))
            .orElseThrow()
            .findConfiguration("Election 2026")
            .orElseThrow();
    assertThat(made.settings().maxRequestRate()).isEqualTo(6000);
  }

  @Test
  void givenNoSeedsOrABadTemplateOrLimit_whenAddingSeeds_thenEachNamesItsField() {
    election();
    HarvestTemplate retired =
        new HarvestTemplate("retired", null, CrawlTemplate.defaultTemplate(), "system", NOW);
    retired.deactivate();
    templates.add(retired);

    assertThat(fieldOf(() -> service.addSeeds("Election 2026", "\n# none\n", null, null, null)))
        .isEqualTo("seeds");
    assertThat(
            fieldOf(() -> service.addSeeds("Election 2026", "http://kb.dk/", "nope", null, null)))
        .isEqualTo("template");
    assertThat(
            fieldOf(
                () -> service.addSeeds("Election 2026", "http://kb.dk/", "retired", null, null)))
        .isEqualTo("template");
    assertThat(fieldOf(() -> service.addSeeds("Election 2026", "http://kb.dk/", null, 0L, null)))
        .isEqualTo("maxObjects");
    assertThat(fieldOf(() -> service.seedTarget("Election 2026", null, null, null, 0)))
        .isEqualTo("maxRequestRate");
    assertThat(domains.count()).isZero();
  }

  @Test
  void givenASnapshotHarvest_whenAddingSeeds_thenRefused() {
    service.createSnapshot(
        HarvestSettings.snapshot("Snapshot 2026", null, null, null, null, null, null, null));

    assertThatIllegalArgumentException()
        .isThrownBy(() -> service.addSeeds("Snapshot 2026", "http://kb.dk/", null, null, null))
        .withMessageContaining("only selective harvests have seeds added");
  }

  @Test
  void givenAnEmptyHarvest_whenActivating_thenRefusedForItsConfigurationsThenItsSchedule() {
    election();

    InvalidFieldException noConfigurations =
        catchThrowableOfType(InvalidFieldException.class, () -> service.activate("Election 2026"));
    service.addSeeds("Election 2026", "http://www.kb.dk/", null, null, null);
    InvalidFieldException noSchedule =
        catchThrowableOfType(InvalidFieldException.class, () -> service.activate("Election 2026"));

    assertThat(noConfigurations.field()).isEqualTo("configurations");
    assertThat(noConfigurations).hasMessageContaining("has no domain configurations");
    assertThat(noSchedule.field()).isEqualTo("schedule");
    assertThat(noSchedule).hasMessageContaining("has no schedule");
    assertThat(service.get("Election 2026").active()).isFalse();
  }

  @Test
  void givenConfigurationsAndASchedule_whenActivating_thenActiveWithTheScheduleNextRun() {
    electionOfKbDkDaily();

    HarvestView active = service.activate("Election 2026");

    assertThat(active.active()).isTrue();
    assertThat(active.nextDate()).isEqualTo(Instant.parse("2026-05-02T02:00:00Z"));
    assertThat(service.deactivate("Election 2026").nextDate()).isNull();
  }

  @Test
  void givenAnActiveHarvest_whenRemovingItsSchedule_thenRefusedNamingTheSchedule() {
    electionOfKbDkDaily();
    service.activate("Election 2026");

    assertThat(
            fieldOf(
                () ->
                    service.update(
                        "Election 2026", 0, HarvestSettings.selective(null, null, "", null, null))))
        .isEqualTo("schedule");
  }

  @Test
  void givenAStaleVersion_whenUpdating_thenRefused() {
    election();

    assertThatExceptionOfType(StaleEditException.class)
        .isThrownBy(
            () ->
                service.update(
                    "Election 2026", 4, HarvestSettings.selective(null, null, null, "x", null)))
        .withMessageStartingWith("Harvest 'Election 2026' was changed by someone else");
  }

  @Test
  void givenAnUpdate_whenFieldsAreAbsentOrEmpty_thenAbsentOnesAreKeptAndEmptyOnesRemoved() {
    election();

    HarvestView changed =
        service.update(
            "Election 2026",
            0,
            new HarvestSettings(
                "Election 2026 (EU)", null, "", null, null, null, null, null, null));

    assertThat(changed.name()).isEqualTo("Election 2026 (EU)");
    assertThat(changed.comments()).isNull();
    assertThat(changed.audience()).isEqualTo("researchers");
    assertThat(harvests.findByName("Election 2026")).isEmpty();
  }

  @Test
  void givenLimitsAndAnEarlierSnapshot_whenCreatingSnapshot_thenKeptAndTheRestDefaulted() {
    service.createSnapshot(
        HarvestSettings.snapshot("Snapshot 2025", null, null, null, null, null, null, null));

    HarvestView created =
        service.createSnapshot(
            HarvestSettings.snapshot(
                "Snapshot 2026", null, null, null, 10_000L, null, 86_400L, "Snapshot 2025"));

    assertThat(created.kind()).isEqualTo(HarvestKind.SNAPSHOT);
    assertThat(created.channel()).isEqualTo(HarvestChannel.LOW_PRIORITY);
    assertThat(created.maxObjectsPerDomain()).isEqualTo(10_000L);
    assertThat(created.maxBytesPerDomain())
        .isEqualTo(SnapshotLimits.defaults().maxBytesPerDomain());
    assertThat(created.maxJobRunningSeconds()).isEqualTo(86_400L);
    assertThat(created.continueFrom()).isEqualTo("Snapshot 2025");
    assertThat(created.configurations()).isNull();
    assertThat(created.schedule()).isNull();
  }

  @Test
  void givenBadLimitsOrReferences_whenCreatingSnapshot_thenEachNamesItsField() {
    election();

    assertThat(fieldOf(() -> service.createSnapshot(snapshot(0L, null, null, null))))
        .isEqualTo("maxObjectsPerDomain");
    assertThat(fieldOf(() -> service.createSnapshot(snapshot(null, -2L, null, null))))
        .isEqualTo("maxBytesPerDomain");
    assertThat(fieldOf(() -> service.createSnapshot(snapshot(null, null, -1L, null))))
        .isEqualTo("maxJobRunningSeconds");
    assertThat(fieldOf(() -> service.createSnapshot(snapshot(null, null, null, "Election 2026"))))
        .isEqualTo("continueFrom");
    assertThat(fieldOf(() -> service.createSnapshot(snapshot(null, null, null, "nothing"))))
        .isEqualTo("continueFrom");
    assertThat(
            fieldOf(
                () ->
                    service.createSnapshot(
                        new HarvestSettings(
                            "S", null, null, null, "Daily", null, null, null, null))))
        .isEqualTo("schedule");
    assertThat(
            fieldOf(
                () ->
                    service.createSnapshot(
                        HarvestSettings.snapshot(
                            "S", "HIGHPRIORITY", null, null, null, null, null, null))))
        .isEqualTo("channel");
  }

  private static HarvestSettings snapshot(
      Long maxObjects, Long maxBytes, Long seconds, String continueFrom) {
    return HarvestSettings.snapshot(
        "S", null, null, null, maxObjects, maxBytes, seconds, continueFrom);
  }

  @Test
  void givenBothKinds_whenListingByKindAndGlob_thenOnlyMatchesWithConfigurationCounts() {
    election();
    service.addSeeds("Election 2026", "http://www.kb.dk/\nhttp://www.bbc.co.uk/", null, null, null);
    service.createSnapshot(
        HarvestSettings.snapshot("Election snapshot", null, null, null, null, null, null, null));

    assertThat(service.list(null, "elect*", 0, 10).items())
        .extracting(HarvestView::name)
        .containsExactly("Election 2026", "Election snapshot");
    List<HarvestView> selective = service.list(HarvestKind.SELECTIVE, "elect*", 0, 10).items();
    assertThat(selective).extracting(HarvestView::name).containsExactly("Election 2026");
    assertThat(selective.get(0).configurationCount()).isEqualTo(2);
    assertThat(selective.get(0).configurations()).isNull();
  }

  @Test
  void givenADomainConfiguration_whenAddedByName_thenHarvestedAndUnknownOnesNamed() {
    election();
    existingDomain("kb.dk");

    HarvestView harvest = service.addConfiguration("Election 2026", "KB.DK", "defaultconfig");

    assertThat(harvest.configurations().items())
        .containsExactly(new HarvestConfigurationView("kb.dk", "defaultconfig"));
    assertThat(fieldOf(() -> service.addConfiguration("Election 2026", "nope.dk", null)))
        .isEqualTo("domain");
    assertThat(fieldOf(() -> service.addConfiguration("Election 2026", "kb.dk", "deep")))
        .isEqualTo("configuration");
  }
}
